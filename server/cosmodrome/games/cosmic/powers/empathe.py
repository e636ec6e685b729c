"""Empathe (Empath), seed 001: when the holder plays a compromise card, his opponent's card
counts as a compromise too.

Announced at the reveal; applied at resolution, so that a Zap played in the post-reveal
window, the instant it acts, still stops it. Its flare en sauvage (FL8) waives it for one
encounter: the flare played, the power does not act.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.content import FLARE_OF
from cosmodrome.games.cosmic.hooks import CARDS_REVEALED, Piece


def _own_card(st, seat: int) -> int:
    return B.played(st, "off" if seat == st.enc.offense else "def")


class Empath(Piece):
    name, en, mandatory = "empathe", "Empath", True

    card_moments = frozenset({CARDS_REVEALED})

    def at_card_step(self, st, ctx, step):
        if B.is_compromise(_own_card(st, step.seat)):
            pieces.use(st, ctx, step.seat, self.name)

    def makes_opponent_compromise(self, st, seat):
        return st.enc.revealed and B.is_compromise(_own_card(st, seat)) \
            and not waived(st, seat)


def waived(st, seat: int) -> bool:
    """Has the Empath `seat` played its flare this encounter (sauvage: its power waived)?"""
    card = FLARE_OF["empathe"]
    return card in st.enc.flares_played and card in st.seats[seat].hand


POWER = Empath()
