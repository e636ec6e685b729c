"""Crafting the Cosmos content as data: the seed's fixed numbers, and a loader for the content
packs that hold everything the seed does not give (board geometry, the 48 nebula tiles, the 32
power cards, the 16 objectives, the energy-card split).

Seed numbers (SEED below) are the engine's own, quoted from shared/seeds/004. Content packs are
JSON files (content/*.json, and a host's own: Crafting(extra_content=[...]) or the
COSMODROME_CRAFTING_CONTENT environment variable, files or folders separated like PATH). The
packaged pack, "provisional", is our invention wherever the seed is silent
(docs/rules/crafting.md, provisional table); a host with the printed game replaces it.

Schema (every key required, no other key allowed; errors name the file and the key):
    name: str (unique), description: str
    board: {cells: [[q, r], ...]         nebula spaces, axial hex coordinates, >= 4, distinct;
                                          star spaces are their corners, life spaces their sides
                                          (shared between neighbouring cells)
            center_star: {cell, corner}  the central star space (corner 0-5 of a cell)
            life_start: {cell, side}     the white life start space (side 0-5; side i joins
                                          corners i and i+1)
            start_nebulae: [c1, c2, c3]  the spaces of the starting tiles of size 1, 2, 3
            regions: {name: [cells]}     board regions objectives may count stars in
            charge_at: int >= 1}         the time-chamber case that charges a crystal
    energy_deck: {light, time, gravity, chemistry: int >= 0}, summing to 60
    nebulae: 48 x {id (= index), size 1-3, points >= 0, requires: 6 x (element | null)}
             with at least one requirement; elements "H", "O", "He", "C"
    powers: 32 x {id (= index), type (a control), name, cost >= 1 (identical energy cards of
             its type per activation), gain: {resource: n >= 1}}, 8 per type; resources:
             star_H, star_O, star_He, star_C, supernova, dna, graviton, crystal, proto_life,
             points
    objectives: 16 x {id (= index), count: a criterion (CRITERIA, or "stars_<region>")}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from cosmodrome.games.datapacks import DataPacks

CONTENT_DIR = Path(__file__).with_name("content")
DEFAULT_CONTENT = "provisional"
HOST_CONTENT_ENV = "COSMODROME_CRAFTING_CONTENT"

CONTROLS = (pb.CONTROL_LIGHT, pb.CONTROL_TIME, pb.CONTROL_GRAVITY, pb.CONTROL_CHEMISTRY)
CONTROL_NAMES = {"light": pb.CONTROL_LIGHT, "time": pb.CONTROL_TIME,
                 "gravity": pb.CONTROL_GRAVITY, "chemistry": pb.CONTROL_CHEMISTRY}
ELEMENTS = (pb.ELEMENT_H, pb.ELEMENT_O, pb.ELEMENT_HE, pb.ELEMENT_C)
ELEMENT_NAMES = {"H": pb.ELEMENT_H, "O": pb.ELEMENT_O, "He": pb.ELEMENT_HE, "C": pb.ELEMENT_C}
GAIN_NAMES = {"star_H": pb.GAIN_STAR_H, "star_O": pb.GAIN_STAR_O, "star_He": pb.GAIN_STAR_HE,
              "star_C": pb.GAIN_STAR_C, "supernova": pb.GAIN_SUPERNOVA, "dna": pb.GAIN_DNA,
              "graviton": pb.GAIN_GRAVITON, "crystal": pb.GAIN_CRYSTAL,
              "proto_life": pb.GAIN_PROTO_LIFE, "points": pb.GAIN_POINTS}
CRITERIA = ("stars_H", "stars_O", "stars_He", "stars_C", "supernovae", "proto_life",
            "stable_life", "life", "completed_nebulae", "large_nebulae", "advanced_life",
            "power_cards", "energy_cards", "discharged_crystals")


class Seed:
    """Numbers the seed prints (shared/seeds/004); the engine's own, not a host's."""

    # "2 joueurs : 6 cristaux / 3 joueurs : 9 cristaux / 4 joueurs : 11 cristaux"
    crystals = {2: 6, 3: 9, 4: 11}
    # "des jetons énergie sombres (4 pour 2 joueurs, 3 pour 3 ou 4 joueurs)"
    dark_tokens = {2: 4, 3: 3, 4: 3}
    objectives_in_game = 6            # "pioche 6 cartes face cachée"
    objective_spaces = 4              # "le bas de la piste (4e espace)"
    objective_points = (6, 3)         # "1re place : 6 points", "2e place : 3 points"
    energy_cards = 60
    display = 4                       # "révèle 4 cartes face visible"
    start_hand = 4                    # "Pioche 4 cartes énergie en main"
    hand_limit = 10
    control_capacity = 3              # "Chaque contrôle peut contenir maximum 3 jetons"
    energy_shifts = 3                 # "un total de 3 déplacements"
    discharge_points = (3, 6, 10, 15, 21)  # "6e et + : 0 point"
    power_slot_costs = (2, 3, 3, 4)
    trade_cards, trade_points = 5, 6  # "Échanger 5 cartes identiques contre 6 points"
    # "Groupe 1 ... : 4 jetons à 8 pts, 3 jetons à 7 pts, 1 jeton à 6 pts"
    advanced_group1 = (8, 8, 8, 8, 7, 7, 7, 6)
    # "Groupe 2 ... : 2 jetons à 7 pts, 5 à 6 pts, 5 à 5 pts, 4 à 4 pts"
    advanced_group2 = (7, 7, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4)
    group1_per_player = 2
    nebulae, powers, objectives = 48, 32, 16


SEED = Seed()

# Rewards of the four controls ("Détail des 4 contrôles").
ACTIVE = {
    pb.CONTROL_LIGHT: (pb.GAIN_STAR_H,) * 3,                                   # 3 étoiles H
    pb.CONTROL_TIME: (pb.GAIN_STAR_O, pb.GAIN_DNA, pb.GAIN_DNA),               # 1 O + 2 ADN
    pb.CONTROL_GRAVITY: (pb.GAIN_STAR_HE, pb.GAIN_STAR_HE, pb.GAIN_SUPERNOVA),  # 2 He + 1 sup.
    pb.CONTROL_CHEMISTRY: (pb.GAIN_STAR_C, pb.GAIN_NEBULA),                    # 1 C + 1 tuile
}
PASSIVE = {pb.CONTROL_LIGHT: pb.GAIN_ENERGY_CARD, pb.CONTROL_TIME: pb.GAIN_CRYSTAL,
           pb.CONTROL_GRAVITY: pb.GAIN_GRAVITON, pb.CONTROL_CHEMISTRY: pb.GAIN_PROTO_LIFE}
STAR_GAINS = {pb.GAIN_STAR_H: pb.ELEMENT_H, pb.GAIN_STAR_O: pb.ELEMENT_O,
              pb.GAIN_STAR_HE: pb.ELEMENT_HE, pb.GAIN_STAR_C: pb.ELEMENT_C}

# Pointy-top hex corners in integer coordinates: a cell (q, r) is centred on (2q + r, 3r).
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


class ContentError(ValueError):
    """A content pack that does not match the schema; the message names the key."""


@dataclass(frozen=True)
class Tile:
    id: int
    size: int
    points: int
    requires: tuple[int, ...]  # per corner: an Element, or 0 for no requirement


@dataclass(frozen=True)
class Power:
    id: int
    type: int                  # Control
    name: str
    cost: int
    gain: tuple[tuple[int, int], ...]  # (Gain, n)


@dataclass(frozen=True)
class Geometry:
    """The board's spaces and who touches whom, derived from the cells."""

    cells: tuple[tuple[int, int], ...]
    corners: tuple[tuple[int, ...], ...]      # cell -> its 6 star spaces
    sides: tuple[tuple[int, ...], ...]        # cell -> its 6 life spaces
    star_count: int
    life_count: int
    star_cells: tuple[tuple[int, ...], ...]   # star space -> cells it is a corner of
    life_cells: tuple[tuple[int, ...], ...]   # life space -> cells it is a side of
    star_links: tuple[tuple[int, ...], ...]   # star space -> star spaces one side away
    life_links: tuple[tuple[int, ...], ...]   # life space -> life spaces sharing a corner
    connected: bool                           # every star space reaches every other one,
                                              # and every life space every other one


@dataclass(frozen=True)
class Content:
    name: str
    description: str
    geometry: Geometry
    center_star: int
    life_start: int
    start_nebulae: tuple[int, int, int]
    regions: dict[str, frozenset[int]]        # region -> its star spaces
    charge_at: int
    energy_split: tuple[int, int, int, int]   # per Control - 1
    tiles: tuple[Tile, ...]
    powers: tuple[Power, ...]
    objectives: tuple[str, ...]               # criterion per objective id


def build_geometry(cells: list[tuple[int, int]]) -> Geometry:
    points: dict[tuple[int, int], int] = {}
    edges: dict[frozenset, int] = {}
    corners, sides = [], []
    for q, r in cells:
        x, y = 2 * q + r, 3 * r
        mine = [points.setdefault((x + dx, y + dy), len(points)) for dx, dy in CORNERS]
        corners.append(tuple(mine))
        sides.append(tuple(edges.setdefault(frozenset((mine[i], mine[(i + 1) % 6])), len(edges))
                           for i in range(6)))
    star_cells = [[] for _ in points]
    life_cells = [[] for _ in edges]
    for c, (cs, ss) in enumerate(zip(corners, sides, strict=True)):
        for v in cs:
            star_cells[v].append(c)
        for e in ss:
            life_cells[e].append(c)
    star_links: list[set[int]] = [set() for _ in points]
    ends: list[set[int]] = [set() for _ in points]  # star space -> life spaces touching it
    for pair, e in edges.items():
        a, b = tuple(pair)
        star_links[a].add(b)
        star_links[b].add(a)
        ends[a].add(e)
        ends[b].add(e)
    life_links: list[set[int]] = [set() for _ in edges]
    for touching in ends:
        for e in touching:
            life_links[e] |= touching - {e}
    star_links_t = tuple(tuple(sorted(s)) for s in star_links)
    life_links_t = tuple(tuple(sorted(s)) for s in life_links)
    return Geometry(tuple(cells), tuple(corners), tuple(sides), len(points), len(edges),
                    tuple(map(tuple, star_cells)), tuple(map(tuple, life_cells)),
                    star_links_t, life_links_t,
                    _connected(star_links_t) and _connected(life_links_t))


def _connected(links: tuple[tuple[int, ...], ...]) -> bool:
    seen, frontier = {0}, [0]
    while frontier:
        for n in links[frontier.pop()]:
            if n not in seen:
                seen.add(n)
                frontier.append(n)
    return len(seen) == len(links)


# ------------------------------------------------------------------------------ validation

def _only(obj: object, keys: set[str], where: str) -> dict:
    if not isinstance(obj, dict):
        raise ContentError(f"{where}: expected an object")
    unknown = sorted(str(k) for k in obj if k not in keys)
    if unknown:
        raise ContentError(f"{where}: unknown key {unknown[0]!r} (allowed: "
                           f"{', '.join(sorted(keys))})")
    missing = sorted(k for k in keys if k not in obj)
    if missing:
        raise ContentError(f"{where}: missing key {missing[0]!r}")
    return obj


def _int(value: object, where: str, low: int = 0, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ContentError(f"{where}: expected an integer")
    if value < low or (high is not None and value > high):
        raise ContentError(f"{where}: must be between {low} and {high}" if high is not None
                           else f"{where}: must be >= {low}")
    return value


def _str(value: object, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise ContentError(f"{where}: expected a non-empty string")
    return value


def _list(value: object, where: str, length: int | None = None) -> list:
    if not isinstance(value, list):
        raise ContentError(f"{where}: expected a list")
    if length is not None and len(value) != length:
        raise ContentError(f"{where}: expected {length} entries, not {len(value)}")
    return value


def _board(data: object) -> tuple:
    b = _only(data, {"cells", "center_star", "life_start", "start_nebulae", "regions",
                     "charge_at"}, "board")
    cells = []
    for i, cell in enumerate(_list(b["cells"], "board.cells")):
        pair = _list(cell, f"board.cells[{i}]", 2)
        cells.append((_int(pair[0], f"board.cells[{i}][0]", -99),
                      _int(pair[1], f"board.cells[{i}][1]", -99)))
    if len(cells) < 4:
        raise ContentError("board.cells: at least 4 nebula spaces")
    if len(set(cells)) != len(cells):
        raise ContentError("board.cells: each cell once")
    geometry = build_geometry(cells)
    n = len(cells)
    star = _only(b["center_star"], {"cell", "corner"}, "board.center_star")
    center = geometry.corners[_int(star["cell"], "board.center_star.cell", 0, n - 1)][
        _int(star["corner"], "board.center_star.corner", 0, 5)]
    life = _only(b["life_start"], {"cell", "side"}, "board.life_start")
    start = geometry.sides[_int(life["cell"], "board.life_start.cell", 0, n - 1)][
        _int(life["side"], "board.life_start.side", 0, 5)]
    starts = tuple(_int(c, f"board.start_nebulae[{i}]", 0, n - 1)
                   for i, c in enumerate(_list(b["start_nebulae"], "board.start_nebulae", 3)))
    if len(set(starts)) != 3:
        raise ContentError("board.start_nebulae: three different cells")
    regions = {}
    if not isinstance(b["regions"], dict):
        raise ContentError("board.regions: expected an object")
    for name, members in b["regions"].items():
        where = f"board.regions.{name}"
        spaces = {v for c in _list(members, where)
                  for v in geometry.corners[_int(c, where, 0, n - 1)]}
        regions[_str(name, where)] = frozenset(spaces)
    return geometry, center, start, starts, regions, _int(b["charge_at"], "board.charge_at", 1)


def _tiles(data: object) -> tuple[Tile, ...]:
    tiles = []
    for i, t in enumerate(_list(data, "nebulae", SEED.nebulae)):
        where = f"nebulae[{i}]"
        _only(t, {"id", "size", "points", "requires"}, where)
        if _int(t["id"], f"{where}.id") != i:
            raise ContentError(f"{where}.id: must be {i}")
        requires = []
        for k, e in enumerate(_list(t["requires"], f"{where}.requires", 6)):
            if e is not None and e not in ELEMENT_NAMES:
                raise ContentError(f"{where}.requires[{k}]: an element (H, O, He, C) or null")
            requires.append(ELEMENT_NAMES[e] if e is not None else 0)
        if not any(requires):
            raise ContentError(f"{where}.requires: at least one element")
        tiles.append(Tile(i, _int(t["size"], f"{where}.size", 1, 3),
                          _int(t["points"], f"{where}.points"), tuple(requires)))
    for size in (1, 2, 3):
        if not any(t.size == size for t in tiles):
            raise ContentError(f"nebulae: no tile of size {size}")
    return tuple(tiles)


def _powers(data: object) -> tuple[Power, ...]:
    powers = []
    for i, p in enumerate(_list(data, "powers", SEED.powers)):
        where = f"powers[{i}]"
        _only(p, {"id", "type", "name", "cost", "gain"}, where)
        if _int(p["id"], f"{where}.id") != i:
            raise ContentError(f"{where}.id: must be {i}")
        if p["type"] not in CONTROL_NAMES:
            raise ContentError(f"{where}.type: one of {', '.join(CONTROL_NAMES)}")
        if not isinstance(p["gain"], dict) or not p["gain"]:
            raise ContentError(f"{where}.gain: a non-empty object")
        gain = []
        for key, n in p["gain"].items():
            if key not in GAIN_NAMES:
                raise ContentError(f"{where}.gain.{key}: unknown resource (allowed: "
                                   f"{', '.join(GAIN_NAMES)})")
            gain.append((GAIN_NAMES[key], _int(n, f"{where}.gain.{key}", 1)))
        powers.append(Power(i, CONTROL_NAMES[p["type"]], _str(p["name"], f"{where}.name"),
                            _int(p["cost"], f"{where}.cost", 1), tuple(gain)))
    for name, control in CONTROL_NAMES.items():
        if sum(p.type == control for p in powers) != SEED.powers // 4:
            raise ContentError(f"powers: {SEED.powers // 4} cards of type {name}")
    return tuple(powers)


def parse_content(data: object) -> Content:
    """Validate decoded JSON against the schema (raises ContentError naming the key)."""
    _only(data, {"name", "description", "board", "energy_deck", "nebulae", "powers",
                 "objectives"}, "content")
    geometry, center, start, starts, regions, charge_at = _board(data["board"])
    split = _only(data["energy_deck"], set(CONTROL_NAMES), "energy_deck")
    energy = tuple(_int(split[name], f"energy_deck.{name}") for name in CONTROL_NAMES)
    if sum(energy) != SEED.energy_cards:
        raise ContentError(f"energy_deck: the types must sum to {SEED.energy_cards} "
                           "(\"Mélange les 60 cartes énergie\")")
    objectives = []
    for i, o in enumerate(_list(data["objectives"], "objectives", SEED.objectives)):
        where = f"objectives[{i}]"
        _only(o, {"id", "count"}, where)
        if _int(o["id"], f"{where}.id") != i:
            raise ContentError(f"{where}.id: must be {i}")
        count = _str(o["count"], f"{where}.count")
        if count not in CRITERIA and count.removeprefix("stars_") not in regions:
            raise ContentError(f"{where}.count: unknown criterion {count!r} (allowed: "
                               f"{', '.join(CRITERIA)}, or stars_<region>)")
        objectives.append(count)
    return Content(_str(data["name"], "content.name"),
                   _str(data["description"], "content.description"), geometry, center, start,
                   starts, regions, charge_at, energy, _tiles(data["nebulae"]),
                   _powers(data["powers"]), tuple(objectives))


PACKS = DataPacks("content", CONTENT_DIR, HOST_CONTENT_ENV, parse_content, ContentError,
                  chosen_by="Options.content")
load_content = PACKS.load               # one file; every error starts with the file
host_content_paths = PACKS.host_paths   # the files HOST_CONTENT_ENV names
load_contents = PACKS.load_all          # packaged + extra, by name
