"""Backward compatibility of the protobuf contract, checked against a committed lock.

`python -m cosmodrome.contract --write` records every message field, enum value and RPC of
the cosmodrome.* packages in proto/contract.lock.json (run it when a change is released);
the tests then refuse any change that would break a client built on the lock: a field
retyped, renamed or removed, an enum value renamed or removed, an RPC removed or retyped.
Additions are always allowed. (To retire a field, reserve its number in the .proto and
rewrite the lock deliberately.)
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FileDescriptor

import cosmodrome

LOCK = Path(__file__).resolve().parents[2] / "proto" / "contract.lock.json"


def _generated_files() -> list[FileDescriptor]:
    """Every generated module of the cosmodrome package (found on disk: the v1 folders are
    namespace packages, which pkgutil does not walk)."""
    root = Path(cosmodrome.__file__).parent
    files = []
    for path in sorted(root.rglob("*_pb2.py")):
        name = ".".join(("cosmodrome", *path.relative_to(root).with_suffix("").parts))
        files.append(importlib.import_module(name).DESCRIPTOR)
    return files


def _message(desc: Descriptor, out: dict) -> None:
    out["messages"][desc.full_name] = {
        str(f.number): {"name": f.name, "type": f.type, "repeated": f.is_repeated,
                        "message": f.message_type.full_name if f.message_type else "",
                        "enum": f.enum_type.full_name if f.enum_type else ""}
        for f in desc.fields}
    for nested in desc.nested_types:
        if not nested.GetOptions().map_entry:
            _message(nested, out)
    for enum in desc.enum_types:
        _enum(enum, out)


def _enum(desc: EnumDescriptor, out: dict) -> None:
    out["enums"][desc.full_name] = {str(v.number): v.name for v in desc.values}


def snapshot() -> dict:
    out: dict = {"messages": {}, "enums": {}, "services": {}}
    for file in _generated_files():
        for message in file.message_types_by_name.values():
            _message(message, out)
        for enum in file.enum_types_by_name.values():
            _enum(enum, out)
        for service in file.services_by_name.values():
            out["services"][service.full_name] = {
                m.name: [m.input_type.full_name, m.output_type.full_name,
                         m.server_streaming] for m in service.methods}
    return out


def breaking_changes(locked: dict, current: dict) -> list[str]:
    """Every way `current` breaks a client of `locked`; empty when compatible."""
    problems = []
    for name, old in locked["messages"].items():
        new = current["messages"].get(name)
        if new is None:
            problems.append(f"message {name} removed")
            continue
        for number, field in old.items():
            now = new.get(number)
            if now is None:
                problems.append(f"{name} field {number} ({field['name']}) removed")
            elif now != field:
                problems.append(f"{name} field {number} changed: {field} -> {now}")
    for name, values in locked["enums"].items():
        now = current["enums"].get(name, {})
        for number, value in values.items():
            if now.get(number) != value:
                problems.append(f"enum {name} value {number} ({value}) changed or removed")
    for name, methods in locked["services"].items():
        now = current["services"].get(name, {})
        for method, signature in methods.items():
            if now.get(method) != signature:
                problems.append(f"rpc {name}.{method} changed or removed")
    return problems


def main() -> int:
    if "--write" in sys.argv:
        LOCK.write_text(json.dumps(snapshot(), indent=1, sort_keys=True) + "\n")
        print(f"wrote {LOCK}")
        return 0
    problems = breaking_changes(json.loads(LOCK.read_text()), snapshot())
    print("\n".join(problems) or "contract compatible with the lock")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
