"""The turn graph as data (issue 22, point 1): one writer of `State.step` (`flow.graph.goto`),
a window opens only by entering its step, games move only along the edges the table lists,
and docs/rules/cosmic-turn.mmd is the table drawn (`python -m tests.games.cosmic.test_turn_graph`
writes it anew)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from cosmodrome.games.cosmic import Cosmic, board, flow
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow import graph
from cosmodrome.games.cosmic.flow.cards import replay_cards
from cosmodrome.games.cosmic.flow.graph import FROM_ANY_STEP, STEPS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from tests.games.cosmic.cosmic_helpers import B, able, card_of, cards_down, duel, pass_until

A4, A6, A12, A20 = (card_of("attack", v) for v in (4, 6, 12, 20))
PACKAGE = Path(board.__file__).parent
DOC = Path(__file__).parents[3] / "docs" / "rules" / "cosmic-turn.mmd"
WRITER = ("flow/graph.py", "goto")  # the one function that may write the step


def _sources() -> list[tuple[str, ast.Module]]:
    return [(str(p.relative_to(PACKAGE)), ast.parse(p.read_text()))
            for p in sorted(PACKAGE.rglob("*.py")) if "v1" not in p.parts]


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Tuple | ast.List):
        return [t for elt in node.elts for t in _targets(elt)]
    return [node.value] if isinstance(node, ast.Starred) else [node]


def _writes_step(node: ast.AST) -> bool:
    """`x.step = ...` (or +=, or in a tuple), `x.ClearField("step")`, `setattr(x, "step", ...)`."""
    if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return any(isinstance(t, ast.Attribute) and t.attr == "step"
                   for target in targets for t in _targets(target))
    if isinstance(node, ast.Call):
        named = [a.value for a in node.args if isinstance(a, ast.Constant)]
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "ClearField":
            return "step" in named
        return isinstance(func, ast.Name) and func.id in ("setattr", "delattr") and \
            "step" in named
    return False


class _StepWrites(ast.NodeVisitor):
    """(module, innermost enclosing function, line) of every write of a `.step` attribute."""

    def __init__(self, rel: str) -> None:
        self.rel, self.within, self.found = rel, ["<module>"], []

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.within.append(node.name)
        self.generic_visit(node)
        self.within.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def generic_visit(self, node: ast.AST) -> None:
        if _writes_step(node):
            self.found.append((self.rel, self.within[-1], node.lineno))
        super().generic_visit(node)


def _writers(sources: list[tuple[str, ast.Module]]) -> list[tuple[str, str, int]]:
    out = []
    for rel, tree in sources:
        visitor = _StepWrites(rel)
        visitor.visit(tree)
        out += visitor.found
    return out


def test_only_goto_writes_the_step() -> None:
    """Every move of `State.step` goes through `flow.graph.goto`: the steps and the pieces
    return or ask for the step to move to, they never write it."""
    writers = _writers(_sources())
    assert [(rel, name) for rel, name, _ in writers] == [WRITER], writers


def test_the_ast_check_finds_a_write_in_another_module() -> None:
    """The check itself sees the forms a write may take, wherever it is."""
    for code in ("def f(st):\n    st.step = 3\n",
                 "def f(st):\n    st.enc.offense, st.step = 1, 2\n",
                 "def f(st):\n    st.ClearField('step')\n", "st.step += 1\n",
                 "def f(st):\n    setattr(st, 'step', 4)\n"):
        found = _writers([("powers/somewhere.py", ast.parse(code))])
        assert [r for r, _, _ in found] == ["powers/somewhere.py"], code


def test_a_window_opens_only_by_entering_its_step() -> None:
    """`open_window` is named only where it is defined and in the table (the window steps'
    `enter`), so no code opens a window without `goto` moving to its step."""
    named = sorted({rel for rel, tree in _sources() for n in ast.walk(tree)
                    if (isinstance(n, ast.Name) and n.id == "open_window")
                    or (isinstance(n, ast.Attribute) and n.attr == "open_window")
                    or (isinstance(n, ast.alias) and n.name == "open_window")})
    assert named == ["flow/table.py"]
    windows = [s for s, step in STEPS.items() if step.enter is not None
               and step.enter.__name__ == "open_window"]
    assert windows == [pb.STEP_START_WINDOW, pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL,
                       pb.STEP_POST_REVEAL, pb.STEP_CLEANUP]


def test_every_step_is_in_the_table_and_reachable_from_the_start() -> None:
    assert sorted(STEPS) == sorted(pb.Step.values())
    seen, todo = set(), [pb.STEP_UNSPECIFIED]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo += [*STEPS[s].to, *FROM_ANY_STEP]
    assert seen == set(STEPS)
    for s, step in STEPS.items():
        assert set(step.to) <= set(STEPS), pb.Step.Name(s)
        if isinstance(step.then, int):  # a fixed next step is one of its edges
            assert step.then in step.to, pb.Step.Name(s)


GAMES = [  # (players, seed, options): the rule book's paths and the variants' steps
    (4, 1, {}), (5, 2, {}), (2, 3, {}), (3, 4, dict(star_discs=True)),
    (6, 5, dict(two_of_three=True)), (5, 6, dict(power_rotation=True, powers_per_player=2)),
    (4, 7, dict(ruleset=pb.RULESET_COSMIC)), (2, 8, dict(ruleset=pb.RULESET_COSMIC)),
    (3, 9, dict(powers=["chronos", "oracle", "sorcier"])),
    (4, 10, dict(powers=["chronos", "macron", "vide", "laser"], min_window_ms=1000)),
]


def _play(players: int, seed: int, options: dict) -> None:
    game, rnd, now = Cosmic(), random.Random(seed), 0
    st = game.setup(pb.Options(**options), players, rnd.getrandbits(64))
    while decisions := game.decisions(st):
        deadlines = [d.deadline_ms for d in decisions if d.deadline_ms]
        if deadlines and rnd.random() < 0.3:  # a deadline passes
            now = max(now, min(deadlines))
            game.timeout(st, now)
            continue
        d = rnd.choice(decisions)
        game.apply(st, d.seat, rnd.choice(d.options), now)


def test_games_move_only_along_the_edges_the_table_lists() -> None:
    """Full random games (every rule book path, the variants, a replay of the cards, timed
    windows): each move of the step is an edge of the table, or one any step may take."""
    with graph.tracing() as moves:
        for case in GAMES:
            _play(*case)
    unlisted = sorted({(pb.Step.Name(a), pb.Step.Name(b)) for a, b in moves
                       if b not in STEPS[a].to and b not in FROM_ANY_STEP})
    assert not unlisted
    seen = set(moves)  # the tracing saw the paths that need a function to name them
    for edge in ((pb.STEP_LAUNCH, pb.STEP_RESOLVE), (pb.STEP_RESOLVE, pb.STEP_DEAL),
                 (pb.STEP_START_WINDOW, pb.STEP_DESTINY), (pb.STEP_NEXT, pb.STEP_ROTATION),
                 (pb.STEP_POST_REVEAL, pb.STEP_PRE_CARDS), (pb.STEP_NEXT, pb.STEP_RETRIEVE)):
        assert edge in seen, edge


def test_a_replay_of_the_cards_undoes_what_they_decided_and_resumes_the_pre_cards_window() -> None:
    """Chronos (seed 001: "Vous reprenez alors le déroulement du duel en choisissant chacun
    une carte de duel") asks the flow to replay the cards: the flow resets what the cards down
    decided and comes back to the end of the pre-cards window (its deadline kept, nobody asked
    again there), so the cards are due at once."""
    st = duel(["none", "none", "none"], [A4, A20], [A12, A6])
    cards_down(st, A4, A12)
    pass_until(st, pb.STEP_POST_REVEAL)
    e = st.enc
    e.swapped = e.compromise_off = e.compromise_def = True
    e.ext_off.extra.append(A6)
    e.window_deadline_ms = 900  # the post-reveal window's minimum time, not over yet
    ctx = Ctx(st, [], 0)
    replay_cards(st, ctx)
    assert (B.played(st, "off"), B.played(st, "def")) == (B.NO_CARD_YET, B.NO_CARD_YET)
    assert not (e.revealed or e.swapped or e.compromise_off or e.compromise_def)
    assert not e.HasField("ext_off") or not e.ext_off.extra
    assert st.step == pb.STEP_PRE_CARDS and not e.window_seats and e.window_deadline_ms == 900
    flow.settle(st, Ctx(st, [], 0))
    assert st.step == pb.STEP_PRE_CARDS and {k for _, k in able(st)} == {"window_wait"}
    flow.settle(st, Ctx(st, [], 1000))  # past the window's minimum: the cards are due
    assert st.step == pb.STEP_CARDS and able(st) == [(0, "encounter_card"), (1, "encounter_card")]


def _node(step: int) -> str:
    return pb.Step.Name(step).removeprefix("STEP_")


def mermaid() -> str:
    """The turn graph, drawn from the table: each step's edges, in the table's order."""
    lines = ["%% Generated from flow/table.py (STEPS) by tests/games/cosmic/test_turn_graph.py:",
             "%% python -m tests.games.cosmic.test_turn_graph writes it anew. Do not edit.",
             "stateDiagram-v2"]
    for s, step in STEPS.items():
        source = "[*]" if s == pb.STEP_UNSPECIFIED else _node(s)
        for t, when in step.to.items():
            lines.append(f"    {source} --> {_node(t)}" + (f" : {when}" if when else ""))
    for t, when in FROM_ANY_STEP.items():
        lines.append(f"    {_node(t)} --> [*]")
        lines.append(f"    note left of {_node(t)} : from any step, {when}")
    return "\n".join(lines) + "\n"


def test_the_turn_graph_doc_is_the_table_drawn() -> None:
    assert DOC.read_text() == mermaid(), (
        "docs/rules/cosmic-turn.mmd differs from the table: "
        "python -m tests.games.cosmic.test_turn_graph writes it anew")


@pytest.mark.parametrize("label", [w for step in STEPS.values() for w in step.to.values()])
def test_edge_labels_are_plain_words(label: str) -> None:
    """A label Mermaid reads as text: no colon, semicolon, quote or brace."""
    assert not set(label) & set(':;"{}#')


if __name__ == "__main__":
    DOC.write_text(mermaid())
    print(f"wrote {DOC}")
