"""The short soak inside `make test`: every hosted game played to the end over gRPC by
bots on every seat, each finished match checked as the store holds it."""

from __future__ import annotations

import asyncio

from bench.soak import COSMIC_000, check, soak
from bench.soak import variants as variants_of
from cosmodrome.games import registry
from tests.support import ADMIN_TOKEN, Api


def test_short_soak_every_hosted_game_ends_consistent(server):
    # RandomBots: the heuristic bots have their own tests (tests/client/test_bots.py)
    report = asyncio.run(soak(server.address, ADMIN_TOKEN, games_per_game=2, concurrency=8,
                              timeout=180, game_bots=False))
    assert report.failures == []
    variants = {label: 2 for options in variants_of().values() for label, _ in options}
    assert dict(report.games) == {**{name: 2 for name in registry()}, **variants}
    assert report.moves > 0


def test_soak_plays_cosmic_ruleset_matches_with_the_cosmic_bot_and_audits_each(server):
    # seed 000 (lucres, extension cards, moons, four piles), the heuristic bot on every seat
    report = asyncio.run(soak(server.address, ADMIN_TOKEN, games_per_game=2, concurrency=2,
                              timeout=300, seed=3, only=[COSMIC_000]))
    assert report.failures == []
    assert dict(report.games) == {COSMIC_000: 2} and report.moves > 0


def test_soak_check_catches_a_broken_log_and_a_forged_result(server):
    api = Api(server.address)
    match_id, tokens = api.new_match("tictactoe")
    from cosmodrome.games.tictactoe.v1 import tictactoe_pb2
    from cosmodrome.v1 import games_pb2
    for cell, seat in ((0, 0), (3, 1), (1, 0), (4, 1), (2, 0)):
        api.submit(match_id, tokens[seat], games_pb2.GameMove(
            tictactoe=tictactoe_pb2.Move(cell=cell)))
    export = api.export(match_id)
    assert check(export) == []
    del export.log[2]
    export.record.match.result.winners[:] = [1]
    problems = check(export)
    assert any("log versions" in p for p in problems)
    assert any("stored result" in p for p in problems)
    api.close()
