"""Clocks for every game: a platform feature, the same options for each (GameOptions.clock).

A seat's clock runs while the seat owes a decision and no server bot plays it. Its state is
two public fields of the seat, stored in the match record with the version that changes
them: `time_left_ms` (the seat's time at that version) and `clock_due_ms` (set while it
runs: when it runs out). A running clock's due time is one of the match's deadlines, so the
deadline loop fires it once, on any replica, through the compare-and-set.

Elapsed time is measured on the wall clock of the replica applying each change, never
before the match's last change (a replica whose clock lags cannot give time back): a seat
is charged its thinking time to within the replicas' clock skew (docs/api.md).
"""

from __future__ import annotations

from collections.abc import Iterable

from cosmodrome.core.engine import Decision, Game, OptionSpec
from cosmodrome.core.errors import InvalidArgument
from cosmodrome.v1 import games_pb2, match_pb2

NONE = games_pb2.CLOCK_KIND_UNSPECIFIED
PER_MOVE = games_pb2.CLOCK_KIND_PER_MOVE
FISCHER = games_pb2.CLOCK_KIND_FISCHER
CORRESPONDENCE = games_pb2.CLOCK_KIND_CORRESPONDENCE

ZOMBIE = games_pb2.TIMEOUT_POLICY_ZOMBIE
FORFEIT = games_pb2.TIMEOUT_POLICY_FORFEIT
SKIP = games_pb2.TIMEOUT_POLICY_SKIP

DAY_MS = 86_400_000
MIN_MOVE_MS = 100  # below this the deadline loop's tick (100 ms) decides, not the clock
MAX_MOVE_MS = 7 * DAY_MS
MAX_INCREMENT_MS = DAY_MS
MAX_DAYS = 60


def option_specs(game: Game) -> tuple[OptionSpec, ...]:
    """The clock's entries in a game's options schema (ListGames): the same for every game
    but the timeout policies, which depend on what the game's rules allow."""
    policies = ["TIMEOUT_POLICY_ZOMBIE", "TIMEOUT_POLICY_FORFEIT"]
    if game.skippable:
        policies.append("TIMEOUT_POLICY_SKIP")
    return (
        OptionSpec("clock.kind", "enum", "the match's clock (for every game)",
                   default="CLOCK_KIND_UNSPECIFIED",
                   choices=tuple(games_pb2.ClockKind.keys())),
        OptionSpec("clock.move_ms", "int", "PER_MOVE: time for each move, in ms",
                   minimum=MIN_MOVE_MS, maximum=MAX_MOVE_MS),
        OptionSpec("clock.bank_ms", "int", "FISCHER: each seat's starting bank, in ms",
                   minimum=MIN_MOVE_MS, maximum=MAX_MOVE_MS),
        OptionSpec("clock.increment_ms", "int", "FISCHER: added after each move, in ms",
                   default="0", minimum=0, maximum=MAX_INCREMENT_MS),
        OptionSpec("clock.days_per_move", "int", "CORRESPONDENCE: days for each move",
                   minimum=1, maximum=MAX_DAYS),
        OptionSpec("clock.on_timeout", "enum", "what a seat out of time does",
                   default="TIMEOUT_POLICY_ZOMBIE", choices=tuple(policies)),
    )


def check(clock: games_pb2.Clock, game: Game) -> None:
    """INVALID_ARGUMENT naming the option for a clock the match cannot play with."""
    def within(name: str, value: int, low: int, high: int) -> None:
        if not low <= value <= high:
            raise InvalidArgument(f"clock.{name} must be between {low} and {high} for "
                                  f"{games_pb2.ClockKind.Name(clock.kind)}")

    if clock.kind not in games_pb2.ClockKind.values():
        raise InvalidArgument(f"clock.kind {clock.kind} is not a ClockKind")
    if clock.on_timeout not in games_pb2.TimeoutPolicy.values():
        raise InvalidArgument(f"clock.on_timeout {clock.on_timeout} is not a TimeoutPolicy")
    if clock.kind == NONE:
        if clock != games_pb2.Clock():
            raise InvalidArgument("clock options are set but clock.kind is unspecified")
        return
    if clock.on_timeout == SKIP and not game.skippable:
        raise InvalidArgument(f"clock.on_timeout: {game.name} has no turn to skip; "
                              "choose TIMEOUT_POLICY_ZOMBIE or TIMEOUT_POLICY_FORFEIT")
    if clock.kind == PER_MOVE:
        within("move_ms", clock.move_ms, MIN_MOVE_MS, MAX_MOVE_MS)
    elif clock.kind == FISCHER:
        within("bank_ms", clock.bank_ms, MIN_MOVE_MS, MAX_MOVE_MS)
        within("increment_ms", clock.increment_ms, 0, MAX_INCREMENT_MS)
    else:
        within("days_per_move", clock.days_per_move, 1, MAX_DAYS)


def policy(clock: games_pb2.Clock) -> int:
    return clock.on_timeout or ZOMBIE


def _per_move_ms(clock: games_pb2.Clock) -> int:
    """A move's whole time (0 for a bank, which carries over from move to move)."""
    if clock.kind == PER_MOVE:
        return clock.move_ms
    if clock.kind == CORRESPONDENCE:
        return clock.days_per_move * DAY_MS
    return 0


def _starting_ms(clock: games_pb2.Clock) -> int:
    return clock.bank_ms if clock.kind == FISCHER else _per_move_ms(clock)


def start(match: match_pb2.Match) -> None:
    """Play begins: every seat gets its starting time (no clock runs yet)."""
    for seat in match.seats:
        restart(match, seat)


def restart(match: match_pb2.Match, seat: match_pb2.Seat) -> None:
    """The seat's time back to the match's starting time (play begins, or its player
    reclaims it: an abandoned seat's bank may be empty, and would time out at once)."""
    seat.time_left_ms, seat.clock_due_ms = _starting_ms(match.options.clock), 0


def timed_seats(match: match_pb2.Match, decisions: Iterable[Decision]) -> set[int]:
    """Seats whose clock runs: they owe a decision and play it themselves."""
    seats = match.seats
    return {seat for seat in {d.seat for d in decisions} if not seats[seat].bot}


def tick(match: match_pb2.Match, decisions: list[Decision], mover: int, now: int) -> None:
    """Bring every seat's clock to `now`, after a change by `mover` (-1: the server): stop
    the clocks of seats that moved or owe nothing any more (crediting the mover's
    increment, or a new move's whole time), start those of seats that owe now.
    (On every move: written for speed, bench/clocks.py.)"""
    clock = match.options.clock
    if clock.kind == NONE:
        return
    if match.status != match_pb2.MATCH_STATUS_ACTIVE:
        stop_all(match, now)
        return
    last = match.update_time
    now = max(now, last.seconds * 1000 + last.nanos // 1_000_000)  # never before the last
    owing = timed_seats(match, decisions)
    whole = _per_move_ms(clock)
    for seat in match.seats:
        index, due = seat.index, seat.clock_due_ms
        if due:
            if index == mover:
                seat.time_left_ms = whole or max(0, due - now) + clock.increment_ms
                due = seat.clock_due_ms = 0
            elif index not in owing:
                seat.time_left_ms = max(0, due - now)
                due = seat.clock_due_ms = 0
            else:
                seat.time_left_ms = max(0, due - now)
        if not due and index in owing:
            if whole:
                seat.time_left_ms = whole
            seat.clock_due_ms = now + seat.time_left_ms


def stop_all(match: match_pb2.Match, now: int) -> None:
    """The match is over (or plays without a clock): no clock runs."""
    for seat in match.seats:
        if seat.clock_due_ms:
            seat.time_left_ms = max(0, seat.clock_due_ms - now)
            seat.clock_due_ms = 0


def stop(seat: match_pb2.Seat) -> None:
    """A seat out of time: its clock stops at zero."""
    seat.time_left_ms, seat.clock_due_ms = 0, 0


def time_left(match: match_pb2.Match, seat: int, now: int) -> int | None:
    """The seat's time left at `now` (its clock may be running); None without a clock."""
    if match.options.clock.kind == NONE:
        return None
    played = match.seats[seat]
    return max(0, played.clock_due_ms - now) if played.clock_due_ms else played.time_left_ms


def next_due(match: match_pb2.Match) -> int:
    """The earliest running clock's due time (0: none runs)."""
    return min((s.clock_due_ms for s in match.seats if s.clock_due_ms), default=0)


def out_of_time(match: match_pb2.Match, now: int) -> list[int]:
    """Seats whose clock has run out by `now`."""
    return [s.index for s in match.seats if 0 < s.clock_due_ms <= now]
