"""The heuristic bot (the clients' own, which the server plays too): always a listed option,
and better than random play."""

from __future__ import annotations

import random

import pytest

from bench.engine_mlem import bot_win_rate
from cosmodrome.games.mlem.bot import MlemBot
from cosmodrome.games.mlem.published import mlem_content
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from tests.games.mlem.mlem_helpers import FERRUS_SPACE, G, aboard, fresh, land

CONTENT = mlem_content(G)


def test_bot_always_picks_one_of_the_listed_options():
    bot = MlemBot(CONTENT, seed=1)
    rnd = random.Random(1)
    for game in range(30):
        state = G.setup(pb.Options(), 2 + game % 4, game)
        while decisions := G.decisions(state):
            d = rnd.choice(decisions)
            move = bot.choose(G.view(state, d.seat), d.kind, d.options)
            assert move in d.options
            G.apply(state, d.seat, move)


def test_bot_lands_to_claim_an_objective_when_riding_on_is_risky():
    state = fresh(2)
    for _i, k in enumerate([pb.CAT_KIND_MOON_DOUBLE, pb.CAT_KIND_DEEP_DOUBLE]):
        state.boards[0].home.remove(k)
        state.planets[0].cats.add(owner=0, kind=k)
    aboard(state, [(0, pb.CAT_KIND_SATELLITE), (1, pb.CAT_KIND_SATELLITE)], FERRUS_SPACE,
           pool=1)  # one die left: riding on is risky
    (d,) = G.decisions(state)
    assert MlemBot(CONTENT).choose(G.view(state, 0), d.kind, d.options) == \
        land(FERRUS_SPACE)


@pytest.mark.slow
def test_bot_wins_more_often_than_a_random_seat():
    result = bot_win_rate(200, seed=5)
    assert result["win_rate"] > 1.5 * result["random_expectation"]
