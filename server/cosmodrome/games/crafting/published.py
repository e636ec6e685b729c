"""What the catalog publishes of Crafting the Cosmos (GetGameContent): every content pack the
engine loaded, built field by field: tiles, powers (their effect as data and as a sentence),
objectives (their text and the region or element they count) and the board geometry.

The geometry is the engine's own (content.Geometry, built once from the pack's cells and used
by board.py's rules): a frontend draws the board and names its spaces from it, never from a
copy of its own.
"""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.games.crafting import objectives
from cosmodrome.games.crafting.content import CORNERS, Content, Power
from cosmodrome.games.crafting.objectives import STAR_CRITERIA
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

CONTROL_WORDS = {pb.CONTROL_LIGHT: "Light", pb.CONTROL_TIME: "Time",
                 pb.CONTROL_GRAVITY: "Gravity", pb.CONTROL_CHEMISTRY: "Chemistry"}
# A power's gain in words, singular and plural.
GAIN_WORDS = {pb.GAIN_STAR_H: ("H star", "H stars"), pb.GAIN_STAR_O: ("O star", "O stars"),
              pb.GAIN_STAR_HE: ("He star", "He stars"), pb.GAIN_STAR_C: ("C star", "C stars"),
              pb.GAIN_SUPERNOVA: ("supernova", "supernovae"), pb.GAIN_DNA: ("DNA", "DNA"),
              pb.GAIN_GRAVITON: ("graviton", "gravitons"),
              pb.GAIN_CRYSTAL: ("time-crystal advance", "time-crystal advances"),
              pb.GAIN_PROTO_LIFE: ("proto-life", "proto-lives"),
              pb.GAIN_POINTS: ("point", "points")}


def crafting_content(game: Game) -> pb.Content:
    return pb.Content(packs=[crafting_pack(pack) for _, pack in sorted(game.contents.items())])


def crafting_pack(pack: Content) -> pb.ContentPack:
    return pb.ContentPack(
        name=pack.name, description=pack.description,
        tiles=[pb.TileInfo(id=t.id, size=t.size, points=t.points, requires=t.requires)
               for t in pack.tiles],
        powers=[power_info(p) for p in pack.powers],
        objectives=[objective_info(i, c, pack) for i, c in enumerate(pack.objectives)],
        board=board_geometry(pack), energy_deck=pack.energy_split)


def power_info(p: Power) -> pb.PowerInfo:
    return pb.PowerInfo(id=p.id, name=p.name, type=p.type, cost=p.cost,
                        effect=[pb.Amount(gain=g, count=n) for g, n in p.gain],
                        text=power_text(p))


def power_text(p: Power) -> str:
    gains = [f"{n} {GAIN_WORDS[g][n != 1]}" for g, n in p.gain]
    listed = gains[0] if len(gains) == 1 else ", ".join(gains[:-1]) + " and " + gains[-1]
    return f"Pay {p.cost} {CONTROL_WORDS[p.type]} energy cards: gain {listed}."


def objective_info(i: int, criterion: str, pack: Content) -> pb.ObjectiveInfo:
    return pb.ObjectiveInfo(id=i, criterion=criterion, text=objectives.text(criterion, pack),
                            region=objectives.region_of(criterion, pack),
                            element=STAR_CRITERIA.get(criterion, pb.ELEMENT_UNSPECIFIED))


def board_geometry(pack: Content) -> pb.BoardGeometry:
    g = pack.geometry
    stars = [pb.StarSpace(index=v, cells=g.star_cells[v], neighbours=g.star_links[v])
             for v in range(g.star_count)]
    lives = [pb.LifeSpace(index=e, cells=g.life_cells[e], neighbours=g.life_links[e])
             for e in range(g.life_count)]
    cells = []
    for c, (q, r) in enumerate(g.cells):
        for i, (v, e) in enumerate(zip(g.corners[c], g.sides[c], strict=True)):
            # corner i sits at the cell's centre plus CORNERS[i], as build_geometry placed it
            stars[v].x, stars[v].y = 2 * q + r + CORNERS[i][0], 3 * r + CORNERS[i][1]
            if not lives[e].ends:  # side i joins corners i and i + 1
                lives[e].ends.extend([v, g.corners[c][(i + 1) % 6]])
        neighbours = sorted({n for e in g.sides[c] for n in g.life_cells[e] if n != c})
        cells.append(pb.NebulaSpace(index=c, q=q, r=r, corners=g.corners[c], sides=g.sides[c],
                                    neighbours=neighbours))
    regions = [pb.Region(name=name, cells=_region_cells(pack, stars_in), stars=sorted(stars_in))
               for name, stars_in in sorted(pack.regions.items())]
    return pb.BoardGeometry(cells=cells, stars=stars, lives=lives, center_star=pack.center_star,
                            life_start=pack.life_start, start_nebulae=pack.start_nebulae,
                            regions=regions, charge_at=pack.charge_at)


def _region_cells(pack: Content, stars_in: frozenset[int]) -> list[int]:
    """The cells lying wholly in the region: every corner counted (the engine keeps the
    region's star spaces only)."""
    return [c for c, corners in enumerate(pack.geometry.corners) if set(corners) <= stars_in]

