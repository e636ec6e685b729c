"""Oracle, seed 001: "seul votre adversaire joue la sienne et la retourne": the holder's
opponent plays his card first, face up, and the holder then chooses his own."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, extensions, pieces
from cosmodrome.games.cosmic.hooks import Piece


class Oracle(Piece):
    name, en, mandatory = "oracle", "Oracle", True

    def reset_encounter(self, e):
        card_order.forget_first_sight(e)

    def on_cards_due(self, st, ctx, seat):
        if card_order.chooser(st) is not None or card_order.first_seer(st) not in (None, seat):
            return  # a card is chosen by another, or the other main player sees first too
        pieces.use(st, ctx, seat, self.name)
        card_order.claim_first_sight(st, seat)

    def waits_for_card(self, st, seat):
        e = st.enc
        opp = B.defender(st) if seat == e.offense else e.offense
        return card_order.first_seer(st) == seat and not extensions.card_down(st, opp)

    def after_card_played(self, st, ctx, player, card):
        oracle = card_order.first_seer(st)
        if oracle is not None and pieces.opponent(st, player) == oracle:
            ext = extensions.of(st, player)  # seed 000: all his cards first (X3)
            cards = [c for c in [card] if c >= 0] + extensions.cards(ext)
            ctx.show(oracle, player, cards, "oracle", audience=None)


POWER = Oracle()
