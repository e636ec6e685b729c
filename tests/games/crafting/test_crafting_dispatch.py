"""Crafting applies each Move through an explicit table (rules.APPLY), as Cosmic's actions do:
every case of the Move oneof has its entry, and no entry names a case the contract lacks."""

from __future__ import annotations

from cosmodrome.games.crafting import rules
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb


def test_every_move_case_has_its_entry_in_the_dispatch_table():
    cases = {f.name for f in pb.Move.DESCRIPTOR.oneofs_by_name["kind"].fields}
    assert set(rules.APPLY) == cases

