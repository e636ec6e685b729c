"""The Cosmic contract's shape: typed, not encoded (issue 9, item 3).

What a client reads (the View and the events) holds no packed integers, no -1 sentinels and no
English text: only ids, enums, optional fields and content keys. The whole proto (the State
too) documents no sentinel and no overloaded `arg`; tasks are a oneof of per-kind messages.
"""

from __future__ import annotations

import re
from pathlib import Path

from google.protobuf.descriptor import FieldDescriptor

from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

PROTO = Path(__file__).parents[3] / "proto/cosmodrome/games/cosmic/v1/cosmic.proto"
# the string fields allowed: names of content (powers, edicts), never prose
CONTENT_KEYS = {"Options.powers", "CardInfo.edict", "PowerInfo.name", "PowerInfo.english",
                "Knowledge.edict", "CardsSeen.edict",
                "MoonInfo.name", "MoonInfo.english",  # the catalog's static moon table (Content)
                "PlayEdict.as_edict", "EdictPlayed.as_edict",  # moon 17: an edict's content name
                "CardInfo.power",  # a flare's power name, as PowerInfo.name
                # the catalog's texts of edicts, flares and powers (Content)
                "CardInfo.text", "CardInfo.flare_name", "CardInfo.wild", "CardInfo.parasite",
                "PowerInfo.text"}


def _messages(root) -> list:
    """`root` and every message type reachable from it."""
    seen, todo = {}, [root]
    while todo:
        m = todo.pop()
        if m.full_name in seen:
            continue
        seen[m.full_name] = m
        todo += [f.message_type for f in m.fields if f.message_type is not None]
    return list(seen.values())


def _blocks(text: str) -> dict[str, str]:
    """The source of each top-level message of the proto, by name."""
    return {m.group(1): m.group(0) for m in re.finditer(
        r"^message (\w+) \{.*?^\}", text, re.M | re.S)}


def test_no_string_field_but_content_keys() -> None:
    strings = {f"{m.name}.{f.name}" for m in pb.DESCRIPTOR.message_types_by_name.values()
               for sub in _messages(m) for f in sub.fields
               if f.type == FieldDescriptor.TYPE_STRING for m in [sub]}
    assert strings <= CONTENT_KEYS, strings - CONTENT_KEYS


def test_no_packed_integer_is_documented_anywhere() -> None:
    text = PROTO.read_text()
    live = "\n".join(line for line in text.splitlines() if "reserved" not in line)
    assert not re.search(r"\*\s*(64|players)\b", live)


def test_what_a_client_reads_has_no_minus_one_sentinel() -> None:
    """The View and Event messages (and all they hold) document no -1 value."""
    blocks = _blocks(PROTO.read_text())
    read = {m.name for root in (pb.View.DESCRIPTOR, pb.Event.DESCRIPTOR)
            for m in _messages(root)}
    sentinels = {name for name in read if re.search(r"-[123]\b", blocks.get(name, ""))}
    assert not sentinels, sentinels


def _all_messages() -> list:
    return [sub for m in pb.DESCRIPTOR.message_types_by_name.values() for sub in _messages(m)]


def test_no_field_is_named_arg() -> None:
    """Arguments are typed (a card, a `Question`, a `PowerScope`, ...), never one overloaded
    integer whose meaning depends on the power, the edict or the task."""
    named_arg = {f"{m.name}.{f.name}" for m in _all_messages() for f in m.fields
                 if f.name == "arg" or f.name.endswith("_arg")}
    assert not named_arg, named_arg


def test_no_minus_one_sentinel_is_documented_anywhere() -> None:
    """No message of cosmic.proto, the State included, documents a -1 (-2, -3) value: an
    absent value is an unset optional field (or a message, or an enum's UNSPECIFIED)."""
    blocks = _blocks(PROTO.read_text())
    sentinels = {name for name, text in blocks.items()
                 if re.search(r"-[123]\b", text)}
    assert not sentinels, sentinels


def _is_oneof_of_messages(desc, common: set[str]) -> bool:
    """Every field of `desc` but `common` is a message in its one oneof `kind`."""
    kind = desc.oneofs_by_name.get("kind")
    rest = [f for f in desc.fields if f.name not in common]
    return kind is not None and bool(rest) and all(
        f.containing_oneof is kind and f.message_type is not None for f in rest)


def test_tasks_are_a_oneof_of_per_kind_messages() -> None:
    """`Task` and `TaskView`: the seat, then one message per kind with only its fields."""
    assert _is_oneof_of_messages(pb.Task.DESCRIPTOR, {"seat"})
    assert _is_oneof_of_messages(pb.TaskView.DESCRIPTOR, {"seat"})
    assert "TaskKind" not in pb.DESCRIPTOR.enum_types_by_name  # the kind is the oneof member
    task_kinds = {f.name for f in pb.Task.DESCRIPTOR.oneofs_by_name["kind"].fields}
    view_kinds = {f.name for f in pb.TaskView.DESCRIPTOR.oneofs_by_name["kind"].fields}
    assert task_kinds <= view_kinds, task_kinds - view_kinds  # every kind may be shown
