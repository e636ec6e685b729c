"""Oracle, seed 001: "seul votre adversaire joue la sienne et la retourne": the holder's
opponent plays his card first, face up, and the holder then chooses his own."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, extensions, pieces
from cosmodrome.games.cosmic.hooks import CARDS_DOWN, CARDS_DUE, Piece


class Oracle(Piece):
    name, en, mandatory = "oracle", "Oracle", True

    def reset_encounter(self, e):
        card_order.forget_first_sight(e)

    card_moments = frozenset({CARDS_DUE, CARDS_DOWN})

    def at_card_step(self, st, ctx, step):
        if step.moment == CARDS_DUE:
            self.first_sight(st, ctx, step.seat)
        else:
            self.show_first(st, ctx, step.seat, step.card)

    def first_sight(self, st, ctx, seat):
        """The cards are due: the holder, a main player, has his opponent lay first."""
        if card_order.chooser(st) is not None or card_order.first_seer(st) not in (None, seat):
            return  # a card is chosen by another, or the other main player sees first too
        pieces.use(st, ctx, seat, self.name)
        card_order.claim_first_sight(st, seat)

    def waits_for_card(self, st, seat):
        e = st.enc
        opp = B.defender(st) if seat == e.offense else e.offense
        return card_order.first_seer(st) == seat and not extensions.card_down(st, opp)

    def show_first(self, st, ctx, player, card):
        """`player`'s cards are down: the Oracle opposing him sees them."""
        oracle = card_order.first_seer(st)
        if oracle is not None and pieces.opponent(st, player) == oracle:
            ext = extensions.of(st, player)  # seed 000: all his cards first (X3)
            cards = [c for c in [card] if c >= 0] + extensions.cards(ext)
            ctx.show(oracle, player, cards, "oracle", audience=None)


POWER = Oracle()
