"""Flaire Philanthrope (seed 000, its text lost: provisional, content/flares.json). Sauvage:
before the cards, the Philanthropist gives a card of its hand to any other player, in the
encounter or not, and draws one card from the deck in return. Parasite: a player in the
encounter gives one card of his hand to a main player (only they two see it), as the
Philanthropist does."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flares, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class PhilanthropistFlare(Flare):
    name, en, power = "flare_philanthrope", "Flaire Philanthrope", "philanthrope"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS:
            return []
        e = st.enc
        if self.sauvage(st, seat):
            targets = B.alive(st)
        elif pieces.involved(st, seat):
            targets = [e.offense, B.defender(st)]
        else:
            return []
        return [flares.use_move(self, target=t, card=c) for t in targets if t not in (seat, -1)
                for c in sorted(set(st.seats[seat].hand))]

    def perform(self, st, ctx, seat, use):
        pieces.power(self.power).perform(st, ctx, seat, use)
        if self.sauvage(st, seat):
            c = actions.draw_card(st, ctx)
            if c is not None:
                st.seats[seat].hand.append(c)
                ctx.show(seat, -1, [c], self.power)


FLARE = PhilanthropistFlare()
