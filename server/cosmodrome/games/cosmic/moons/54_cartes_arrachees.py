"""Moon 54 (RIO), seed 000: "Le joueur qui se pose sur cette lune perd immédiatement des
cartes. Chaque adversaire, s'il le désire, lui tire une carte au hasard dans sa main et la
place dans la sienne. On commence par le joueur qui se trouve à gauche puis on tourne dans le
sens des aiguilles d'une montre. Bien entendu, si le joueur qui se trouve sur cette lune ne
possède plus de cartes, il n'a pas le droit de se refaire une main."

Each opponent from the lander's left (M7) is asked; yes takes one card at random. A player on
this moon with no card at all draws no new hand (out of encounter cards when they are due, he
loses the encounter as any player with none).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

YES, NO = pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))


class CardsTorn(Moon):
    name, en, number = "54_cartes_arrachees", "Opponents may take the lander's cards", 54

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        for s in B.clockwise_from(st, landing.lander):
            moontools.ask(st, s, moon, target=landing.lander)

    def question_options(self, st, t):
        return [YES, NO] if st.seats[t.moon_question.target].hand else []

    def answer(self, st, ctx, t, move):
        if move.answer.yes:
            actions.take_from_hand(st, ctx, t.seat, t.moon_question.target, 1, self.name)

    def forbids_new_hand(self, st, moon, seat):
        return st.moons[moon].count[seat] > 0 and not st.seats[seat].hand


MOON = CardsTorn()
