"""What one apply() carries along: the events produced, the clock and the PRNG."""

from __future__ import annotations

from cosmodrome.core.engine import Event
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

ONLY_HIM: frozenset[int] = frozenset({-1})  # `show`'s default audience: the seat who sees


class Ctx:
    __slots__ = ("events", "now", "rng")

    def __init__(self, st: pb.State, events: list[Event], now: int) -> None:
        self.events = events
        self.now = now
        self.rng = Rng(st.rng)

    def say(self, text: str, seat: int = -1, audience: frozenset[int] | None = None) -> None:
        self.events.append(Event(pb.Event(note=pb.Note(text=text, seat=seat)), audience))

    def emit(self, payload: pb.Event, audience: frozenset[int] | None = None) -> None:
        self.events.append(Event(payload, audience))

    def show(self, seat: int, from_seat: int, cards: list[int], why: str,
             audience: frozenset[int] | None = ONLY_HIM) -> None:
        """`seat` now sees `cards` (of `from_seat`; -1 the deck), said to `audience` (by
        default `seat` alone; None: everyone, when the rules show them to all)."""
        self.emit(pb.Event(cards_seen=pb.CardsSeen(seat=seat, from_seat=from_seat,
                                                   cards=cards, why=why)),
                  frozenset({seat}) if audience is ONLY_HIM else audience)
