"""Moon 56 (RIO), seed 000: "Le joueur qui se pose sur cette lune perd immédiatement des
pions. Chaque adversaire, s'il le désire, lui ôte un pion du plateau et le place dans le Trou
Noir. On commence par le joueur qui se trouve à gauche puis on tourne dans le sens des
aiguilles d'une montre. Le joueur qui vient d'acquérir cette lune ne s'oublie pas : il
s'enlève lui aussi 1 pion, mais en dernier !"

Each opponent from the lander's left (M7) may pick one of the lander's tokens on the board
for the black hole; then the lander must take one off himself.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.moons import _take_token


class TokensTorn(Moon):
    name, en, number = "56_pions_arraches", "Opponents may remove the lander's tokens", 56

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        _take_token.ask_opponents(st, moon, landing.lander)
        moontools.ask(st, landing.lander, moon, target=landing.lander)  # "mais en dernier"

    def question_options(self, st, t):
        # an opponent "s'il le désire"; the lander himself must
        return _take_token.options(st, t, optional=t.seat != t.moon_question.target)

    def answer(self, st, ctx, t, move):
        _take_token.apply(st, ctx, t, move)


MOON = TokensTorn()
