"""The minimum window time through a real server: the window's deadline is written with the
move, and the server's deadline fires the move that closes it."""

from __future__ import annotations

import time

from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome.v1 import games_pb2

MIN_WINDOW_MS = 1500


def _cosmic(view) -> pb.View:
    return view.game.cosmic


def test_a_window_everyone_passed_closes_at_its_deadline_over_grpc(api) -> None:
    options = games_pb2.GameOptions(cosmic=pb.Options(
        powers=["none"] * 4, first_player=0, no_edicts=True, min_window_ms=MIN_WINDOW_MS))
    match_id, tokens = api.new_match("cosmic", players=4, options=options)
    view = api.view(match_id, tokens[0])
    assert _cosmic(view).step == pb.STEP_START_WINDOW
    deadline = _cosmic(view).enc.window_deadline_ms
    assert deadline > 0
    passed = games_pb2.GameMove(cosmic=pb.Move(done=pb.Done()))
    for seat in range(4):  # every seat passes at once, well before the minimum
        (d,) = api.view(match_id, tokens[seat]).decisions
        assert (d.seat, d.kind, d.deadline_ms) == (seat, "window", deadline)
        api.submit(match_id, tokens[seat], passed)
    view = api.view(match_id, tokens[0])
    assert _cosmic(view).step == pb.STEP_START_WINDOW, "closed before its minimum time"
    assert {(d.kind, d.deadline_ms) for d in view.decisions} == {("window_wait", deadline)}
    limit = time.monotonic() + 20
    while _cosmic(api.view(match_id, tokens[0])).step == pb.STEP_START_WINDOW:
        assert time.monotonic() < limit, "the deadline never closed the window"
        time.sleep(0.1)
    assert time.time() * 1000 >= deadline
    assert _cosmic(api.view(match_id, tokens[0])).step == pb.STEP_AIM
