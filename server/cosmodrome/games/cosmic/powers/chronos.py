"""Chronos, seed 001: after the reveal, a main player takes his card back and sets his
opponent's aside (unless it was his last encounter card); both play again, and the opponent
gets the set-aside card back afterwards."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions, pieces
from cosmodrome.games.cosmic.flow.cards import replay_cards
from cosmodrome.games.cosmic.hooks import Piece
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Chronos(Piece):
    name, en = "chronos", "Chronos"

    def reset_encounter(self, e):
        e.ClearField("set_aside")
        e.ClearField("set_aside_owner")

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_POST_REVEAL or seat not in (e.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name) or e.chronos_replay \
                or B.played(st, "off") < 0 or B.played(st, "def") < 0:
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name]))]

    def perform(self, st, ctx, seat, use):
        e = st.enc
        off = seat == e.offense
        mine, theirs = B.played(st, "off"), B.played(st, "def")
        if not off:
            mine, theirs = theirs, mine
        opp = B.defender(st) if off else e.offense
        if e.swapped:
            mine, theirs = theirs, mine
        st.seats[seat].hand.append(mine)
        # seed 000 (X3): all his own cards back; the opponent's extension and added cards too
        mine_off = off != e.swapped
        st.seats[seat].hand.extend(extensions.cards(extensions.slot(e, mine_off)))
        st.seats[opp].hand.extend(extensions.cards(extensions.slot(e, not mine_off)))
        if any(B.is_encounter(c) for c in st.seats[opp].hand):
            e.set_aside, e.set_aside_owner = theirs, opp
        else:
            st.seats[opp].hand.append(theirs)
        e.chronos_replay = True
        ctx.note(pb.NOTE_KIND_ENCOUNTER_REPLAYED, seat)
        replay_cards(st, ctx)  # the flow undoes the cards down and asks for them again

    def at_cleanup(self, st, ctx):
        e = st.enc
        if e.HasField("set_aside"):
            st.seats[e.set_aside_owner].hand.append(e.set_aside)
            e.ClearField("set_aside")
            e.ClearField("set_aside_owner")


POWER = Chronos()
