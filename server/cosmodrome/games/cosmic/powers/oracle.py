"""Oracle, seed 001: "seul votre adversaire joue la sienne et la retourne": the holder's
opponent plays his card first, face up, and the holder then chooses his own."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions, pieces
from cosmodrome.games.cosmic.hooks import Piece


class Oracle(Piece):
    name, en, mandatory = "oracle", "Oracle", True

    def reset_encounter(self, e):
        e.ClearField("oracle_seat")

    def on_cards_due(self, st, ctx, seat):
        e = st.enc
        if e.HasField("laser_seat") or e.HasField("oracle_seat") and e.oracle_seat != seat:
            return  # a Laser chooses a card, or the other main player is an Oracle too
        pieces.use(st, ctx, seat, self.name)
        e.oracle_seat = seat

    def waits_for_card(self, st, seat):
        e = st.enc
        opp = B.defender(st) if seat == e.offense else e.offense
        return e.HasField("oracle_seat") and e.oracle_seat == seat \
            and not extensions.card_down(st, opp)

    def after_card_played(self, st, ctx, player, card):
        e = st.enc
        oracle = e.oracle_seat
        if e.HasField("oracle_seat") and pieces.opponent(st, player) == oracle:
            ext = extensions.of(st, player)  # seed 000: all his cards first (X3)
            cards = [c for c in [card] if c >= 0] + extensions.cards(ext)
            ctx.show(oracle, player, cards, "oracle", audience=None)


POWER = Oracle()
