"""The Python client's clocks and abandonment, over a real server."""

from __future__ import annotations

from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
from cosmodrome.v1 import games_pb2
from cosmodrome_client import time_left_ms

FISCHER = games_pb2.Clock(kind=games_pb2.CLOCK_KIND_FISCHER, bank_ms=600_000,
                          increment_ms=5_000, on_timeout=games_pb2.TIMEOUT_POLICY_ZOMBIE)


async def test_a_match_made_with_a_clock_shows_each_seats_time_left(client):
    match = await client.create_match("tictactoe", clock=FISCHER)
    x = await client.join(match.match_id)
    await client.join(match.match_id)
    view = await x.view()
    due = view.match.seats[0].clock_due_ms
    assert view.match.options.clock == FISCHER
    assert time_left_ms(view.match, now_ms=due - 1_000) == {0: 1_000, 1: 600_000}
    assert time_left_ms(view.match, now_ms=due + 1) == {0: 0, 1: 600_000}


async def test_a_seat_left_is_reclaimed_and_plays_again(client):
    match = await client.create_match("tictactoe")
    x = await client.join(match.match_id)
    o = await client.join(match.match_id)
    left = await x.leave()
    assert left.seats[0].abandoned
    await o.view()
    back = await x.reclaim()
    assert not back.seats[0].abandoned and not back.seats[0].bot
    view = await o.view()
    if view.decisions and view.decisions[0].seat == 1:  # the bot played X meanwhile
        free = [c for c, m in enumerate(view.game.tictactoe.cells) if not m]
        await o.submit(tictactoe_pb2.Move(cell=free[0]))
    view = await x.view()
    free = [c for c, m in enumerate(view.game.tictactoe.cells) if not m]
    assert await x.submit(tictactoe_pb2.Move(cell=free[0]))
