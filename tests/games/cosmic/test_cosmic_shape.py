"""The engine's shape: one home per piece, a flow that names none, no import cycle."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
import unicodedata
from pathlib import Path

from cosmodrome.games.cosmic import (
    actions,
    board,
    ctx,
    edicts,
    flow,
    moonflow,
    pieces,
    powers,
    tasks,
)
from cosmodrome.games.cosmic.content_000 import MOONS

PACKAGE = Path(board.__file__).parent


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _piece_words() -> set[str]:
    words = set()
    for p in powers.POWERS:
        words |= {p.name, _ascii(p.en.split()[0])}
    for name in edicts.__dict__.get("__all__", ()) or pieces.EDICTS:
        words |= set(name.split("_")) | {name}
    words |= {"peste", "moebius", "stellaire", "emotionnel", "force"}
    for moon in pieces.MOONS.values():  # a moon's module name and its seed name
        words.add(moon.name)
    words |= {w for m in MOONS for w in _ascii(m.name).split() if len(w) > 4}
    return words - {"de", "moon"}  # "moon" of moon_zap: the noun every moon part uses


def test_the_flow_names_no_power_no_edict_and_no_moon() -> None:
    """ARCHITECTURE 11: the flow (steps, tasks, the shared actions and helpers, the moon
    parts of the turn) names no piece; pieces act only through hooks. A moon is named by
    its module, its seed name or its number ("moon 15", "moons 41-51")."""
    words = _piece_words()
    paths = [*Path(flow.__file__).parent.glob("*.py"),  # every module of the flow package
             *(Path(m.__file__) for m in (tasks, pieces, actions, board, ctx, moonflow))]
    for path in paths:
        text = _ascii(path.read_text())
        found = sorted(w for w in words if re.search(rf"\b{re.escape(w)}\b", text))
        found += re.findall(r"\bmoons? \d+", text)
        assert not found, f"{path.relative_to(PACKAGE)} names {found}"


def test_every_power_and_edict_has_its_own_module() -> None:
    assert sorted(p.name for p in powers.POWERS) == sorted(
        m.stem for m in (PACKAGE / "powers").glob("*.py") if not m.stem.startswith("_"))
    assert sorted(pieces.EDICTS) == sorted(
        m.stem for m in (PACKAGE / "edicts").glob("*.py") if not m.stem.startswith("_"))
    assert len(powers.POWERS) == 20 and len(pieces.EDICTS) == 10


_TEST_POWER = textwrap.dedent('''
    """A power for the tests only: its side adds 100 to its total."""
    from cosmodrome.games.cosmic import pieces
    from cosmodrome.games.cosmic.hooks import Piece


    class Hundred(Piece):
        name, en, mandatory = "zz_hundred", "Hundred", True

        def side_total(self, st, ctx, seat, value, tokens):
            if ctx is not None:
                pieces.use(st, ctx, seat, self.name)
            return value + tokens + 100


    POWER = Hundred()
''')

_PLAY = textwrap.dedent('''
    from cosmodrome.games.cosmic import Cosmic
    from cosmodrome.games.cosmic.powers import POWER_ID
    from tests.games.cosmic.cosmic_helpers import (card_of, cards_down, duel, pass_windows)
    a4, a20 = card_of("attack", 4), card_of("attack", 20)
    b4, b20 = card_of("attack", 4, skip=1), card_of("attack", 20, skip=1)
    st = duel(["zz_hundred", "none", "none"], [a4, a20], [b20, b4])
    cards_down(st, a4, b20)
    pass_windows(st)
    assert st.enc.winner == 1, st.enc.winner  # the offence: 4 + 2 + 100 beats 20 + 2
    assert POWER_ID["zz_hundred"] == 20
    print("ok")
''')


def test_a_power_dropped_into_the_powers_folder_plays_with_no_other_edit() -> None:
    """A module in powers/ is a power: named in options, dealt, its hooks called."""
    path = PACKAGE / "powers" / "zz_hundred.py"
    path.write_text(_TEST_POWER)
    try:
        out = subprocess.run([sys.executable, "-c", _PLAY], capture_output=True, text=True,
                             cwd=Path(__file__).parents[3], timeout=120)
    finally:
        path.unlink()
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def _imports(path: Path, prefix: str) -> set[str]:
    """Modules of the package `path`'s module imports at its top level."""
    out = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                out.add(sub if _module_path(sub, prefix) else node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name.startswith(prefix)}
    return out


def _module_path(name: str, prefix: str) -> Path | None:
    rel = Path(*name[len(prefix):].strip(".").split(".")) if name != prefix else Path()
    for candidate in (PACKAGE / rel.with_suffix(".py"), PACKAGE / rel / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def test_no_import_cycle_among_the_cosmic_modules() -> None:
    prefix = "cosmodrome.games.cosmic"
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if "v1" in path.parts:
            continue
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = [p for p in rel.parts if p != "__init__"]
        graph[".".join([prefix, *parts])] = _imports(path, prefix)
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                raise AssertionError(" -> ".join([*trail, node, nxt]))
            if nxt not in state:
                visit(nxt, [*trail, node])
        state[node] = 2

    for node in graph:
        if node not in state:
            visit(node, [])
