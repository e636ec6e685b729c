"""Ownership of piece state (issue 22, point 3): each piece-specific field of the Cosmic state
names its owner in cosmic.proto (`// owner: <module>, ...` above it); no other module writes
it. The Laser and the Oracle share who chooses or sees a card first through `card_order`,
and `views.py` names no piece: a moon publishes its own view fields (`hooks.Moon.publish`).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from cosmodrome.games.cosmic import board
from tests.games.cosmic.test_cosmic_shape import _ascii, _piece_words

ROOT = Path(__file__).resolve().parents[3]
PROTO = ROOT / "proto/cosmodrome/games/cosmic/v1/cosmic.proto"
PACKAGE = Path(board.__file__).parent
# Calls that change a repeated or message field in place.
MUTATORS = {"append", "extend", "add", "remove", "pop", "insert", "Clear", "CopyFrom",
            "MergeFrom", "sort", "reverse", "__setitem__", "__delitem__"}


def owners() -> dict[str, list[str]]:
    """Field name -> the modules that own it, from the `// owner:` lines of cosmic.proto."""
    out: dict[str, list[str]] = {}
    lines = PROTO.read_text().splitlines()
    for above, line in zip(lines, lines[1:], strict=False):
        tag = re.fullmatch(r"\s*// owner: (.+)", above)
        field = re.match(r"\s*(?:optional |repeated )?[\w.]+ (\w+) = \d+;", line)
        if tag:
            assert field, f"an owner line above no field: {above!r}"
            out[field.group(1)] = [o.strip() for o in tag.group(1).split(",")]
    return out


def _written(tree: ast.AST) -> list[tuple[str, int]]:
    """(field name, line) of every attribute this module's code writes: assigned, deleted,
    cleared (`ClearField("x")`, `setattr(_, "x", _)`) or changed in place (`x.append(...)`)."""
    out = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign | ast.Delete):
            targets = node.targets if isinstance(node, ast.Delete) else [node.target]
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Store | ast.Del):
                    out.append((n.attr, n.lineno))
                elif isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute):
                    out.append((n.value.attr, n.lineno))
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in MUTATORS \
                    and isinstance(f.value, ast.Attribute):
                out.append((f.value.attr, node.lineno))
            named = (isinstance(f, ast.Attribute) and f.attr == "ClearField") or (
                isinstance(f, ast.Name) and f.id == "setattr")
            arg = node.args[0 if isinstance(f, ast.Attribute) else 1] if named and len(
                node.args) > (0 if isinstance(f, ast.Attribute) else 1) else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append((arg.value, node.lineno))
    return out


def _module(path: Path) -> str:
    return path.relative_to(PACKAGE).with_suffix("").as_posix().removesuffix("/__init__")


def _owns(module: str, owner: str) -> bool:
    return module == owner or module.startswith(owner + "/")


def _writers() -> dict[str, set[str]]:
    """Field name -> modules of the engine writing a field of that name. views.py is left
    out: it writes View messages only, never the state (test_cosmic_views)."""
    out: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        if "v1" in path.parts or path.name == "views.py":
            continue
        for field, _ in _written(ast.parse(path.read_text())):
            out.setdefault(field, set()).add(_module(path))
    return out


def test_each_piece_specific_field_is_written_by_its_owner_only() -> None:
    writers = _writers()
    intruders = {field: sorted(m for m in writers.get(field, ()) if not any(
        _owns(m, o) for o in owned)) for field, owned in owners().items()}
    assert not {f: m for f, m in intruders.items() if m}, intruders


def test_every_owner_named_in_the_proto_exists_and_writes_its_field() -> None:
    """An owner line stays true: the module exists and writes the field (so the scan above
    sees the writes it guards)."""
    writers = _writers()
    for field, owned in owners().items():
        for owner in owned:
            assert (PACKAGE / f"{owner}.py").exists() or (PACKAGE / owner).is_dir(), owner
        assert any(_owns(m, o) for m in writers.get(field, ()) for o in owned), field
    assert {"laser_seat", "oracle_seat", "guarded", "ex_owner"} <= set(owners())


def test_the_laser_and_the_oracle_read_no_field_of_each_other() -> None:
    """Who chooses or sees a card first is `card_order`'s: neither piece (nor its flare)
    names the other's field."""
    for name in ("powers/laser.py", "powers/oracle.py", "flares/laser.py", "flares/oracle.py",
                 "flares/__init__.py"):
        text = (PACKAGE / name).read_text()
        assert "laser_seat" not in text and "oracle_seat" not in text, name


def test_views_name_no_piece() -> None:
    """A piece publishes its own view fields (hooks.Moon.publish); the card laid face up
    first comes from card_order: views.py names no power, edict or moon."""
    text = _ascii((PACKAGE / "views.py").read_text())
    found = sorted(w for w in _piece_words() if re.search(rf"\b{re.escape(w)}\b", text))
    found += re.findall(r"\bmoons? \d+|\(\d+\b", text)
    assert not found, found
