"""The edict cards: one module per edict in this folder, each a `hooks.Edict` named `EDICT`.

Importing this package registers them (`registry`); `ids.json` lists each module (an edict's
id is its name), and a module missing there fails at import; every edict content/cards.json
deals must have its module.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import registry
from cosmodrome.games.cosmic.content import CARDS, PENDING_EDICTS


def _discover() -> None:
    for module, name in registry.load(__name__):
        if module.EDICT.name != name:
            raise registry.IdError(f"edicts/{name}.py: EDICT.name is {module.EDICT.name!r}")
        registry.register_edict(module.EDICT)
    missing = {c.edict for c in CARDS if c.edict} - set(registry.EDICTS) - set(PENDING_EDICTS)
    if missing:
        raise ValueError(f"content/cards.json deals edicts without a module: {sorted(missing)}")


if not registry.EDICTS:
    _discover()
