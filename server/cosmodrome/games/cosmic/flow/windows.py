"""The windows (start, pre-cards, pre-reveal, post-reveal, cleanup): who is asked, in what
order, what he may do, and when the window closes. A window opens only by entering its step
(`open_window` is each window step's `enter` in the table)."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import actions, flares, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.tasks import DONE
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

WINDOW_STEPS = (pb.STEP_START_WINDOW, pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL,
                pb.STEP_POST_REVEAL, pb.STEP_CLEANUP)
AUTO_PASS_ON = pb.Move(auto_pass=pb.AutoPass(on=True))    # pass this and every window


def open_window(st: pb.State, ctx: Ctx) -> None:
    """A window opens: its seats are visited in the seed's order of simultaneous uses. With a
    minimum window time (`Options.min_window_ms`), its deadline is written now: it closes
    once every seat has answered and not before, so its closing time tells nothing of hands."""
    e = st.enc
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))
    minimum = st.options.min_window_ms
    e.window_deadline_ms = ctx.now + minimum if minimum > 0 else 0


def window_seat(st: pb.State) -> int | None:
    """The seat a window is put to now: the next living one in the seed's order, whatever he
    holds (he may only pass, if he has nothing to play), unless he set a standing auto-pass:
    who is asked and when the window closes say nothing of hands or powers."""
    for s in st.enc.window_seats:
        if not st.seats[s].eliminated and not st.seats[s].auto_pass:
            return s
    return None


def window_actions(st: pb.State, seat: int) -> list[pb.Move]:
    if st.seats[seat].eliminated:
        return []
    return (pieces.at_any_time(st, seat) + pieces.window_actions(st, seat, st.step)
            + moonflow.window_moves(st, seat, st.step) + flares.window_actions(st, seat, st.step))


def window_asks(st: pb.State) -> list[Decision]:
    deadline = st.enc.window_deadline_ms
    seat = window_seat(st)
    if seat is not None:
        return [Decision(seat, "window", "Use a power or play an edict, or pass",
                         window_actions(st, seat) + [DONE, AUTO_PASS_ON], deadline)]
    if not deadline:
        return []
    # everyone has answered before the minimum: the window stays open until its deadline;
    # every seat that answered may still act in it (the same question whatever he holds)
    return [Decision(s, "window_wait", "The window is open until its minimum time: use a "
                     "power or play an edict, or wait", [*window_actions(st, s), AUTO_PASS_ON],
                     deadline)
            for s in B.power_order(st) if not st.seats[s].eliminated and not st.seats[s].auto_pass]


def window_min_reached(st: pb.State, ctx: Ctx) -> bool:
    """The minimum window time is over (its deadline is then cleared): True if it was set."""
    e = st.enc
    if st.step in WINDOW_STEPS and 0 < e.window_deadline_ms <= ctx.now:
        e.window_deadline_ms = 0
        return True
    return False


def window_move(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "done":
        st.enc.window_seats.remove(seat)
    elif which == "edict":
        actions.play_edict(st, ctx, seat, move.edict)
    elif which == "flare":
        flares.play(st, ctx, seat, move.flare)
    elif which != "power":
        moonflow.make_window_move(st, ctx, seat, move)
    else:
        name = pieces.POWERS[move.power.power].name
        actions.announce(st, ctx, seat, name, move.power)
