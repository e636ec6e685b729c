"""The alien powers: one module per power in this folder, each a `hooks.Piece` named `POWER`.

Importing this package registers them all with `pieces` (ids: the seed's order in
`order.json`, then any other module by name), so a power module dropped here plays with no
other edit.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from pathlib import Path

from cosmodrome.games.cosmic import pieces

_ORDER = json.loads((Path(__file__).parent / "order.json").read_text())["order"]


def _discover() -> None:
    found = {m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")}
    missing = [n for n in _ORDER if n not in found]
    if missing:
        raise ValueError(f"powers/order.json names powers without a module: {missing}")
    for name in _ORDER + sorted(found - set(_ORDER)):
        power = importlib.import_module(f"{__name__}.{name}").POWER
        if power.name != name:
            raise ValueError(f"powers/{name}.py: POWER.name is {power.name!r}")
        pieces.register_power(power)
    if len(pieces.POWERS) > 64:
        raise ValueError("more than 64 powers")


if not pieces.POWERS:
    _discover()

POWERS = pieces.POWERS
POWER_ID = pieces.POWER_ID


def excluded(pid: int, held: list[int]) -> bool:
    """May power `pid` not join a game where the powers `held` are in use? (Seed 001,
    Insecte: "Ne pas utiliser ce Pouvoir dans les parties où l'Avare ou l'Oracle sont
    utilisés".) Either side may name the exclusion."""
    mine = POWERS[pid]
    return any(POWERS[h].name in mine.excludes or mine.name in POWERS[h].excludes
               for h in held)


def exclusions() -> list[tuple[str, str]]:
    return [(p.name, other) for p in POWERS for other in p.excludes]
