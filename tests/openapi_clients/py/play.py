"""A whole match of every hosted game through the client that openapi-python-client makes of
/openapi.json (package cosmodrome_openapi): no cast, no ignore, checked by mypy --strict.

    python play.py EDGE_URL
"""

from __future__ import annotations

import json
import sys

from cosmodrome_openapi import AuthenticatedClient, Client
from cosmodrome_openapi.api.catalog_service import list_games
from cosmodrome_openapi.api.lobby_service import create_match, join_match
from cosmodrome_openapi.api.play_service import get_view, submit_move
from cosmodrome_openapi.models import (
    CreateMatchRequest,
    GameInfo,
    JoinMatchBody,
    MatchStatus,
    MatchUpdate,
    MatchView,
    ServerSeat,
    Status,
    SubmitMoveBody,
)

ABORTED = 10  # google.rpc.Code: the match moved on since the view


def view(seat: AuthenticatedClient, match_id: str) -> MatchView:
    seen = get_view.sync(match_id, client=seat)
    if not isinstance(seen, MatchView):
        raise RuntimeError(f"GetView: {seen}")
    return seen


def next_update(seat: AuthenticatedClient, match_id: str, version: str) -> MatchUpdate:
    """The next update after `version`: the watch's first event (the generated client reads
    no event stream: httpx does, and the document's MatchUpdate types its data)."""
    path = f"/v1/matches/{match_id}:watch"
    with seat.get_httpx_client().stream("GET", path, params={"fromVersion": version}) as reply:
        for line in reply.iter_lines():
            if line.startswith("data: "):
                return MatchUpdate.from_dict(json.loads(line.removeprefix("data: ")))
    raise RuntimeError("the watch ended without an update")


def play(base: str, game: GameInfo) -> MatchView:
    anyone = Client(base_url=base)
    bots = [ServerSeat(seat=seat) for seat in range(1, game.min_players)]
    created = create_match.sync(client=anyone, body=CreateMatchRequest(
        game=game.name, bots=bots, seed="7"))
    if isinstance(created, Status) or created is None:
        raise RuntimeError(f"CreateMatch: {created}")
    joined = join_match.sync(created.match_id, client=anyone,
                             body=JoinMatchBody(display_name="openapi-python-client"))
    if isinstance(joined, Status) or joined is None:
        raise RuntimeError(f"JoinMatch: {joined}")
    seat = AuthenticatedClient(base_url=base, token=joined.seat_token)
    turn = 0
    while True:
        seen = view(seat, created.match_id)
        if seen.match.status == MatchStatus.MATCH_STATUS_FINISHED:
            return seen
        mine = [d for d in seen.decisions if d.seat == seen.viewer_seat and d.options]
        if not mine:
            next_update(seat, created.match_id, seen.match.version)
            continue
        move = mine[0].options[turn % len(mine[0].options)]
        turn += 1
        moved = submit_move.sync(created.match_id, client=seat, body=SubmitMoveBody(
            expected_version=seen.match.version, move=move))
        if isinstance(moved, Status) and moved.code != ABORTED:
            raise RuntimeError(f"SubmitMove: {moved.message}")


def main(base: str) -> None:
    listed = list_games.sync(client=Client(base_url=base))
    if isinstance(listed, Status) or listed is None:
        raise RuntimeError(f"ListGames: {listed}")
    for game in listed.games:
        end = play(base, game)
        summary = end.match.result.summary if end.match.result else ""
        print(json.dumps({"game": game.name, "matchId": end.match.match_id,
                          "version": end.match.version, "summary": summary}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
