"""The Python client's replays (Viewer.replay), over a real server."""

from __future__ import annotations

import asyncio

import pytest

from cosmodrome_client import CosmodromeError, play
from cosmodrome_client.bots import RandomBot


async def test_a_finished_match_replays_version_by_version_as_a_seat_saw_it(client):
    match = await client.create_match("tictactoe", seed=3)
    x = await client.join(match.match_id, name="x")
    o = await client.join(match.match_id, name="o")
    with pytest.raises(CosmodromeError, match="match_not_finished"):
        await x.replay()
    final, _ = await asyncio.gather(play(x, RandomBot(seed=1)), play(o, RandomBot(seed=2)))
    last = await x.replay()
    assert last.version == last.last_version == final.version
    start = last.last_version - sum(1 for e in last.entries if e.HasField("move"))
    for version in range(start, last.last_version + 1):
        seen = await x.replay(version)
        marks = sum(1 for cell in seen.view.game.tictactoe.cells if cell)
        assert (seen.version, seen.view.match.version) == (version, version)
        assert marks == version - start  # one mark a move, from the start of play
    spectator = await client.spectate(match.match_id).replay(start + 1)
    assert sum(1 for cell in spectator.view.game.tictactoe.cells if cell) == 1
