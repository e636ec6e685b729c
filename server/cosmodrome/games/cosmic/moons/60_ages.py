"""Moon 60 (RIO), seed 000: "Le joueur qui se pose sur cette lune doit immédiatement donner un
âge à chacun de ses adversaires. S'il se trompe pour son ennemi " A ", ce dernier doit lui ôter
1 pion sur le plateau de jeu et le placer dans le Trou Noir. " A " ne donne pas pour autant son
âge. Il dit juste sans mentir : " Tu t'es trompé ! ", quitte à le prouver à la fin du jeu. Et
cela vaut pour tous les joueurs présents dans la partie."

At each landing the lander guesses at the table; each living opponent may then say once "Tu
t'es trompé !" (a `TableReport` naming the lander), until the next landing there, and takes
one of the lander's tokens on the board to the black hole himself (no card).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools, table
from cosmodrome.games.cosmic.table import TableMoon


class Ages(TableMoon):
    name, en, number = "60_ages", "Guess each opponent's age", 60
    card_penalty = False  # "lui ôter 1 pion sur le plateau de jeu"

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        table.open_calls(st, moon, landing.lander)

    def may_report(self, st, moon, seat, offender):
        return table.may_call_wrong(st, moon, seat, offender)

    def judge(self, st, offender, reporter):
        return reporter  # "ce dernier doit lui ôter 1 pion"

    def on_infraction(self, st, ctx, moon, offender, judge):
        st.moons[moon].may_call_wrong[judge] = False  # each says it once


MOON = Ages()
