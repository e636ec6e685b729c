"""The turn graph's one writer: `goto` moves `State.step`, and nothing else may (an AST test,
tests/games/cosmic/test_turn_graph.py, holds it).

Each step of the table (`table.py`, which fills `STEPS` here so that the phase modules can
move on without importing it) names the steps it may lead to (`Step.to`, drawn in
docs/rules/cosmic-turn.mmd). Its functions return the step to move to (None: stay) and the
caller hands it to `goto`, which writes it and runs what happens on arriving there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

Next = Callable[[pb.State, Ctx], "int | None"]  # the step to move to; None: stay


def _anyone(st: pb.State, seat: int) -> bool:
    return True


@dataclass(frozen=True)
class Step:
    """One step of the turn: who is asked and what (`asks`; `asked`, a cheap pre-check), how a
    listed move applies (`apply`, which may return the step to move to), what happens on
    arriving there (`enter`, which may move on at once) and, once nobody owes anything there,
    the step that comes next (`then`: a step, or a function of the state that returns one,
    after the step's closing work; a function returning the step itself: stay and ask again;
    None: the step can only wait). `to` names every step it may lead to, and when: the graph.
    """

    asks: Callable[[pb.State], list[Decision]]
    apply: Callable[[pb.State, Ctx, int, pb.Move], int | None] | None
    then: int | Next | None
    to: dict[int, str]
    asked: Callable[[pb.State, int], bool] = _anyone
    enter: Next | None = None


STEPS: dict[int, Step] = {}  # the table: filled by `table.py`
FROM_ANY_STEP = {  # what any step may lead to, beside its own `to`
    pb.STEP_OVER: "five foreign bases or one player left (checked after every move)"}

_trace: list[tuple[int, int]] | None = None  # (from, to) of each move, while `tracing`


def goto(st: pb.State, ctx: Ctx, step: int, *, entry: bool = True) -> None:
    """The only writer of `st.step`: move to `step`, run what happens on arriving there
    (`Step.enter`, even when `step` is the current one: a window opens anew), and on to the
    step that returns, if any. `entry=False`: come back to `step` as it was left, nothing run
    (a replay of the cards resumes the pre-cards window once everyone has passed)."""
    while step is not None:
        if _trace is not None:
            _trace.append((st.step, step))
        st.step = step
        enter = STEPS[step].enter if entry else None
        step = None if enter is None else enter(st, ctx)
        entry = True


def move_on(st: pb.State, ctx: Ctx, step: int) -> None:
    """Go to `step`, the one a step's `then` named; the current step itself: it stays (its
    closing work done, it asks again), nothing entered."""
    if step != st.step:
        goto(st, ctx, step)


def then_of(st: pb.State, ctx: Ctx) -> int | None:
    """The step that follows the current one once nobody owes anything there."""
    then = STEPS[st.step].then
    return then if then is None or isinstance(then, int) else then(st, ctx)


@contextmanager
def tracing() -> Iterator[list[tuple[int, int]]]:
    """Every move of the step while inside, as (from, to) pairs (the graph's tests)."""
    global _trace
    _trace = []
    try:
        yield _trace
    finally:
        _trace = None
