"""Moon 26 (RIO), seed 000: "Là encore, la puissance de cette lune se déclenche au moment où
un joueur se pose sur sa surface. Le joueur en question perd alors 1 Flaire de son jeu. C'est
lui qui décide du Flaire qui doit être jeté (face révélée) dans la pile des cartes jouées. Si
le moment s'y prête, la puissance de ce Flaire peut fonctionner normalement. Dans le cas où
le joueur ne possède pas de Flaire, cette lune est inefficace. Le joueur doit cependant
montrer son jeu à tous ses adversaires afin qu'aucun doute ne subsiste quant à son
honnêteté."

The lander chooses a flare of his hand and discards it face up; with none, he shows his
hand to every opponent, who then know it. A landing happens at the resolution, where no
flare's window is open: the discarded flare does not act (m26). Dealt only in games with
flares.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flares, moontools
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class FlareLost(Moon):
    name, en, number = "26_flaire_perdu", "The lander loses a flare", 26
    needs_flares = True

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        if flares.in_hand(st, landing.lander):
            moontools.ask(st, landing.lander, moon, at=0)
            return
        cards = sorted(st.seats[landing.lander].hand)
        for s in B.clockwise_from(st, landing.lander):  # "à tous ses adversaires"
            st.knowledge.add(viewer=s, target=landing.lander, cards=cards, **reason(self.name))
            ctx.show(s, landing.lander, cards, self.name)

    def question_options(self, st, t):
        return [pb.Move(card=pb.CardChoice(card=c)) for c in flares.in_hand(st, t.seat)]

    def answer(self, st, ctx, t, move):
        card = move.card.card
        st.seats[t.seat].hand.remove(card)
        st.discard.append(card)  # face up: the discard pile is public


MOON = FlareLost()
