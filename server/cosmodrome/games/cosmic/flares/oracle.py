"""Flaire Oracle (seed 000, its text lost: provisional, content/flares.json). Both before the
cards (a flare plays in a window, FL8). Sauvage: the Oracle, a main player, looks at its
opponent's whole hand (its power then shows it his card first). Parasite: a main player's
opponent plays and turns his card first, as the Oracle's does; he chooses his after."""

from __future__ import annotations

from cosmodrome.games.cosmic import card_order, flares
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Flare


class OracleFlare(Flare):
    name, en, power = "flare_oracle", "Flaire Oracle", "oracle"

    def window_actions(self, st, seat, window):
        return flares.aimed_at_the_other_card(self, st, seat, window)

    def perform(self, st, ctx, seat, use):
        if not self.sauvage(st, seat):
            card_order.claim_first_sight(st, seat)  # the Oracle's hooks then wait for his opponent
            return
        cards = sorted(st.seats[use.target].hand)
        st.knowledge.add(viewer=seat, target=use.target, cards=cards, **reason(self.power))
        ctx.show(seat, use.target, cards, self.power)


FLARE = OracleFlare()
