"""Vulch, seed 001: "chaque fois qu'un autre joueur joue ou se défausse d'un Édit, vous
pouvez le prendre"; at a new hand, it "garde ses Édits après les avoir montrés (ensuite
prend sept nouvelles cartes)".

Every edict discarded opens a response window to every other seat, and every seat about to
draw a new hand is asked whether it keeps cards (a `new_hand` task): the Vulch alone may take or
keep, and being asked tells nothing.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import RESPONSE_EDICT_DISCARDED, Piece, about
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Vulch(Piece):
    name, en = "vulch", "Vulch"

    def response_moves(self, st, seat, t):
        card = t.response.edict_discarded.card
        if about(t) != RESPONSE_EDICT_DISCARDED or card not in st.discard:
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name], target=t.seat,
                                          card=card))]

    def respond(self, st, ctx, seat, t, move):
        pieces.use(st, ctx, seat, self.name)
        take(st, seat, t.response.edict_discarded.card)

    def keeps_at_new_hand(self, st, seat):
        return [c for c in st.seats[seat].hand if CARDS[c].kind == "edict"]


def take(st: pb.State, seat: int, card: int) -> None:
    """`seat` takes the edict `card` from the discard pile into his hand (also its flare)."""
    st.discard.remove(card)
    st.seats[seat].hand.append(card)


POWER = Vulch()
