"""The registry of the Cosmic pieces: what is hosted, under which id.

A leaf: it imports nothing of the engine, so any module may read it without an import cycle.
The piece packages (`powers/`, `moons/`, `edicts/`, `flares/`) fill it when imported
(`rules.py` imports them all), each through `load`: a package holds one module per piece and
an `ids.json` that gives each module its id, as data. The id of a power is stored in every
match (`State.seats[].powers`), a moon's number in `State.moons`, an edict's and a flare's name
in cards and moves: so an id never depends on which other modules exist. A module missing from
`ids.json`, a name or an id listed twice, or an id listed for no module fails at import with
an error naming the file and the piece.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path
from types import ModuleType
from typing import Any

POWERS: list[Any] = []             # index = power id (State.seats[].powers)
POWER_ID: dict[str, int] = {}
EDICTS: dict[str, Any] = {}        # by edict name (content/cards.json)
MOONS: dict[int, Any] = {}         # by number (content/moons.json): the moons hosted
MOON_NAMES: dict[str, int] = {}    # piece name -> number
FLARES: dict[str, Any] = {}        # by power name: the flares hosted
PIECE_TASKS: dict[str, Any] = {}   # Task.kind member -> its TaskKind, from the pieces' `tasks`
KEEPING_MOONS: set[int] = set()    # moons whose tokens are kept there (no base: board.bases)
MOONS_WITH: dict[str, frozenset[int]] = {}  # moonboard.moons_with's cache, emptied here


class IdError(ValueError):
    """A piece package's modules and its ids.json disagree."""


def load(package: str) -> list[tuple[ModuleType, int | str]]:
    """(module, id) of every piece module of `package` (names not starting with "_"), in
    id order, as its `ids.json` lists them: {"ids": {module: id}} (numbers: powers, moons)
    or {"ids": [module, ...]} (the id is the name: edicts, flares)."""
    pkg = importlib.import_module(package)
    path = Path(pkg.__file__).parent / "ids.json"
    ids = _read_ids(path)
    found = {m.name for m in pkgutil.iter_modules(pkg.__path__) if not m.name.startswith("_")}
    unlisted = sorted(found - set(ids))
    if unlisted:
        raise IdError(f"{path}: no id for the module(s) {unlisted}; add each to ids.json")
    without = sorted(set(ids) - found)
    if without:
        raise IdError(f"{path}: ids for no module: {without}")
    order = sorted(ids, key=lambda n: (str(type(ids[n])), ids[n]))
    return [(importlib.import_module(f"{package}.{n}"), ids[n]) for n in order]


def _read_ids(path: Path) -> dict[str, int | str]:
    def no_twice(pairs):
        keys = [k for k, _ in pairs]
        twice = sorted({k for k in keys if keys.count(k) > 1})
        if twice:
            raise IdError(f"{path}: listed twice: {twice}")
        return dict(pairs)
    if not path.exists():
        raise IdError(f"{path}: missing (each piece package lists its modules' ids there)")
    ids = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=no_twice)["ids"]
    if isinstance(ids, list):
        no_twice([(n, n) for n in ids])
        return {n: n for n in ids}
    values = list(ids.values())
    twice = sorted({v for v in values if values.count(v) > 1})
    if twice:
        raise IdError(f"{path}: id(s) given twice: {twice}")
    return ids


def register_power(power: Any, pid: int) -> None:
    if power.name in POWER_ID:
        raise IdError(f"power {power.name!r} registered twice")
    if pid != len(POWERS):
        raise IdError(f"power {power.name!r}: id {pid}, but the next free id is {len(POWERS)} "
                      "(power ids follow each other: they index State.seats[].powers)")
    POWER_ID[power.name] = pid
    POWERS.append(power)
    _register_tasks(power)


def register_edict(edict: Any) -> None:
    if edict.name in EDICTS:
        raise IdError(f"edict {edict.name!r} registered twice")
    EDICTS[edict.name] = edict
    _register_tasks(edict)


def register_moon(moon: Any) -> None:
    if moon.number in MOONS or moon.name in MOON_NAMES:
        raise IdError(f"moon {moon.number} ({moon.name!r}) registered twice")
    MOONS[moon.number] = moon
    MOON_NAMES[moon.name] = moon.number
    if moon.keeps_tokens:
        KEEPING_MOONS.add(moon.number)
    MOONS_WITH.clear()
    _register_tasks(moon)


def register_flare(flare: Any) -> None:
    if flare.power in FLARES:
        raise IdError(f"flare of {flare.power!r} registered twice")
    FLARES[flare.power] = flare


def register_task_kind(kind: str, entry: Any) -> None:
    if kind in PIECE_TASKS:
        raise IdError(f"task kind {kind} claimed twice ({entry.name})")
    PIECE_TASKS[kind] = entry


def _register_tasks(piece: Any) -> None:
    for kind, entry in piece.tasks.items():
        if kind in PIECE_TASKS:
            raise IdError(f"task kind {kind} claimed twice ({piece.name})")
        PIECE_TASKS[kind] = entry
