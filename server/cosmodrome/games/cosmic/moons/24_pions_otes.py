"""Moon 24 (RIO), seed 000: "Ce joueur perd alors un nombre de pions qui dépend du nombre des
autres joueurs présents. Tous les adversaires doivent, l'un après l'autre, ôter 1 pion au
joueur et le placer dans le Trou Noir. C'est l'ennemi qui se trouve directement à gauche qui
commence. Puis l'on tourne dans le sens des aiguilles d'une montre. Bien entendu, les pions
ôtés sont choisis par les adversaires."

Each opponent, from the lander's left (seat + 1, M7), picks one of the lander's tokens on the
board (his bases, moons included; not the cone) for the black hole.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.moons import _take_token


class TokensTaken(Moon):
    name, en, number = "24_pions_otes", "Each opponent removes one of the lander's tokens", 24

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        _take_token.ask_opponents(st, moon, landing.lander)

    def question_options(self, st, t):
        return _take_token.options(st, t, optional=False)

    def answer(self, st, ctx, t, move):
        _take_token.apply(st, ctx, t, move)


MOON = TokensTaken()
