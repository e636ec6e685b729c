"""What the catalog publishes of MLEM (GetGameContent): every track layout the engine loaded,
the host's own among them, built field by field."""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.games.mlem.v1 import mlem_pb2

SPACE_KINDS = {"earth": mlem_pb2.SPACE_KIND_EARTH, "empty": mlem_pb2.SPACE_KIND_EMPTY,
               "moon": mlem_pb2.SPACE_KIND_MOON, "planet": mlem_pb2.SPACE_KIND_PLANET,
               "deep_space": mlem_pb2.SPACE_KIND_DEEP_SPACE}


def mlem_content(game: Game) -> mlem_pb2.Content:
    return mlem_pb2.Content(layouts=[mlem_layout(layout) for _, layout in
                                     sorted(game.layouts.items())])


def mlem_layout(layout) -> mlem_pb2.Layout:
    spaces = []
    for s in layout.spaces:
        space = mlem_pb2.LayoutSpace(index=s.index, kind=SPACE_KINDS[s.kind],
                                     faces=sorted(s.faces), booster=s.booster, moons=s.moons)
        if s.planet >= 0:
            space.planet = s.planet
        spaces.append(space)
    return mlem_pb2.Layout(
        name=layout.name, description=layout.description, dice=layout.dice,
        failure_end=layout.failure_end, landing_from=layout.landing_from,
        satellite_space=layout.satellite_space, objective_points=layout.objective_points,
        comet_points=layout.comet_points, galaxy_points=layout.galaxy_points, spaces=spaces,
        moons=[mlem_pb2.LayoutMoon(number=m.number, points=m.points) for m in layout.moons],
        planets=[mlem_pb2.LayoutPlanet(name=p.name, values=p.values) for p in layout.planets])
