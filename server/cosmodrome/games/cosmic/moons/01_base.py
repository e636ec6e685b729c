"""Moon 1 (SPF), seed 000: "Cette lune compte comme une base quel que soit le système où
elle se trouve. Son existence facilite donc la victoire finale."

Each occupant counts it as one foreign base for the win; optional, but counted without
asking (declining a win is never useful); a win it makes reveals it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon, Victory


class Base(Moon):
    name, en, number = "01_base", "Counts as a base", 1

    victory = Victory(bases=1)  # for each occupant (the rule is read for occupants only)


MOON = Base()
