"""The server plays each game's own heuristic bot (its record's, with the content the server
publishes), never silently the random fallback."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from cosmodrome.core import server_bots
from cosmodrome.games import records
from cosmodrome.v1 import match_pb2, records_pb2


def _cosmic_000():
    from cosmodrome.games.cosmic.v1 import cosmic_pb2
    return cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_COSMIC)  # lucres, extensions, moons


@pytest.mark.parametrize("name, options, players",
                         [(name, None, None) for name, r in sorted(records().items()) if r.bot]
                         + [("cosmic", _cosmic_000(), 4)])
def test_server_bot_plays_the_games_own_bot_to_the_end_without_falling_back(name, options,
                                                                           players):
    entry = records()[name]
    game = entry.engine
    players = players or game.min_players
    record = records_pb2.StoredMatch(seed=7, match=match_pb2.Match(seats=[
        match_pb2.Seat(index=s, bot=match_pb2.BOT_KIND_GAME) for s in range(players)]))
    state = game.setup(options or game.Options(), players, 7)
    assert type(entry.bot(entry.published_content, 1)).__name__ != "RandomBot"
    with capture_logs() as logs:
        for _ in range(3000):
            decisions = game.decisions(state)
            if not decisions:
                break
            decision = server_bots.owed_by_bot(record, decisions)
            move = server_bots.bot_move(entry, record, state, decision)
            game.apply(state, decision.seat, move)
            record.match.version += 1
    assert not game.decisions(state), "the bots did not finish the game"
    assert [e for e in logs if e["log_level"] in ("error", "exception")] == []
