"""Who chooses or sees an encounter card before the cards are down: a fact of the flow that
pieces share, each naming none of the others.

Two claims exist, at most one per encounter, each by a main player on his opponent's card:
he *chooses* it himself (the Laser: "choisissez ... la carte que celui-ci jouera"), or he
*sees it first*: his opponent lays his cards first, face up, and he then chooses his own
(the Oracle: "seul votre adversaire joue la sienne et la retourne"). Their flares make the
same claims. A piece asks `claimed`, `chooser` and `first_seer` and never reads another
piece's field; this module alone writes `Encounter.laser_seat` and `Encounter.oracle_seat`
(cosmic.proto names it their owner; tests/games/cosmic/test_cosmic_ownership.py holds it).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def claimed(st: pb.State) -> bool:
    """Has a main player claimed his opponent's card this encounter (either way)?"""
    return st.enc.HasField("laser_seat") or st.enc.HasField("oracle_seat")


def chooser(st: pb.State) -> int | None:
    """The main player who chooses his opponent's card this encounter (None: nobody)."""
    return st.enc.laser_seat if st.enc.HasField("laser_seat") else None


def first_seer(st: pb.State) -> int | None:
    """The main player whose opponent lays his cards first, face up (None: nobody)."""
    return st.enc.oracle_seat if st.enc.HasField("oracle_seat") else None


def claim_choice(st: pb.State, seat: int) -> None:
    """`seat` will choose his opponent's card."""
    st.enc.laser_seat = seat


def claim_first_sight(st: pb.State, seat: int) -> None:
    """`seat`'s opponent lays his cards first, face up."""
    st.enc.oracle_seat = seat


def forget_choice(e: pb.Encounter) -> None:
    e.ClearField("laser_seat")


def forget_first_sight(e: pb.Encounter) -> None:
    e.ClearField("oracle_seat")


def face_up_slot(st: pb.State) -> str | None:
    """The slot ("card_off" or "card_def") laid face up first for everyone to read, if any:
    the opponent's of the first seer."""
    seer = first_seer(st)
    if seer is None:
        return None
    return "card_def" if seer == st.enc.offense else "card_off"

