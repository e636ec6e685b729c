"""The engine's shape: one home per piece, a flow that names none, no import cycle."""

from __future__ import annotations

import ast
import os
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
    moonboard,
    moonflow,
    moontools,
    pieces,
    powers,
    registry,
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
             *(Path(m.__file__) for m in (tasks, pieces, actions, board, ctx, moonflow,
                                          moonboard, moontools, registry))]
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
    from cosmodrome.games.cosmic import Cosmic, powers
    powers.register_package("zz_extra_powers")
    from cosmodrome.games.cosmic.powers import POWER_ID
    from tests.games.cosmic.cosmic_helpers import (card_of, cards_down, duel, pass_windows)
    a4, a20 = card_of("attack", 4), card_of("attack", 20)
    b4, b20 = card_of("attack", 4, skip=1), card_of("attack", 20, skip=1)
    st = duel(["zz_hundred", "none", "none"], [a4, a20], [b20, b4])
    cards_down(st, a4, b20)
    pass_windows(st)
    assert st.enc.winner == 1, st.enc.winner  # the offence: 4 + 2 + 100 beats 20 + 2
    assert POWER_ID["zz_hundred"] == 20 and POWER_ID["voleur"] == 19
    print("ok")
''')


def _extra_powers(tmp_path: Path, ids: str | None) -> Path:
    """A package of powers outside the source tree, `zz_extra_powers`, holding the test power
    and the given `ids.json` text (None: no ids.json)."""
    package = tmp_path / "zz_extra_powers"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "zz_hundred.py").write_text(_TEST_POWER)
    if ids is not None:
        (package / "ids.json").write_text(ids)
    return tmp_path


def _run(script: str, *paths: Path) -> subprocess.CompletedProcess:
    root = Path(__file__).parents[3]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*map(str, paths), str(root)])}
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=root, env=env, timeout=120)


def test_a_power_in_a_package_of_its_own_plays_under_the_id_its_ids_json_gives(
        tmp_path) -> None:
    """A power module with its line in ids.json is a power: named in options, dealt, its
    hooks called; the package is a temporary one, the source tree is not written."""
    out = _run(_PLAY, _extra_powers(tmp_path, '{"ids": {"zz_hundred": 20}}'))
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


_REGISTER = textwrap.dedent('''
    from cosmodrome.games.cosmic import powers
    powers.register_package("zz_extra_powers")
''')


def test_a_power_module_without_an_id_fails_at_start_naming_it(tmp_path) -> None:
    out = _run(_REGISTER, _extra_powers(tmp_path, '{"ids": {}}'))
    assert out.returncode != 0
    assert "IdError" in out.stderr and "no id for the module(s) [\'zz_hundred\']" in out.stderr


def test_a_power_listed_twice_fails_at_start_naming_it(tmp_path) -> None:
    ids = '{"ids": {"zz_hundred": 20, "zz_hundred": 21}}'
    twice = _run(_REGISTER, _extra_powers(tmp_path, ids))
    assert twice.returncode != 0 and "listed twice: [\'zz_hundred\']" in twice.stderr


def test_an_id_given_twice_fails_at_start(tmp_path) -> None:
    """Two modules under one id, or a new power under an id already taken."""
    package = _extra_powers(tmp_path, '{"ids": {"zz_hundred": 20, "zz_other": 20}}')
    (package / "zz_extra_powers" / "zz_other.py").write_text(_TEST_POWER)
    out = _run(_REGISTER, package)
    assert out.returncode != 0 and "id(s) given twice: [20]" in out.stderr
    (package / "zz_extra_powers" / "zz_other.py").unlink()
    (package / "zz_extra_powers" / "ids.json").write_text('{"ids": {"zz_hundred": 3}}')
    taken = _run(_REGISTER, package)
    assert taken.returncode != 0 and "id 3, but the next free id is 20" in taken.stderr


def test_every_piece_package_lists_each_of_its_modules_in_its_ids_json() -> None:
    """The shipped packages load (registry.load checks both ways); the ids are the ones
    stored matches hold: the seed's order for the powers, the numbers for the moons."""
    from cosmodrome.games.cosmic import registry
    assert [p.name for p in registry.POWERS][:3] == ["chercheur", "machine", "amibe"]
    assert all(registry.MOONS[n].name.startswith(f"{n:02d}_") for n in registry.MOONS)
    for package in ("powers", "moons", "edicts", "flares"):
        listed = registry.load(f"cosmodrome.games.cosmic.{package}")
        on_disk = {m.stem for m in (PACKAGE / package).glob("*.py") if not m.stem.startswith("_")}
        assert {m.__name__.rsplit(".", 1)[1] for m, _ in listed} == on_disk


def _imports(path: Path, prefix: str) -> set[str]:
    """Modules of the package `path`'s module imports, at its top level or inside a function
    (a deferred import is still a dependency); those under `if TYPE_CHECKING:` are left out,
    as they never run."""
    tree = ast.parse(path.read_text())
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
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


def test_the_registry_is_a_leaf_importing_nothing_of_the_engine() -> None:
    text = (PACKAGE / "registry.py").read_text()
    assert not _imports(PACKAGE / "registry.py", "cosmodrome") and "cosmodrome" not in \
        "".join(line for line in text.splitlines() if line.startswith(("import", "from")))


def test_no_import_cycle_among_the_cosmic_modules_counting_deferred_imports() -> None:
    """No cycle, an import inside a function counted as any other (issue 22: seven modules
    cycled through ten deferred imports)."""
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


def test_a_hook_has_two_users_or_a_line_saying_why_one_is_enough() -> None:
    """Issue 22: hooks at the grain of one piece pile up; a hook answered by fewer than two
    piece classes says why one is enough in a docstring line starting "One user:"."""
    import inspect

    from cosmodrome.games.cosmic import hooks, registry
    bases = (hooks.Piece, hooks.Moon, hooks.Edict, hooks.Flare)
    held = [*registry.POWERS, *registry.EDICTS.values(), *registry.MOONS.values(),
            *registry.FLARES.values()]
    unexplained = []
    for base in bases:
        for name, hook in vars(base).items():
            if name.startswith("_") or not callable(hook):
                continue
            users = {c for piece in held for c in type(piece).__mro__
                     if c not in (*bases, object) and name in vars(c)}
            doc = inspect.getdoc(hook) or ""
            if len(users) < 2 and not any(line.startswith("One user:")
                                          for line in doc.splitlines()):
                unexplained.append(f"{base.__name__}.{name}")
    assert not unexplained, unexplained


# Each capability (issue 22 point 2) and the modules that ask it (its dispatcher; the victory
# rule is data, its terms read where the win is counted): what a new piece implements
# instead of adding a hook.
CAPABILITIES = {
    r"\.combat\(": {"moonflow.py"},                    # the combat modifier
    r"\.on_landing\(": {"moontools.py"},               # the landing effect
    r"\.victory\b": {"moonboard.py", "moonflow.py"},   # the victory rule
    r"\.at_card_step\(": {"pieces.py"},                # the card-step action
    r"\.table_rule\(": {"moonflow.py"},                # the table rule
    r"\.on_moment\(": {"moonboard.py"},                # a moment of the rules a moon hears
}


def test_each_capability_is_asked_by_one_dispatcher() -> None:
    """Issue 22: a capability has one dispatcher; the flow and the pieces go through it."""
    strays = {}
    for path in PACKAGE.rglob("*.py"):
        module, text = str(path.relative_to(PACKAGE)), path.read_text()
        for pattern, askers in CAPABILITIES.items():
            if module not in {"hooks.py", *askers} and re.search(pattern, text):
                strays.setdefault(pattern, []).append(module)
    assert not strays, strays


def test_a_piece_hears_only_moments_the_hooks_name() -> None:
    """A landing effect, a card-step action or a moon's moment is asked at the moments a
    piece lists: a moment the dispatchers never announce (a typo) would silence it."""
    from cosmodrome.games.cosmic import hooks
    known = {"landings": {hooks.LANDED, hooks.REVEALED, hooks.ANY_MOON},
             "card_moments": {hooks.CARDS_DUE, hooks.CARDS_DOWN, hooks.CARDS_REVEALED},
             "hears": {hooks.DRAWN, hooks.BODY_DESTROYED, hooks.DISC_TURNED,
                       hooks.ENCOUNTER_OVER}}
    held = [*registry.POWERS, *registry.EDICTS.values(), *registry.MOONS.values(),
            *registry.FLARES.values()]
    unknown = [(piece.name, kind, sorted(getattr(piece, kind) - moments))
               for piece in held for kind, moments in known.items()
               if getattr(piece, kind, frozenset()) - moments]
    assert not unknown, unknown


def test_a_name_list_of_ids_refuses_a_name_twice_and_a_module_missing(
        tmp_path, monkeypatch) -> None:
    """The edicts' and flares' ids.json is a list of names: the same checks as the powers'."""
    import pytest

    from cosmodrome.games.cosmic import registry
    package = tmp_path / "zz_extra_edicts"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "zz_one.py").write_text("EDICT = None\n")
    (package / "zz_two.py").write_text("EDICT = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    (package / "ids.json").write_text('{"ids": ["zz_one", "zz_two", "zz_one"]}')
    with pytest.raises(registry.IdError, match=r"listed twice: \['zz_one'\]"):
        registry.load("zz_extra_edicts")
    (package / "ids.json").write_text('{"ids": ["zz_one"]}')
    with pytest.raises(registry.IdError, match=r"no id for the module\(s\) \['zz_two'\]"):
        registry.load("zz_extra_edicts")
    (package / "ids.json").write_text('{"ids": ["zz_one", "zz_two"]}')
    assert [name for _, name in registry.load("zz_extra_edicts")] == ["zz_one", "zz_two"]
