"""One source of words (ARCHITECTURE rule 13): a game that publishes words (GameContent.words)
words every case of its Move and Event oneofs in the catalog, every template names fields its
message has, and every enum a template draws by its phrase has words for each value. The
renderers (tests/client/test_renderers.py, clients/web/test/words.test.mjs) render from it."""

from __future__ import annotations

import re

import pytest
from google.protobuf.descriptor import Descriptor, FieldDescriptor

from cosmodrome.api.content import game_content
from cosmodrome.games import records

PLACEHOLDER = re.compile(r"\{([\w.]+)(?::(\w+))?\}")
WORDED = sorted(name for name, r in records().items() if r.words)


def _words(name: str):
    return game_content(records()[name]).words


def _cases(message: type) -> list[str]:
    return [f.name for f in message.DESCRIPTOR.oneofs_by_name["kind"].fields]


def _field(message: Descriptor, path: str) -> FieldDescriptor:
    *parents, last = path.split(".")
    for part in parents:
        message = message.fields_by_name[part].message_type
    assert last in message.fields_by_name, f"{message.name} has no field {last}"
    return message.fields_by_name[last]


def test_mlem_publishes_its_words():
    assert "mlem" in WORDED


@pytest.mark.parametrize("name", WORDED)
def test_every_move_and_event_case_has_words_in_the_catalog(name):
    engine, phrases = records()[name].engine, _words(name).phrases
    for prefix, message in (("move", engine.Move), ("event", engine.Event)):
        missing = [c for c in _cases(message) if f"{prefix}.{c}" not in phrases]
        assert not missing, f"{name}: no words for {prefix} cases {missing}"


@pytest.mark.parametrize("name", WORDED)
def test_every_template_names_fields_of_its_message_and_enums_are_worded(name):
    engine, phrases = records()[name].engine, _words(name).phrases
    oneofs = {"move": engine.Move.DESCRIPTOR, "event": engine.Event.DESCRIPTOR}
    for key, template in phrases.items():
        prefix, _, rest = key.partition(".")
        if prefix not in oneofs:
            continue  # an enum value's words: filled from the message naming it
        case = rest.split("#")[0]
        message = oneofs[prefix].fields_by_name[case].message_type
        for path, fmt in PLACEHOLDER.findall(template):
            field = _field(message, path)
            if fmt == "enum":
                enum = field.enum_type
                assert enum is not None, f"{key}: {path} is not an enum"
                for value in enum.values[1:]:
                    assert f"{enum.name}.{value.name}" in phrases, (key, value.name)
