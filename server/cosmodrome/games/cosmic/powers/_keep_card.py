"""What Clone and Voleur share (seed 001): at the cleanup, a main player takes a card of the
encounter into his hand instead of its discard, his own (Clone) or his opponent's (Voleur).
Their flares (seed 000, `flares/`) take the whole play of that slot en sauvage: the encounter
card with the extension and attack cards laid with it."""

from __future__ import annotations

from typing import ClassVar

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Flare, Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class KeepsPlayedCard(Piece):
    """Takes a played card back from the discard pile at the cleanup, once per encounter."""

    theirs: ClassVar[bool]  # the opponent's card (Voleur), else his own (Clone)

    def played_set(self, st: pb.State, seat: int) -> list[int]:
        """The cards of the slot main player `seat` may take, its encounter card first, as
        long as that card is still on the discard pile (after any swap: the card he, or his
        opponent, played)."""
        e = st.enc
        mine, theirs = pieces.played_cards(st, seat)
        card = theirs if self.theirs else mine
        if card not in e.discarded or card not in st.discard:
            return []
        own_slot = (seat == e.offense) != e.swapped
        rest = X.cards(X.slot(e, own_slot != self.theirs))
        return [card] + [c for c in rest if c in e.discarded and c in st.discard]

    def take_moves(self, st: pb.State, seat: int, window: int) -> list[pb.Move]:
        """The move taking the card, for a main player at the cleanup (none: nothing to take)."""
        if window != pb.STEP_CLEANUP or seat not in (st.enc.offense, B.defender(st)):
            return []
        cards = self.played_set(st, seat)
        if not cards:
            return []
        target = {"target": pieces.opponent(st, seat)} if self.theirs else {}
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name], card=cards[0],
                                          **target))]

    def window_actions(self, st, seat, window):
        return [] if pieces.used(st, seat, self.name) else self.take_moves(st, seat, window)

    def perform(self, st, ctx, seat, use):
        take(st, seat, [use.card])


def take(st: pb.State, seat: int, cards: list[int]) -> None:
    """`cards` still on the discard pile go to `seat`'s hand."""
    for c in cards:
        if c in st.discard:
            st.discard.remove(c)
            st.seats[seat].hand.append(c)


class KeepsPlayedCardFlare(Flare):
    """The flare of such a power: en parasite, the power's take for any main player; en
    sauvage, the power's holder takes the slot's whole play."""

    def window_actions(self, st, seat, window):
        return pieces.power(self.power).take_moves(st, seat, window)

    def perform(self, st, ctx, seat, use):
        keeper = pieces.power(self.power)
        take(st, seat, keeper.played_set(st, seat) if self.sauvage(st, seat) else [use.card])
