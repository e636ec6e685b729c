"""Bytes the server joins itself (core/wire.py) must be the messages protobuf would write:
a watch update built from the match serialized once (redact.Snapshot), a Play response
wrapped around it, and the version read off a notice without parsing it."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome.api.watch_hub import entry_version
from cosmodrome.core import redact, wire
from cosmodrome.core.runner import Runner
from cosmodrome.games import records
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import games_pb2, play_pb2, records_pb2


@pytest.mark.parametrize("size", [1, 127, 128, 300, 16_383, 16_384, 2_097_152])
def test_a_joined_field_is_what_protobuf_writes(size):
    text = "s" * size  # StoredMatch.join_secret_sha256 is field 8, length-delimited
    assert wire.field(8, text.encode()) == \
        records_pb2.StoredMatch(join_secret_sha256=text).SerializeToString()


class _Store:
    """Just enough store for the runner to create and start a match in memory."""

    def __init__(self) -> None:
        self.cache = self
        self.record = records_pb2.StoredMatch()

    def get(self, match_id, version):
        return None

    def latest(self, match_id):
        return None

    async def create(self, record, entry, now) -> None:
        self.record.CopyFrom(record)

    async def load(self, match_id, retry=None):
        copy = records_pb2.StoredMatch()
        copy.CopyFrom(self.record)
        return copy, None

    async def commit(self, record, *args, **kwargs) -> None:
        self.record.CopyFrom(record)

    async def set_deadline(self, match_id, due) -> None:
        return None


def _match_in_play() -> tuple[records_pb2.StoredMatch, records_pb2.StoredEntry]:
    store = _Store()
    runner = Runner(store, records())

    asyncio.run(runner.create("tictactoe", games_pb2.GameOptions(), 2, 7,
                              bots=[(0, 0), (1, 0)]))  # bots on both seats: in play at once
    entry = records_pb2.StoredEntry(version=store.record.match.version, seat=-1,
                                    move_kind="start")
    return store.record, entry


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_a_snapshots_update_is_the_canonical_match_update(viewer):
    record, entry = _match_in_play()
    assert record.state.WhichOneof("game") == "tictactoe"
    game = Runner(_Store(), records()).game("tictactoe")
    snapshot = redact.Snapshot(record)
    expected = play_pb2.MatchUpdate(entry=redact.log_entry(entry, viewer),
                                    view=redact.match_view(game, record, viewer))
    assert snapshot.update(game, entry, viewer) == expected.SerializeToString()
    assert snapshot.view(game, viewer) == expected.view


@pytest.mark.parametrize("version", [1, 127, 128, 300, 2**40])
def test_a_notices_version_is_read_off_its_first_bytes(version):
    notice = records_pb2.Notice(
        entry=records_pb2.StoredEntry(version=version, seat=1, move_kind="place",
                                      move=games_pb2.GameMove(
                                          tictactoe=tictactoe_pb2.Move(cell=4))),
        record=records_pb2.StoredMatch(join_secret_sha256="s" * 200))
    assert entry_version(notice.SerializeToString()) == version


def test_a_chat_notice_has_no_version_to_read():
    chat = records_pb2.Notice(chat=records_pb2.StoredChat(sequence=3, text="hi"))
    assert entry_version(chat.SerializeToString()) is None
    assert entry_version(b"") is None
