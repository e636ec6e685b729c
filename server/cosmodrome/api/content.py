"""Each game's static content as the catalog publishes it (CatalogService.GetGameContent).

Built once, field by field, from the data the game loaded (Cosmic's cards.json and power modules,
MLEM's layouts with the host's own), so a client learns what an id means without the
server's packages. A game with no entry here has no content: its GameContent is empty.
"""

from __future__ import annotations

from collections.abc import Callable

from cosmodrome.core.engine import Game
from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.games.crafting.v1 import crafting_pb2
from cosmodrome.games.mlem.v1 import mlem_pb2
from cosmodrome.v1 import games_pb2

CARD_KINDS = {"attack": cosmic_pb2.CardInfo.KIND_ATTACK,
              "compromise": cosmic_pb2.CardInfo.KIND_COMPROMISE,
              "edict": cosmic_pb2.CardInfo.KIND_EDICT,
              "extension": cosmic_pb2.CardInfo.KIND_EXTENSION,
              "flare": cosmic_pb2.CardInfo.KIND_FLARE}
SPACE_KINDS = {"earth": mlem_pb2.SPACE_KIND_EARTH, "empty": mlem_pb2.SPACE_KIND_EMPTY,
               "moon": mlem_pb2.SPACE_KIND_MOON, "planet": mlem_pb2.SPACE_KIND_PLANET,
               "deep_space": mlem_pb2.SPACE_KIND_DEEP_SPACE}


def cosmic_content(game: Game) -> cosmic_pb2.Content:
    from cosmodrome.games.cosmic import content_000
    from cosmodrome.games.cosmic.content import CARDS
    from cosmodrome.games.cosmic.pieces import moons_with
    from cosmodrome.games.cosmic.powers import POWERS

    must_hold = moons_with("winner_must_hold")
    return cosmic_pb2.Content(
        cards=[cosmic_pb2.CardInfo(id=c.id, kind=CARD_KINDS[c.kind], value=c.value,
                                   edict=c.edict, power=c.power) for c in CARDS],
        powers=[cosmic_pb2.PowerInfo(id=pid, name=p.name, english=p.en,
                                     mandatory=p.mandatory) for pid, p in enumerate(POWERS)],
        moons=[cosmic_pb2.MoonInfo(number=m.number, name=m.name, beneficial=m.beneficial,
                                   english=m.en, winner_must_hold=m.number in must_hold)
               for m in content_000.MOONS])


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


def crafting_content(game: Game) -> crafting_pb2.Content:
    return crafting_pb2.Content(packs=[crafting_pack(pack) for _, pack in
                                       sorted(game.contents.items())])


def crafting_pack(pack) -> crafting_pb2.ContentPack:
    return crafting_pb2.ContentPack(
        name=pack.name, description=pack.description,
        tiles=[crafting_pb2.TileInfo(id=t.id, size=t.size, points=t.points,
                                     requires=t.requires) for t in pack.tiles],
        powers=[crafting_pb2.PowerInfo(id=p.id, name=p.name, type=p.type, cost=p.cost)
                for p in pack.powers],
        objectives=[crafting_pb2.ObjectiveInfo(id=i, criterion=c)
                    for i, c in enumerate(pack.objectives)])


# One line per game with static content: its field in GameContent and how to build it.
BUILDERS: dict[str, Callable[[Game], object]] = {
    "cosmic": cosmic_content,
    "mlem": mlem_content,
    "crafting": crafting_content,
}


def game_content(game: Game) -> games_pb2.GameContent:
    build = BUILDERS.get(game.name)
    return games_pb2.GameContent(**{game.name: build(game)}) if build else \
        games_pb2.GameContent()
