"""The alien powers: one module per power in this folder, each a `hooks.Piece` named `POWER`.

Importing this package registers them all (`registry`); each power's id is data, in
`ids.json` (seed 001's order, then the next number). A new power is its module and its line
in `ids.json`; a module missing there fails at import. `register_package` takes a package of
powers from elsewhere the same way (with its own `ids.json`).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import registry


def register_package(package: str) -> None:
    """Register every power module of `package` under the id its `ids.json` gives."""
    for module, pid in registry.load(package):
        power = module.POWER
        if power.name != module.__name__.rsplit(".", 1)[1]:
            raise registry.IdError(f"{module.__name__}: POWER.name is {power.name!r}")
        registry.register_power(power, pid)
    if len(registry.POWERS) > 64:
        raise registry.IdError("more than 64 powers")


if not registry.POWERS:
    register_package(__name__)

POWERS = registry.POWERS
POWER_ID = registry.POWER_ID


def excluded(pid: int, held: list[int]) -> bool:
    """May power `pid` not join a game where the powers `held` are in use? (Seed 001,
    Insecte: "Ne pas utiliser ce Pouvoir dans les parties où l'Avare ou l'Oracle sont
    utilisés".) Either side may name the exclusion."""
    mine = POWERS[pid]
    return any(POWERS[h].name in mine.excludes or mine.name in POWERS[h].excludes
               for h in held)


def exclusions() -> list[tuple[str, str]]:
    return [(p.name, other) for p in POWERS for other in p.excludes]
