"""Moon 15 (RIF), seed 000: "Cette lune permet de tirer des cartes de la pile recouverte.
Dès l'atterrissage, le nombre de cartes ainsi tirées est égal au nombre de pions qui se sont
posés sur la lune. Le seul petit problème est que ces cartes doivent absolument être révélées
au voisin de droite."

Optional: the lander is asked; yes draws one card per token of his that landed, shown to his
right-hand neighbour (seat - 1, M7), who then knows he holds them.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

YES, NO = pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))


class DrawPile(Moon):
    name, en, number = "15_pioche", "Draw a card per token landed", 15

    def on_landing(self, st, ctx, moon, landing):
        moontools.ask(st, landing.lander, moon, count=landing.landed.get(landing.lander, 0))

    def question_options(self, st, t):
        return [YES, NO] if t.moon_question.count > 0 else []

    def answer(self, st, ctx, t, move):
        if not move.answer.yes:
            return
        seat, moon = t.seat, t.moon_question.moon
        moontools.acts(st, ctx, moon, seat)
        drawn = []
        for _ in range(t.moon_question.count):
            c = actions.draw_card(st, ctx)
            if c is None:
                break
            st.seats[seat].hand.append(c)
            drawn.append(c)
        if not drawn:
            return
        ctx.show(seat, -1, drawn, self.name)
        right = B.clockwise_from(st, seat)[-1:]
        for r in right:
            ctx.show(r, seat, sorted(drawn), self.name)
            st.knowledge.add(viewer=r, target=seat, cards=sorted(drawn), **reason(self.name))


MOON = DrawPile()
