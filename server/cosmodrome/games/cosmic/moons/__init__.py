"""The moons of seed 000: one module per moon in this folder, `<nn>_<name>.py`, each a
`hooks.Moon` named `MOON` whose `number` is `<nn>` (its entry in content/moons.json).

Importing this package registers them all (`registry`); `ids.json` lists each module with
its number, and a module missing there fails at import. A hosted moon is dealt if its content
entry is in the chosen set; a moon without a module is not dealt: `registry.MOONS` lists the
moons hosted.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moonflow, registry


def _discover() -> None:
    registry.register_task_kind("moon_question", moonflow.QUESTION)
    registry.register_task_kind("victory_contest", moonflow.CONTEST)  # moon 53
    registry.register_task_kind("disc_redraw", moonflow.REDRAW)  # moon 23
    for module, number in registry.load(__name__):
        moon, name = module.MOON, module.__name__.rsplit(".", 1)[1]
        prefix = name.split("_", 1)[0]
        if not prefix.isdigit() or int(prefix) != moon.number or number != moon.number:
            raise registry.IdError(f"moons/{name}.py: MOON.number is {moon.number}, its id "
                                   f"{number}")
        registry.register_moon(moon)


if not registry.MOONS:
    _discover()
