"""The MLEM track as data: load a layout JSON file and validate it against the schema below.

The seed names no board numbers, so every layout value is data (see docs/rules/mlem.md for the
provisional one shipped in layouts/provisional.json). A host may load other files.

Schema (every key required unless marked optional):
    name: str                      unique layout name (Options.layout picks it)
    description: str
    dice: int >= 1                 dice in the pool at each take-off
    failure_end: int >= 1          the Cosmic Failure track position that ends the game
    landing_from: int >= 1         first space where cats may disembark
    satellite_space: int           start space of a rocket carrying a SATELLITE cat,
                                   0 < satellite_space < landing_from
    objective_points, comet_points, galaxy_points: int >= 0
    spaces: list, index i at position i, the last one (and only it) "deep_space":
        {index: int, kind: "earth"|"empty"|"moon"|"planet"|"deep_space",
         faces: list of "1","2","3","4","B" (non-empty except on deep_space, no repeats),
         booster: int >= 1 (required iff "B" in faces),
         moons: list of moon numbers (kind "moon" only, non-empty),
         planet: planet name (kind "planet" only)}
        space 0 is "earth"; spaces below landing_from are "earth"/"empty"; from landing_from
        on they are "moon"/"planet" (or the final "deep_space").
    moons: list of {number: int >= 1 (unique), points: int >= 0}; each moon linked by exactly
        one space.
    planets: list of {name: str (unique), values: [most, second, presence] ints >= 0};
        each planet linked by exactly one space.
    No other key is allowed anywhere (a misspelt key is an error, not silently ignored).

Errors: LayoutError, whose message starts with the file (when loaded from one) and names the
bad key, e.g. "board.json: spaces[3].faces: distinct values among 1, 2, 3, 4, B".
Host layouts: Mlem(extra_layouts=[...]) or, for a server, the COSMODROME_MLEM_LAYOUTS
environment variable (see HOST_LAYOUTS_ENV). Layout names must be unique across all files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cosmodrome.games.datapacks import DataPacks
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

LAYOUT_DIR = Path(__file__).with_name("layouts")
DEFAULT_LAYOUT = "provisional"
# Layout files (or folders of *.json files) a server host adds to the packaged ones,
# separated like PATH (os.pathsep): read when Mlem() is built without extra_layouts.
HOST_LAYOUTS_ENV = "COSMODROME_MLEM_LAYOUTS"

LAYOUT_KEYS = frozenset({"name", "description", "dice", "failure_end", "landing_from",
                         "satellite_space", "objective_points", "comet_points", "galaxy_points",
                         "spaces", "moons", "planets"})
SPACE_KEYS = frozenset({"index", "kind", "faces", "booster", "moons", "planet"})
MOON_KEYS = frozenset({"number", "points"})
PLANET_KEYS = frozenset({"name", "values"})

FACE_CODES = {"1": pb.FACE_ONE, "2": pb.FACE_TWO, "3": pb.FACE_THREE, "4": pb.FACE_FOUR,
              "B": pb.FACE_BOOSTER}
KINDS = ("earth", "empty", "moon", "planet", "deep_space")


class LayoutError(ValueError):
    """A layout file that does not match the schema; the message names the bad key."""


@dataclass(frozen=True)
class Space:
    index: int
    kind: str
    faces: frozenset[int]          # allowed Face values
    booster: int                   # movement per booster die (0 if the booster is not allowed)
    moons: tuple[int, ...] = ()    # indexes into Layout.moons, highest moon number first
    planet: int = -1               # index into Layout.planets


@dataclass(frozen=True)
class Moon:
    number: int
    points: int


@dataclass(frozen=True)
class Planet:
    name: str
    values: tuple[int, int, int]   # most cats, second most, presence


@dataclass(frozen=True)
class Layout:
    name: str
    description: str
    dice: int
    failure_end: int
    landing_from: int
    satellite_space: int
    objective_points: int
    comet_points: int
    galaxy_points: int
    spaces: tuple[Space, ...]
    moons: tuple[Moon, ...]
    planets: tuple[Planet, ...]

    @property
    def last(self) -> int:
        """Index of Deep Space, the last space."""
        return len(self.spaces) - 1


def _req(obj: dict, key: str, typ: type, where: str):
    if not isinstance(obj, dict) or key not in obj:
        raise LayoutError(f"{where}: missing key {key!r}")
    value = obj[key]
    if typ is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise LayoutError(f"{where}.{key}: expected an integer")
    if not isinstance(value, typ):
        raise LayoutError(f"{where}.{key}: expected {typ.__name__}")
    return value


def _only(obj: object, keys: frozenset[str], where: str) -> dict:
    """obj must be an object with no key outside `keys` (a misspelt key is an error)."""
    if not isinstance(obj, dict):
        raise LayoutError(f"{where}: expected an object")
    unknown = sorted(str(k) for k in obj if k not in keys)
    if unknown:
        raise LayoutError(f"{where}: unknown key {unknown[0]!r} (allowed: "
                          f"{', '.join(sorted(keys))})")
    return obj


def _nonneg(obj: dict, key: str, where: str, minimum: int = 0) -> int:
    value = _req(obj, key, int, where)
    if value < minimum:
        raise LayoutError(f"{where}.{key}: must be >= {minimum}")
    return value


def parse_layout(data: object) -> Layout:
    """Validate decoded JSON against the schema and build a Layout (raises LayoutError)."""
    _only(data, LAYOUT_KEYS, "layout")
    name = _req(data, "name", str, "layout")
    if not name:
        raise LayoutError("layout.name: must not be empty")
    moons_raw = _req(data, "moons", list, "layout")
    moons: list[Moon] = []
    for i, m in enumerate(moons_raw):
        where = f"moons[{i}]"
        _only(m, MOON_KEYS, where)
        moons.append(Moon(_nonneg(m, "number", where, 1), _nonneg(m, "points", where)))
    numbers = [m.number for m in moons]
    if len(set(numbers)) != len(numbers):
        raise LayoutError("moons: moon numbers must be unique")
    planets: list[Planet] = []
    for i, p in enumerate(_req(data, "planets", list, "layout")):
        where = f"planets[{i}]"
        _only(p, PLANET_KEYS, where)
        values = _req(p, "values", list, where)
        if len(values) != 3 or any(isinstance(v, bool) or not isinstance(v, int) or v < 0
                                   for v in values):
            raise LayoutError(f"{where}.values: expected three integers >= 0")
        planets.append(Planet(_req(p, "name", str, where), tuple(values)))
    names = [p.name for p in planets]
    if len(set(names)) != len(names):
        raise LayoutError("planets: planet names must be unique")

    landing_from = _nonneg(data, "landing_from", "layout", 1)
    satellite = _nonneg(data, "satellite_space", "layout", 1)
    if satellite >= landing_from:
        raise LayoutError("layout.satellite_space: must be below landing_from")
    spaces_raw = _req(data, "spaces", list, "layout")
    if len(spaces_raw) < landing_from + 1:
        raise LayoutError("layout.spaces: too few spaces")
    moon_index = {m.number: i for i, m in enumerate(moons)}
    planet_index = {p.name: i for i, p in enumerate(planets)}
    moon_links: dict[int, int] = {}
    planet_links: dict[int, int] = {}
    spaces: list[Space] = []
    last = len(spaces_raw) - 1
    for i, s in enumerate(spaces_raw):
        where = f"spaces[{i}]"
        _only(s, SPACE_KEYS, where)
        if _req(s, "index", int, where) != i:
            raise LayoutError(f"{where}.index: must be {i}")
        kind = _req(s, "kind", str, where)
        if kind not in KINDS:
            raise LayoutError(f"{where}.kind: must be one of {', '.join(KINDS)}")
        expected = (("earth",) if i == 0 else ("deep_space",) if i == last
                    else ("empty",) if i < landing_from else ("moon", "planet"))
        if kind not in expected:
            raise LayoutError(f"{where}.kind: must be {' or '.join(expected)} here")
        faces_raw = _req(s, "faces", list, where)
        if (any(not isinstance(f, str) or f not in FACE_CODES for f in faces_raw)
                or len(set(faces_raw)) != len(faces_raw)):
            raise LayoutError(f"{where}.faces: distinct values among 1, 2, 3, 4, B")
        if (kind == "deep_space") != (not faces_raw):
            raise LayoutError(f"{where}.faces: empty on deep_space only")
        booster = 0
        if "B" in faces_raw:
            booster = _nonneg(s, "booster", where, 1)
        elif "booster" in s:
            raise LayoutError(f"{where}.booster: only where B is an allowed face")
        linked: tuple[int, ...] = ()
        planet = -1
        if kind == "moon":
            nums = _req(s, "moons", list, where)
            if not nums or any(isinstance(n, bool) or not isinstance(n, int)
                               or n not in moon_index for n in nums):
                raise LayoutError(f"{where}.moons: non-empty list of known moon numbers")
            for n in nums:
                if n in moon_links:
                    raise LayoutError(f"{where}.moons: moon {n} already linked to a space")
                moon_links[n] = i
            linked = tuple(moon_index[n] for n in sorted(nums, reverse=True))
        elif "moons" in s:
            raise LayoutError(f"{where}.moons: only on moon spaces")
        if kind == "planet":
            pname = _req(s, "planet", str, where)
            if pname not in planet_index:
                raise LayoutError(f"{where}.planet: unknown planet {pname!r}")
            if pname in planet_links:
                raise LayoutError(f"{where}.planet: {pname!r} already linked to a space")
            planet_links[pname] = i
            planet = planet_index[pname]
        elif "planet" in s:
            raise LayoutError(f"{where}.planet: only on planet spaces")
        spaces.append(Space(i, kind, frozenset(FACE_CODES[f] for f in faces_raw), booster,
                            linked, planet))
    for n in moon_index:
        if n not in moon_links:
            raise LayoutError(f"moons: moon {n} is linked to no space")
    for pname in planet_index:
        if pname not in planet_links:
            raise LayoutError(f"planets: planet {pname!r} is linked to no space")
    return Layout(
        name=name, description=_req(data, "description", str, "layout"),
        dice=_nonneg(data, "dice", "layout", 1),
        failure_end=_nonneg(data, "failure_end", "layout", 1),
        landing_from=landing_from, satellite_space=satellite,
        objective_points=_nonneg(data, "objective_points", "layout"),
        comet_points=_nonneg(data, "comet_points", "layout"),
        galaxy_points=_nonneg(data, "galaxy_points", "layout"),
        spaces=tuple(spaces), moons=tuple(moons), planets=tuple(planets))


LAYOUTS = DataPacks("layout", LAYOUT_DIR, HOST_LAYOUTS_ENV, parse_layout, LayoutError,
                    chosen_by="Options.layout")
load_layout = LAYOUTS.load              # one file; every error starts with the file
host_layout_paths = LAYOUTS.host_paths  # the files HOST_LAYOUTS_ENV names
load_layouts = LAYOUTS.load_all         # packaged + extra, by name
