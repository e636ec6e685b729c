"""One source of words (ARCHITECTURE rule 13): each game's words are content
(GameContent.words), and both clients render from them (tests/client/test_renderers.py,
clients/web/test/words.test.mjs). Here, the catalog itself: a game that words its moves and
events there words every case; every template names fields its message has; every enum a
template draws by its phrase has words for each value; Cosmic words every note, task, step,
outcome and game end, and names every edict and power in French beside English."""

from __future__ import annotations

import re

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.powers import POWERS
from cosmodrome.games.cosmic.v1 import cosmic_pb2

PLACEHOLDER = re.compile(r"\{([\w.]+)(?::(\w+))?\}")
# the message a key's prefix words, by name in the game's proto ("<prefix>.<case>")
PREFIXES = {"move": "Move", "event": "Event", "task": "TaskView"}
WORDED = sorted(name for name, r in records().items() if r.words)


def _words(name: str):
    return game_content(records()[name]).words


def _worded_in_the_catalog(name: str, prefix: str) -> bool:
    """Does the game word its moves ("move") or events ("event") in the catalog?"""
    return any(key == prefix or key.startswith((f"{prefix}.", f"{prefix}#"))
               for key in _words(name).phrases)


SENTENCED = [(name, prefix) for name in WORDED for prefix in ("move", "event")
             if _worded_in_the_catalog(name, prefix)]


def _cases(message: Descriptor) -> list[str]:
    oneof = message.oneofs_by_name.get("kind")
    return [f.name for f in oneof.fields] if oneof else []


def _field(message: Descriptor, path: str) -> FieldDescriptor:
    *parents, last = path.split(".")
    for part in parents:
        message = message.fields_by_name[part].message_type
    assert last in message.fields_by_name, f"{message.name} has no field {last}"
    return message.fields_by_name[last]


def _messages_naming(enum_name: str, file) -> list[Descriptor]:
    """The game's messages with a field of that enum: what its phrases are filled from."""
    return [m for m in file.message_types_by_name.values()
            if any(f.enum_type is not None and f.enum_type.name == enum_name
                   for f in m.fields)]


def test_every_game_words_its_moves_and_events_in_the_catalog():
    assert {(g, p) for g in records() for p in ("move", "event")} <= set(SENTENCED)


@pytest.mark.parametrize("name, prefix", SENTENCED)
def test_every_move_and_event_case_has_words_in_the_catalog(name, prefix):
    engine, phrases = records()[name].engine, _words(name).phrases
    message = {"move": engine.Move, "event": engine.Event}[prefix]
    cases = _cases(message.DESCRIPTOR)
    if not cases:  # a plain message (tic-tac-toe's Move): worded whole
        assert prefix in phrases, f"{name}: no words for its {prefix}"
    missing = [c for c in cases if f"{prefix}.{c}" not in phrases]
    assert not missing, f"{name}: no words for {prefix} cases {missing}"


@pytest.mark.parametrize("name", WORDED)
def test_every_template_names_fields_of_its_message_and_enums_are_worded(name):
    file = records()[name].engine.Move.DESCRIPTOR.file
    phrases = _words(name).phrases
    for key, template in phrases.items():
        head, _, rest = key.split("#")[0].partition(".")
        if head in PREFIXES:
            parent = file.message_types_by_name[PREFIXES[head]]
            owners = [parent.oneofs_by_name["kind"].fields[
                [f.name for f in parent.oneofs_by_name["kind"].fields].index(rest)
            ].message_type] if rest else [parent]
        else:  # an enum value's words, filled from a message that names the enum
            owners = _messages_naming(head, file) or [None]
        for path, fmt in PLACEHOLDER.findall(template):
            if path == "_":  # the whole message, drawn by its format
                continue
            assert any(o is not None and path.split(".")[0] in o.fields_by_name
                       for o in owners), f"{name} {key}: no field {path}"
            owner = next(o for o in owners if path.split(".")[0] in o.fields_by_name)
            field = _field(owner, path)
            if fmt == "enum":
                enum = field.enum_type
                assert enum is not None, f"{key}: {path} is not an enum"
                for value in enum.values[1:]:
                    assert f"{enum.name}.{value.name}" in phrases, (key, value.name)


@pytest.mark.parametrize("enum", ["NoteKind", "Step", "Outcome", "GameEnd", "Question",
                                  "Place", "MoonWhy"])
def test_cosmic_words_every_value_of_the_enums_its_clients_name(enum):
    phrases = _words("cosmic").phrases
    values = cosmic_pb2.DESCRIPTOR.enum_types_by_name[enum].values
    missing = [v.name for v in values if v.number and f"{enum}.{v.name}" not in phrases]
    assert not missing, missing


def test_cosmic_words_every_queued_task_and_names_every_edict_and_power_in_french():
    words = _words("cosmic")
    missing = [c for c in _cases(cosmic_pb2.TaskView.DESCRIPTOR)
               if f"task.{c}" not in words.phrases]
    assert not missing, missing
    for edict in pieces.EDICTS:
        assert words.names[f"edict.{edict}"].french, edict
    for pid, power in enumerate(POWERS):
        name = words.names[f"power.{pid}"]
        assert name.english == power.en and name.french.lower() == power.name
