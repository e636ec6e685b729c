"""`cosmodrome`: a small command line over the client library.

    cosmodrome games                                  # what the server hosts
    cosmodrome create tictactoe [--players N] [--seed S]
    cosmodrome show MATCH_ID                          # the match as a spectator sees it
    cosmodrome watch MATCH_ID [--from-version V] [--json]   # follow it live
    cosmodrome bots highcard --players 3 --matches 5  # RandomBots play whole matches
    cosmodrome bot mlem --game-bot                    # the game's own bot on every seat
    cosmodrome bots --join MATCH_ID [--game-bot]      # bots fill the open seats of a match
    cosmodrome play tictactoe [--players N] [--bots K] [--name NAME]   # you against bots
    cosmodrome play --join MATCH_ID [--seat S]        # take a seat in a match and play
    cosmodrome play --watch MATCH_ID                  # spectate live in the terminal

The server address comes from --address or COSMODROME_ADDRESS (default 127.0.0.1:50051).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys

import grpc
from google.protobuf import json_format, text_format

from cosmodrome.v1 import match_pb2
from cosmodrome_client.bots import RandomBot
from cosmodrome_client.client import Client, game_view, play
from cosmodrome_client.errors import CosmodromeError
from cosmodrome_client.messages import unwrap
from cosmodrome_client.terminal import content_of, context, describe_event, words_of


def _short(message) -> str:
    return text_format.MessageToString(message, as_one_line=True) if message else "-"


async def games(client: Client, args: argparse.Namespace) -> None:
    for g in await client.list_games():
        hidden = "hidden information" if g.hidden_information else "open information"
        print(f"{g.name:12s} {g.min_players}-{g.max_players} players, {hidden}: {g.title}")


async def create(client: Client, args: argparse.Namespace) -> None:
    match = await client.create_match(args.game, players=args.players, seed=args.seed)
    print(match.match_id)


async def show(client: Client, args: argparse.Namespace) -> None:
    view = await client.spectate(args.match_id).view()
    m = view.match
    print(f"{m.match_id}  {m.game}  version {m.version}  "
          f"{match_pb2.MatchStatus.Name(m.status).removeprefix('MATCH_STATUS_')}  "
          f"{m.players} seats")
    for seat in m.seats:
        print(f"  seat {seat.index}: {seat.display_name or '-'}"
              f"{'' if seat.occupied else ' (open)'}")
    print(f"  game: {_short(game_view(view))}")
    for d in view.decisions:
        print(f"  seat {d.seat} owes {d.kind}: {d.prompt}")
    if m.HasField("result"):
        print(f"  result: {m.result.summary} winners {list(m.result.winners)}")


async def watch(client: Client, args: argparse.Namespace) -> None:
    """One line per version: in words (seats by name, events as the terminal says them), or
    with --json the MatchUpdate as JSON (every field, zeros included)."""
    viewer = client.spectate(args.match_id)
    latest = await viewer.view()
    content = None if args.json else await content_of(client, latest.match.game)
    words = None if args.json else await words_of(client, latest.match.game)
    async for update in viewer.watch(from_version=args.from_version):
        if update.HasField("view"):
            latest = update.view
        if args.json:
            print(json.dumps(json_format.MessageToDict(
                update, preserving_proto_field_name=True,
                always_print_fields_with_no_presence=True)), flush=True)
        else:
            print(watch_line(update.entry, latest, content, words), flush=True)


def watch_line(entry: match_pb2.LogEntry, view: match_pb2.MatchView, content,
               words=None) -> str:
    """`v7 ada place: ada placed X on cell 4`: the version, who moved, what happened."""
    ctx = context(view, content=content, words=words)
    who = "server" if entry.seat < 0 else ctx.name(entry.seat)
    events = "; ".join(describe_event(view.match.game, unwrap(ev), ctx) for ev in entry.events)
    return f"v{entry.version} {who} {entry.move_kind}" + (f": {events}" if events else "")


async def bots(client: Client, args: argparse.Namespace) -> None:
    if args.join:
        await fill(client, args)
        return
    if not args.game:
        raise CosmodromeError(grpc.StatusCode.INVALID_ARGUMENT,
                              "name a GAME, or an open match with --join MATCH_ID")
    for i in range(args.matches):
        match = await client.create_match(args.game, players=args.players)
        seats = [await client.join(match.match_id, name=f"robot {s}")
                 for s in range(match.players)]
        players = [await client.game_bot(args.game) if args.game_bot else RandomBot()
                   for _ in seats]
        final, *_ = await asyncio.gather(*(play(s, b) for s, b in zip(seats, players,
                                                                         strict=True)))
        print(f"{i + 1}. {final.match_id}: {final.result.summary} "
              f"(winners {list(final.result.winners)}, {final.version} versions)", flush=True)


async def fill(client: Client, args: argparse.Namespace) -> None:
    """Bots take every open seat of an existing match and play it to the end."""
    match = await client.get_match(args.join)
    open_seats = [s.index for s in match.seats if not s.occupied]
    if match.status == match_pb2.MATCH_STATUS_FINISHED or not open_seats:
        raise CosmodromeError(grpc.StatusCode.FAILED_PRECONDITION,
                              f"match {match.match_id} has no open seat")
    seats = [await client.join(match.match_id, seat=i, name=f"robot {i}") for i in open_seats]
    print(f"{match.match_id}: bots on seats {open_seats}", flush=True)
    players = [await client.game_bot(match.game) if args.game_bot else RandomBot()
               for _ in seats]
    final, *_ = await asyncio.gather(*(play(s, b) for s, b in zip(seats, players, strict=True)))
    print(f"{final.match_id}: {final.result.summary} "
          f"(winners {list(final.result.winners)}, {final.version} versions)", flush=True)


async def play_cmd(client: Client, args: argparse.Namespace) -> None:
    from cosmodrome_client.terminal import play_terminal
    args.exit_code = await play_terminal(client, args)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cosmodrome", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--address", default=os.environ.get("COSMODROME_ADDRESS",
                                                       "127.0.0.1:50051"))
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("games", help="list the hosted games").set_defaults(run=games)
    c = sub.add_parser("create", help="create a match, print its id")
    c.add_argument("game")
    c.add_argument("--players", type=int, default=0)
    c.add_argument("--seed", type=int)
    c.set_defaults(run=create)
    s = sub.add_parser("show", help="a match as a spectator sees it")
    s.add_argument("match_id")
    s.set_defaults(run=show)
    w = sub.add_parser("watch", help="follow a match live")
    w.add_argument("match_id")
    w.add_argument("--from-version", type=int, default=0)
    w.add_argument("--json", action="store_true", help="each update as one line of JSON")
    w.set_defaults(run=watch)
    b = sub.add_parser("bots", aliases=["bot"],
                       help="random bots play whole matches, or fill a match's seats")
    b.add_argument("game", nargs="?")
    b.add_argument("--join", metavar="MATCH_ID",
                   help="fill the open seats of this match with bots instead")
    b.add_argument("--players", type=int, default=0)
    b.add_argument("--matches", type=int, default=1)
    b.add_argument("--game-bot", action="store_true",
                   help="the game's own heuristic bot instead of random play, where it has one")
    b.set_defaults(run=bots)
    pl = sub.add_parser("play", help="play a match in the terminal (or watch one)")
    pl.add_argument("game", nargs="?", help="create a new match of this game")
    pl.add_argument("--players", type=int, default=0)
    pl.add_argument("--bots", type=int, default=None,
                    help="bots in the other seats (default: all of them; 0: wait for people)")
    pl.add_argument("--name", default="player")
    pl.add_argument("--join", metavar="MATCH_ID", help="take a seat in this match")
    pl.add_argument("--seat", type=int, default=None, help="with --join: which seat")
    pl.add_argument("--watch", metavar="MATCH_ID", help="spectate this match live")
    pl.set_defaults(run=play_cmd)
    return p


async def _main(args: argparse.Namespace) -> None:
    async with Client.connect(args.address) as client:
        await args.run(client, args)


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        asyncio.run(_main(args))
    except CosmodromeError as e:
        print(f"cosmodrome: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader went away (`cosmodrome watch ID | head`): end quietly, like other tools;
        # output still buffered goes nowhere instead of failing again at exit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return getattr(args, "exit_code", 0)


if __name__ == "__main__":
    raise SystemExit(main())
