"""The edict cards: one module per edict in this folder, each a `hooks.Edict` named `EDICT`.

Importing this package registers them with `pieces`; every edict content/cards.json deals
must have its module.
"""

from __future__ import annotations

import importlib
import pkgutil

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.content import CARDS, PENDING_EDICTS


def _discover() -> None:
    for m in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not m.name.startswith("_"):
            pieces.register_edict(importlib.import_module(f"{__name__}.{m.name}").EDICT)
    missing = {c.edict for c in CARDS if c.edict} - set(pieces.EDICTS) - set(PENDING_EDICTS)
    if missing:
        raise ValueError(f"content/cards.json deals edicts without a module: {sorted(missing)}")


if not pieces.EDICTS:
    _discover()
