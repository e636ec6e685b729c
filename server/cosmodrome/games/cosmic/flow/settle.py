"""What the host calls: the decisions owed, a move applied, a deadline passed; and `settle`,
which runs the automatic steps (the queue of tasks first, then the table's) until a decision
is owed or the game is over."""

from __future__ import annotations

from cosmodrome.core.engine import Decision, Event
from cosmodrome.games.cosmic import actions, moonflow, tasks
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow import table  # noqa: F401 - fills graph.STEPS
from cosmodrome.games.cosmic.flow.deal import deal_open, no_deal
from cosmodrome.games.cosmic.flow.graph import STEPS, goto, move_on, then_of
from cosmodrome.games.cosmic.flow.turn import check_victory, turn_step
from cosmodrome.games.cosmic.flow.windows import (
    AUTO_PASS_ON,
    WINDOW_STEPS,
    window_min_reached,
    window_seat,
)
from cosmodrome.games.cosmic.hooks import TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

AUTO_PASS_OFF = pb.Move(auto_pass=pb.AutoPass(on=False))  # be asked again


def start_turn(st: pb.State, events: list[Event], seat: int, now: int = 0) -> None:
    ctx = Ctx(st, events, now)
    goto(st, ctx, turn_step(st, ctx, seat))
    settle(st, ctx)
    st.rng = ctx.rng.state


def start_power_choice(st: pb.State, events: list[Event], now: int = 0) -> None:
    """The game starts with each seat discarding one of three powers (two of three)."""
    goto(st, Ctx(st, events, now), pb.STEP_CHOOSE_POWERS)


def rewind(st: pb.State) -> None:
    """Back to before the first turn (a position is set up on a fresh game)."""
    goto(st, Ctx(st, [], 0), pb.STEP_UNSPECIFIED)


def decisions(st: pb.State) -> list[Decision]:
    if st.finished:
        return []
    owed = task_decisions(st, st.tasks[0]) if st.tasks else STEPS[st.step].asks(st)
    return with_auto_pass_off(st, owed)


def with_auto_pass_off(st: pb.State, owed: list[Decision]) -> list[Decision]:
    """`owed`, with the option to clear his auto-pass for each seat who has one set."""
    if any(st.seats[d.seat].auto_pass for d in owed):  # he may clear it at any decision
        owed = [Decision(d.seat, d.kind, d.prompt, [*d.options, AUTO_PASS_OFF], d.deadline_ms)
                if st.seats[d.seat].auto_pass else d for d in owed]
    return owed


def task_decisions(st: pb.State, t: pb.Task) -> list[Decision]:
    kind = tasks.kind(t)
    if kind is tasks.RESPONSE:
        return _responders_asked(actions.response_options(st, t))
    return _task_asked(t, kind, kind.options(st, t))


def _responders_asked(listed: list[tuple[int, list[pb.Move]]]) -> list[Decision]:
    """A response window's decisions, from the (seat, options) it lists."""
    kind = tasks.RESPONSE
    return [Decision(s, kind.name, kind.prompt, [*opts, AUTO_PASS_ON]) for s, opts in listed]


def _task_asked(t: pb.Task, kind: TaskKind, opts: list[pb.Move]) -> list[Decision]:
    """Task `t`'s decision, given its options (none: nothing is asked)."""
    return [Decision(t.seat, kind.name, kind.prompt, opts)] if opts else []


def owes(st: pb.State, seat: int) -> bool:
    """Cheap pre-check: could `seat` owe a decision now? (False is exact; True is checked.)"""
    if st.finished:
        return False
    if st.tasks:
        t = st.tasks[0]
        return t.seat == seat or t.WhichOneof("kind") == "response"
    return STEPS[st.step].asked(st, seat)


def apply_move(st: pb.State, seat: int, move: pb.Move, now: int,
               events: list[Event]) -> list[Decision] | None:
    """Apply `move` and settle; returns the decisions owed then, as settling listed them,
    so the caller need not list them again (None: the game is over)."""
    ctx = Ctx(st, events, now)
    _apply(st, ctx, seat, move)
    owed = settle(st, ctx)
    st.rng = ctx.rng.state
    return None if owed is None else with_auto_pass_off(st, owed)


def _apply(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "auto_pass":
        set_auto_pass(st, seat, move.auto_pass.on)
        return
    if moonflow.use_at_any_time(st, ctx, seat, move):
        return
    if st.tasks:
        t = st.tasks[0]
        if t.WhichOneof("kind") == "response":
            actions.apply_response(st, ctx, t, seat, move)
        elif which == "edict":  # an edict played at any time; the task goes on after it
            actions.play_edict(st, ctx, seat, move.edict)
        else:
            tasks.kind(t).apply(st, ctx, t, move)
        return
    if which == "edict" and st.step not in WINDOW_STEPS:
        # an edict played at any time: the same decision is owed again after it
        actions.play_edict(st, ctx, seat, move.edict)
        return
    step = STEPS[st.step].apply(st, ctx, seat, move)
    if step is not None:
        goto(st, ctx, step)


def set_auto_pass(st: pb.State, seat: int, on: bool) -> None:
    """A standing auto-pass: set, it passes what he is asked now and every window and
    response from now on; cleared, he is asked again."""
    st.seats[seat].auto_pass = on
    if not on:
        return
    if st.tasks and st.tasks[0].WhichOneof("kind") == "response":
        st.tasks[0].response.passed.append(seat)
    elif st.step in WINDOW_STEPS and seat in st.enc.window_seats:
        st.enc.window_seats.remove(seat)


def on_timeout(st: pb.State, now: int, events: list[Event]) -> None:
    """A deadline passed: the deal's minute (no deal), or a window's minimum time (it closes
    if everyone has answered)."""
    if st.finished:
        return
    ctx = Ctx(st, events, now)
    if deal_open(st) and st.deal.deadline_ms and now >= st.deal.deadline_ms:
        no_deal(st, ctx, automatic=True)
    elif st.tasks or window_seat(st) is not None or not window_min_reached(st, ctx):
        return
    else:
        ctx.emit(pb.Event(window_closed=pb.WindowClosed(step=st.step)))
    settle(st, ctx)
    st.rng = ctx.rng.state


def settle(st: pb.State, ctx: Ctx) -> list[Decision] | None:
    """Run automatic steps until a decision is owed or the game is over. Returns the
    decisions owed then, as `decisions` lists them before the auto-pass option (None: the
    game is over)."""
    for _ in range(10_000):
        if st.finished or check_victory(st, ctx):
            moonflow.after_step(st, ctx)  # the last step's moons too: the final state holds
            return                        # none a player has left (m33's Ex tokens)
        moonflow.after_step(st, ctx)
        if st.tasks:
            owed = _settle_task(st, ctx, st.tasks[0])
            if owed:
                return owed
            continue
        if deal_open(st) and not st.deal.deadline_ms and st.deal_timeout_ms:
            st.deal.deadline_ms = ctx.now + st.deal_timeout_ms  # the minute starts now
        window_min_reached(st, ctx)
        owed = STEPS[st.step].asks(st)
        if owed:
            return owed
        step = then_of(st, ctx)
        if step is None:
            raise RuntimeError(f"cosmic: stuck at step {pb.Step.Name(st.step)}")
        move_on(st, ctx, step)
    raise RuntimeError("cosmic: settle did not converge")


def _settle_task(st: pb.State, ctx: Ctx, t: pb.Task) -> list[Decision]:
    """The first task's decisions, if any is owed; else it closes, is skipped or applies
    itself (a lone place to put tokens) and nothing is owed yet."""
    which = t.WhichOneof("kind")
    if which == "response":
        listed = actions.response_options(st, t)
        if listed:
            return _responders_asked(listed)
        actions.close_response(st, ctx, t)
        return []
    kind = tasks.kind(t)
    opts = kind.options(st, t)
    if not opts:
        st.tasks.pop(0)
        if kind.skipped:
            kind.skipped(st, ctx, t)
        return []
    if which == "place" and len(opts) == 1:
        kind.apply(st, ctx, t, opts[0])
        return []
    return _task_asked(t, kind, opts)
