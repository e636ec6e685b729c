"""The protobuf contract stays backward compatible with the committed lock."""

from __future__ import annotations

import copy
import json

from cosmodrome.contract import LOCK, breaking_changes, snapshot


def test_contract_is_backward_compatible_with_the_lock():
    assert breaking_changes(json.loads(LOCK.read_text()), snapshot()) == []


def test_a_renumbered_or_removed_field_is_caught():
    locked = snapshot()
    current = copy.deepcopy(locked)
    fields = current["messages"]["cosmodrome.v1.SubmitMoveRequest"]
    fields["9"] = fields.pop("2")  # expected_version moved to another number
    del current["enums"]["cosmodrome.v1.MatchStatus"]["3"]
    problems = breaking_changes(locked, current)
    assert any("SubmitMoveRequest field 2 (expected_version) removed" in p for p in problems)
    assert any("MatchStatus value 3" in p for p in problems)


def test_additions_are_compatible():
    locked = snapshot()
    current = copy.deepcopy(locked)
    current["messages"]["cosmodrome.v1.Match"]["99"] = {"name": "new_field", "type": 9,
                                                        "repeated": False, "message": "",
                                                        "enum": ""}
    assert breaking_changes(locked, current) == []
