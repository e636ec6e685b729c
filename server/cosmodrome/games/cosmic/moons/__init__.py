"""The moons of seed 000: one module per moon in this folder, `<nn>_<name>.py`, each a
`hooks.Moon` named `MOON` whose `number` is `<nn>` (its entry in content/moons.json).

Importing this package registers them all with `pieces`; a moon module dropped here is dealt
(if its content entry is in the chosen set) with no other edit. A moon without a module is
not dealt: `pieces.MOONS` lists the moons hosted.
"""

from __future__ import annotations

import importlib
import pkgutil

from cosmodrome.games.cosmic import moonflow, pieces


def _discover() -> None:
    pieces.register_task_kind("moon_question", moonflow.QUESTION)
    pieces.register_task_kind("victory_contest", moonflow.CONTEST)  # moon 53
    pieces.register_task_kind("disc_redraw", moonflow.REDRAW)  # moon 23
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        moon = importlib.import_module(f"{__name__}.{info.name}").MOON
        prefix = info.name.split("_", 1)[0]
        if not prefix.isdigit() or int(prefix) != moon.number:
            raise ValueError(f"moons/{info.name}.py: MOON.number is {moon.number}")
        pieces.register_moon(moon)


if not pieces.MOONS:
    _discover()
