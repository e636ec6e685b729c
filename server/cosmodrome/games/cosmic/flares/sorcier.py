"""Flaire Sorcier (seed 000, its text lost: provisional, content/flares.json). Sauvage: once
the cards are down, the Sorcerer, a main player, looks at his opponent's face-down cards
before deciding whether to swap them with its power. Parasite: once the cards are down, a
main player swaps the two face-down plays, as the Sorcerer does."""

from __future__ import annotations

from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Flare
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class SorcererFlare(Flare):
    name, en, power = "flare_sorcier", "Flaire Sorcier", "sorcier"

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_REVEAL or not flares.main_player(st, seat):
            return []
        return [flares.use_move(self)]

    def perform(self, st, ctx, seat, use):
        if not self.sauvage(st, seat):
            pieces.power(self.power).perform(st, ctx, seat, use)
            return
        e = st.enc
        other = pieces.opponent(st, seat)
        theirs_off = (other == e.offense) != e.swapped  # the slot holding what he played
        first = pieces.played_cards(st, seat)[1]
        cards = sorted([c for c in [first] if c >= 0] + X.cards(X.slot(e, theirs_off)))
        if cards:
            st.knowledge.add(viewer=seat, target=other, cards=cards, **reason(self.power))
            ctx.show(seat, other, cards, self.power)


FLARE = SorcererFlare()
