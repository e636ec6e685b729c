"""What the card-step moons share (3: a standing extension; 59: three cards at once)."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def may_lay(st: pb.State, moon: int, seat: int) -> bool:
    """In the card step, before any card of his: an occupant of `moon` who is a main player
    (the use stands instead of an extension card, never with one)."""
    e = st.enc
    return (st.step == pb.STEP_CARDS and not st.tasks and st.moons[moon].count[seat] > 0
            and seat in (e.offense, B.defender(st)) and not X.laid(X.of(st, seat))
            and B.played(st, "off" if seat == e.offense else "def") == B.NO_CARD_YET)
