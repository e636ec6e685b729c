"""Ratings with openskill's Plackett-Luce model (Weng-Lin), one ladder per game and ruleset,
each match rated exactly once (store/lua/ladder_rate.lua: a marker per match, written with
the ratings, and a version per player's rating, so two matches of one player rated at once
never lose an update).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import structlog
from openskill.models import PlackettLuce

from cosmodrome import metrics
from cosmodrome.ladder.ladders import ladder_tag
from cosmodrome.ladder.players import is_bot
from cosmodrome.store.redis_store import lua_source
from cosmodrome.v1 import match_pb2

log = structlog.get_logger("cosmodrome.ladder")
MODEL = PlackettLuce()
UNRATED = "ladder:unrated"
MARKER_TTL_MS = 30 * 86_400_000  # longer than any sweep looks back: a match is rated once
MAX_ATTEMPTS = 32


def rated_key(match_id: str) -> str:
    return f"ladder:match:{{{match_id}}}"


@dataclass(frozen=True)
class PlayerRating:
    player: str
    mu: float
    sigma: float
    matches: int
    version: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatedSeat:
    player: str
    name: str


def ranks_of(result: match_pb2.Result, seats: int) -> list[int]:
    """Each seat's place, 0 the best, ties shared: winners first (several: a shared
    victory), then the others by score, higher better; no winners and no scores: a draw."""
    scores = list(result.scores) if len(result.scores) == seats else [0.0] * seats
    winners = set(result.winners)
    keys = [(0 if s in winners else 1, -scores[s]) for s in range(seats)]
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


class Ratings:
    def __init__(self, redis) -> None:
        self.redis = redis
        self._rate = redis.register_script(lua_source("ladder_rate"))

    async def read(self, game: str, ruleset: str, players: list[str]) -> list[PlayerRating]:
        tag = ladder_tag(game, ruleset)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(f"{tag}:v", players)
            pipe.hmget(f"{tag}:r", players)
            versions, values = await pipe.execute()
        out = []
        for player, version, value in zip(players, versions, values, strict=True):
            if value is None:
                mu, sigma, n = MODEL.mu, MODEL.sigma, 0
            else:
                mu_s, sigma_s, n_s = value.decode().split()
                mu, sigma, n = float(mu_s), float(sigma_s), int(n_s)
            out.append(PlayerRating(player, mu, sigma, n, int(version or 0)))
        return out

    async def register(self, match_id: str, game: str, ruleset: str, seats: list[RatedSeat],
                       check_after_ms: int) -> None:
        """Mark a match rated (before it can finish): who plays each seat, and a place in
        the sweep's set, so a finish no replica rated (it died) is still rated."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.hset(rated_key(match_id), mapping={
                "game": game, "ruleset": ruleset,
                "seats": json.dumps([[s.player, s.name] for s in seats])})
            pipe.zadd(UNRATED, {match_id: check_after_ms})
            await pipe.execute()

    async def rate(self, match_id: str, result: match_pb2.Result, by: str = "commit") -> bool:
        """Rate a finished match if it is a rated one and not rated yet. True: rated now.
        `by`: what found the finish ("commit", "sweep"), for the log."""
        stored = await self.redis.hgetall(rated_key(match_id))
        if not stored:
            await self.redis.zrem(UNRATED, match_id)
            return False
        game, ruleset = stored[b"game"].decode(), stored[b"ruleset"].decode()
        seats = [RatedSeat(p, n) for p, n in json.loads(stored[b"seats"])]
        outcome = "CLOSED"  # closed by its creator: no result to rate
        if not result.closed:
            outcome = await self._rate_once(match_id, game, ruleset, seats, result, by)
        if outcome != "STALE":  # rated (now or before): the sweep may forget it
            await self.redis.zrem(UNRATED, match_id)
        return outcome == "OK"

    async def _rate_once(self, match_id: str, game: str, ruleset: str,
                         seats: list[RatedSeat], result: match_pb2.Result, by: str) -> str:
        players = list(dict.fromkeys(s.player for s in seats))
        names = {s.player: s.name for s in seats}
        ranks = ranks_of(result, len(seats))
        tag = ladder_tag(game, ruleset)
        keys = [f"{tag}:v", f"{tag}:r", f"{tag}:board", f"{tag}:names", f"{tag}:done:{match_id}"]
        for _ in range(MAX_ATTEMPTS):
            before = {r.player: r for r in await self.read(game, ruleset, players)}
            after = updated(before, [s.player for s in seats], ranks)
            args: list = [MARKER_TTL_MS]
            for player in players:
                new = after[player]
                args += [player, before[player].version,
                         f"{new.mu!r} {new.sigma!r} {before[player].matches + 1}",
                         repr(new.ordinal), "" if is_bot(player) else names[player]]
            outcome = (await self._rate(keys=keys, args=args)).decode()
            if outcome == "STALE":
                continue  # a player's rating moved meanwhile: compute again
            if outcome == "OK":
                metrics.ladder_rated.labels(game).inc()
                log.info("match rated", match=match_id, game=game, ruleset=ruleset, by=by)
            return outcome
        log.warning("ratings kept moving; the sweep will retry", match=match_id)
        return "STALE"

    async def leaderboard(self, game: str, ruleset: str, offset: int, size: int
                          ) -> tuple[list[tuple[int, PlayerRating, str]], int]:
        """(rank, rating, name) of the players ranked offset+1 .. offset+size, and the
        number of players on the ladder."""
        tag = ladder_tag(game, ruleset)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zrevrange(f"{tag}:board", offset, offset + size - 1)
            pipe.zcard(f"{tag}:board")
            ids, total = await pipe.execute()
        players = [p.decode() for p in ids]
        if not players:
            return [], total
        ratings = await self.read(game, ruleset, players)
        names = await self.redis.hmget(f"{tag}:names", players)
        return [(offset + i + 1, r, (n or b"").decode())
                for i, (r, n) in enumerate(zip(ratings, names, strict=True))], total

    async def rank(self, game: str, ruleset: str, player: str) -> int:
        """1 for the best; 0: not on the leaderboard."""
        found = await self.redis.zrevrank(f"{ladder_tag(game, ruleset)}:board", player)
        return 0 if found is None else found + 1


def updated(before: dict[str, PlayerRating], seat_players: list[str], ranks: list[int]
            ) -> dict[str, PlayerRating]:
    """New ratings after one match. A player on several seats (a server bot filling two)
    takes the mean of his seats' new ratings."""
    teams = [[MODEL.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in seat_players]
    rated = MODEL.rate(teams, ranks=ranks)
    seats_of: dict[str, list] = {}
    for player, team in zip(seat_players, rated, strict=True):
        seats_of.setdefault(player, []).append(team[0])
    return {p: PlayerRating(p, sum(r.mu for r in rs) / len(rs),
                            sum(r.sigma for r in rs) / len(rs), before[p].matches + 1,
                            before[p].version + 1)
            for p, rs in seats_of.items()}
