"""What one apply() carries along: the events produced, the clock and the PRNG."""

from __future__ import annotations

from cosmodrome.core.engine import Event
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic.registry import EDICTS, MOON_NAMES, POWER_ID
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

ONLY_HIM: frozenset[int] = frozenset({-1})  # `show`'s default audience: the seat who sees


class Ctx:
    __slots__ = ("events", "now", "rng")

    def __init__(self, st: pb.State, events: list[Event], now: int) -> None:
        self.events = events
        self.now = now
        self.rng = Rng(st.rng)

    def note(self, kind: int, seat: int = -1, audience: frozenset[int] | None = None,
             **fields) -> None:
        """A typed statement (`NoteKind` and its fields), for clients to word."""
        note = pb.Note(kind=kind, **fields)
        if seat >= 0:
            note.seat = seat
        self.events.append(Event(pb.Event(note=note), audience))

    def reveal(self, card_off: int, card_def: int, **totals) -> None:
        """The encounter cards, face up (a card below 0: none was played)."""
        r = pb.Revealed(**totals)
        if card_off >= 0:
            r.card_off = card_off
        if card_def >= 0:
            r.card_def = card_def
        self.emit(pb.Event(revealed=r))

    def edict_played(self, seat: int, card: int, target: int, as_edict: str = "") -> None:
        e = pb.EdictPlayed(seat=seat, card=card, as_edict=as_edict)
        if target >= 0:
            e.target = target
        self.emit(pb.Event(edict_played=e))

    def emit(self, payload: pb.Event, audience: frozenset[int] | None = None) -> None:
        self.events.append(Event(payload, audience))

    def show(self, seat: int, from_seat: int, cards: list[int], why: str,
             audience: frozenset[int] | None = ONLY_HIM) -> None:
        """`seat` now sees `cards` (of `from_seat`; -1 the deck) because of `why` (see
        `reason`), said to `audience` (by default `seat` alone; None: everyone, when the rules
        show them to all)."""
        seen = pb.CardsSeen(seat=seat, cards=cards, **reason(why))
        if from_seat >= 0:
            seen.from_seat = from_seat
        self.emit(pb.Event(cards_seen=seen),
                  frozenset({seat}) if audience is ONLY_HIM else audience)


REASONS = {"new hand": pb.REASON_NEW_HAND, "reward": pb.REASON_REWARD, "deal": pb.REASON_DEAL,
           "consolation": pb.REASON_CONSOLATION,
           "kept at a new hand": pb.REASON_KEPT_AT_NEW_HAND}


def reason(why: str) -> dict:
    """The typed fields of a `Reason` (CardsSeen, Knowledge): one of REASONS, else the name
    of the power or edict whose effect it is."""
    if why in REASONS:
        return {"why": REASONS[why]}
    if why in MOON_NAMES:
        return {"why": pb.REASON_MOON, "moon": MOON_NAMES[why]}
    if why in POWER_ID:
        return {"why": pb.REASON_POWER, "power": POWER_ID[why]}
    if why in EDICTS:
        return {"why": pb.REASON_EDICT, "edict": why}
    raise ValueError(f"cosmic: no reason named {why!r}")
