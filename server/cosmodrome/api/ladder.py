"""LadderService and MatchmakerService: thin translations between requests and
cosmodrome.ladder (ratings, leaderboards, the matchmaker)."""

from __future__ import annotations

from cosmodrome.core.errors import FailedPrecondition, InvalidArgument
from cosmodrome.core.runner import Runner
from cosmodrome.ladder.feed import RatingFeed
from cosmodrome.ladder.ladders import check_ruleset
from cosmodrome.ladder.matchmaker import Matchmaker, MatchmakerSettings
from cosmodrome.ladder.players import caller, is_bot, key_of
from cosmodrome.ladder.ratings import PlayerRating, Ratings
from cosmodrome.v1 import ladder_pb2, ladder_pb2_grpc

DEFAULT_PAGE = 50
MAX_PAGE = 200
MAX_OFFSET = 10_000_000


class LadderServicer(ladder_pb2_grpc.LadderServiceServicer):
    def __init__(self, runner: Runner, ratings: Ratings) -> None:
        self.runner = runner
        self.ratings = ratings

    def _ladder(self, request) -> tuple[str, str]:
        game = self.runner.game(request.game)  # NOT_FOUND naming ListGames
        return game.name, check_ruleset(game, request.ruleset)

    async def GetLeaderboard(self, request, context):
        game, ruleset = self._ladder(request)
        if not 0 <= request.page_size <= MAX_PAGE:
            raise InvalidArgument(f"page_size must be between 0 and {MAX_PAGE}")
        size = request.page_size or DEFAULT_PAGE
        offset = _offset(request.page_token)
        if request.around_me:
            if request.page_token:
                raise InvalidArgument("around_me takes no page_token: it is the first page")
            rank = await self.ratings.rank(game, ruleset, key_of(caller()))
            if not rank:
                raise FailedPrecondition("not_rated", "you have no rating on this ladder yet")
            offset = max(0, rank - 1 - size // 2)
        rows, total = await self.ratings.leaderboard(game, ruleset, offset, size)
        following = offset + size
        return ladder_pb2.GetLeaderboardResponse(
            entries=[_entry(rank, rating, name) for rank, rating, name in rows], total=total,
            next_page_token=str(following) if following < total else "")

    async def GetRating(self, request, context):
        game, ruleset = self._ladder(request)
        me = key_of(caller())
        [rating] = await self.ratings.read(game, ruleset, [me])
        return ladder_pb2.Rating(
            game=game, ruleset=ruleset, player=me, mu=rating.mu, sigma=rating.sigma,
            ordinal=rating.ordinal, matches=rating.matches,
            rank=await self.ratings.rank(game, ruleset, me))


class MatchmakerServicer(ladder_pb2_grpc.MatchmakerServiceServicer):
    def __init__(self, matchmaker: Matchmaker) -> None:
        self.matchmaker = matchmaker

    async def CreateTicket(self, request, context):
        return await self.matchmaker.create_ticket(caller(), request)

    async def CancelTicket(self, request, context):
        return await self.matchmaker.cancel(caller(), request.ticket_id)

    async def WatchTicket(self, request, context):
        async for ticket in self.matchmaker.watch(caller(), request.ticket_id):
            await context.write(ticket)


def _offset(token: str) -> int:
    if not token:
        return 0
    if not token.isdigit() or int(token) > MAX_OFFSET:
        raise InvalidArgument("page_token must come from a previous page")
    return int(token)


def _entry(rank: int, rating: PlayerRating, name: str) -> ladder_pb2.LeaderboardEntry:
    return ladder_pb2.LeaderboardEntry(
        rank=rank, player=rating.player, display_name=name or rating.player,
        ordinal=rating.ordinal, mu=rating.mu, sigma=rating.sigma, matches=rating.matches,
        bot=is_bot(rating.player))


class Ladder:
    """The ladder's parts on one replica: ratings fed by the runner's commits and a sweep,
    the matchmaker's loop, and their two services."""

    def __init__(self, runner: Runner, settings: MatchmakerSettings) -> None:
        self.ratings = Ratings(runner.store.redis)
        self.feed = RatingFeed(runner, self.ratings)
        self.matchmaker = Matchmaker(runner, self.ratings, settings)
        self.feed.listen()
        self.runner = runner

    def servicers(self) -> dict:
        return {"LadderService": LadderServicer(self.runner, self.ratings),
                "MatchmakerService": MatchmakerServicer(self.matchmaker)}

    def start(self) -> None:
        self.feed.start()
        self.matchmaker.start()

    async def stop(self) -> None:
        await self.matchmaker.stop()
        await self.feed.stop()
