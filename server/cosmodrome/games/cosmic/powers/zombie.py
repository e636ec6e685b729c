"""Zombie, seed 001: "chaque fois que vous perdez des pions ... au lieu de les disposer sur
le Trou Noir, vous pouvez les replacer sur vos bases"; in a deal, it may free tokens of the
other's black hole.

Every seat that loses tokens is asked whether a power saves them (a `tokens_lost` task): the
Zombie alone may answer yes, and being asked tells nothing.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Zombie(Piece):
    name, en = "zombie", "Zombie"

    def saves_lost_tokens(self, st, seat):
        return True

    def save_lost_tokens(self, st, ctx, seat, n, on_bases):
        if on_bases:
            pieces.use(st, ctx, seat, self.name)
            return
        pieces.use(st, ctx, seat, self.name)
        st.tasks.insert(0, pb.Task(seat=seat, place=pb.PlaceTask(count=n)))

    def deal_edits(self, st, seat, draft):
        opp = pieces.opponent(st, seat)
        if draft.frees < st.seats[opp].black_hole:
            return [pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_FREE_TOKEN))]
        return []

    def on_deal_made(self, st, ctx, seat, terms):
        e = st.enc
        if not terms.frees or (seat != e.offense and pieces.has(st, e.offense, self.name)):
            return  # one Zombie frees them (the offence's, if both are)
        other = pieces.opponent(st, seat)
        n = min(terms.frees, st.seats[other].black_hole)
        pieces.use(st, ctx, seat, self.name)
        st.seats[other].black_hole -= n
        actions.place_from_limbo(st, other, n)


POWER = Zombie()
