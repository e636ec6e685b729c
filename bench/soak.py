"""`make soak`: many full games of every hosted game over gRPC, bots on every seat.

Against a real server and Redis (by default a server started here, on its embedded store in
a temporary folder; or `--address` with `--admin-token`). Every finished match is exported
and checked: the match ended with a result, its log holds every version once, the stored
result is what the rules compute from the final state, no decision is left owed, and the
game's own audit (pieces conserved, ...) finds nothing. Prints games/s, moves/s and every
failure; exits non-zero if any game failed.

    python -m bench.soak [--games 20] [--concurrency 8] [--random-bots] [--only LABEL ...]
                         [--address HOST:PORT --admin-token T]
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from cosmodrome.games import registry
from cosmodrome.store.embedded import free_port
from cosmodrome.v1 import admin_pb2, admin_pb2_grpc, match_pb2
from cosmodrome_client import Client, play
from cosmodrome_client.bots import RandomBot

FINISHED = match_pb2.MATCH_STATUS_FINISHED
COSMIC_000 = "cosmic/ruleset cosmic"  # seed 000: lucres, extensions, moons, four piles


def variants() -> dict[str, list[tuple[str, object]]]:
    """Option sets played besides each game's defaults, as (label, Options)."""
    from cosmodrome.games.cosmic.v1 import cosmic_pb2
    return {"cosmic": [(COSMIC_000, cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_COSMIC,
                                                       moons=cosmic_pb2.MOON_SET_GAME_EFFECT))]}



@dataclass
class Report:
    games: Counter = field(default_factory=Counter)
    moves: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        total = sum(self.games.values())
        rate = total / self.seconds if self.seconds else 0.0
        out = [f"soak: {total} games in {self.seconds:.1f}s = {rate:.1f} games/s, "
               f"{self.moves} moves = {self.moves / max(self.seconds, 1e-9):,.0f} moves/s",
               "  per game: " + ", ".join(f"{g} {n}" for g, n in sorted(self.games.items()))]
        out += [f"  FAILED {f}" for f in self.failures]
        out.append(f"{total - len(self.failures)} passed, {len(self.failures)} failed")
        return out


def check(export: admin_pb2.MatchExport) -> list[str]:
    """What is inconsistent in a finished match, as the store holds it."""
    match = export.record.match
    game = registry()[match.game]
    problems = []
    if match.status != FINISHED:
        problems.append(f"status {match.status}, not finished")
    versions = [e.version for e in export.log]
    if versions != list(range(1, match.version + 1)):
        problems.append(f"log versions are not 1..{match.version}")
    state = getattr(export.record.state, game.name)
    result = game.result(state)
    if result is None:
        problems.append("the rules see no result in the final state")
    elif (list(result.winners), list(result.scores)) != (list(match.result.winners),
                                                         list(match.result.scores)):
        problems.append(f"stored result {match.result} differs from the rules' {result}")
    if game.decisions(state):
        problems.append("decisions still owed after the end")
    return problems + game.audit(state)


async def one_game(client: Client, admin, token: str, game: str, players: int, seed: int,
                   timeout: float, game_bots: bool, options=None) -> tuple[int, list[str]]:
    """Plays one match to the end (`options`: the game's Options, None: its defaults);
    returns (moves, problems)."""
    match = await client.create_match(game, options, players=players, seed=seed)
    seats = [await client.join(match.match_id, name=f"bot{i}") for i in range(players)]
    bots = [await client.game_bot(game, seed=seed * 10 + i) if game_bots
            else RandomBot(seed * 10 + i) for i in range(players)]
    try:
        await asyncio.wait_for(asyncio.gather(*(play(s, b) for s, b in zip(seats, bots,
                                                                               strict=True))),
                               timeout)
    except TimeoutError:
        return 0, [f"{game} {match.match_id}: not finished after {timeout:.0f}s"]
    export = await admin.ExportMatch(admin_pb2.ExportMatchRequest(match_id=match.match_id),
                                     metadata=(("authorization", f"Bearer {token}"),))
    moves = sum(1 for e in export.log if e.seat >= 0 and e.move_kind not in ("join", "leave",
                                                                            "join_and_start"))
    problems = [f"{game} {match.match_id} ({players}p, seed {seed}): {p}"
                for p in check(export)]
    return moves, problems


async def soak(address: str, admin_token: str, games_per_game: int, concurrency: int,
               timeout: float, seed: int = 1, game_bots: bool = True,
               only: Collection[str] = ()) -> Report:
    """Each game's own heuristic bots on every seat (RandomBots with game_bots=False); `only`:
    the labels to play (a game's name, or a variant's label), all if empty."""
    report = Report()
    slots = asyncio.Semaphore(concurrency)
    async with Client.connect(address, ready_timeout=30) as client:
        admin = admin_pb2_grpc.AdminServiceStub(client.channel)
        catalog = await client.list_games()

        async def run(game, players: int, n: int, label: str = "", options=None) -> None:
            async with slots:
                try:
                    moves, problems = await one_game(client, admin, admin_token, game,
                                                     players, seed + n, timeout, game_bots,
                                                     options)
                except Exception as exc:  # report, keep soaking
                    moves, problems = 0, [f"{label or game} ({players}p): {exc!r}"]
                report.games[label or game] += 1
                report.moves += moves
                report.failures += problems

        def seats(info, n: int) -> int:
            return info.min_players + n % (info.max_players - info.min_players + 1)

        jobs = [run(info.name, seats(info, n), n) for info in catalog
                if not only or info.name in only for n in range(games_per_game)]
        jobs += [run(info.name, seats(info, n), n, label, options) for info in catalog
                 for label, options in variants().get(info.name, [])
                 if not only or label in only for n in range(games_per_game)]
        start = time.perf_counter()
        await asyncio.gather(*jobs)
        report.seconds = time.perf_counter() - start
    return report


@contextmanager
def local_server() -> Iterator[tuple[str, str]]:
    """A server on its embedded store in a temporary folder: (address, admin token)."""
    token, port = secrets.token_urlsafe(16), free_port()
    with tempfile.TemporaryDirectory(prefix="cosmodrome-soak-") as data:
        exe = Path(sys.executable).with_name("cosmodrome-server")
        process = subprocess.Popen(
            [str(exe), "--port", str(port), "--data-dir", data, "--admin-token", token,
             "--log-level", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            yield f"127.0.0.1:{port}", token  # Client.connect waits until it answers
        finally:
            process.terminate()
            process.wait(30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="matches per hosted game")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per match")
    parser.add_argument("--address")
    parser.add_argument("--admin-token", default="")
    parser.add_argument("--random-bots", action="store_true",
                        help="RandomBots instead of each game's own bot")
    parser.add_argument("--only", nargs="+", default=(), metavar="LABEL",
                        help=f"play only these games or variants (e.g. '{COSMIC_000}')")
    args = parser.parse_args(argv)

    def run(address: str, token: str) -> Report:
        return asyncio.run(soak(address, token, args.games, args.concurrency, args.timeout,
                                game_bots=not args.random_bots, only=args.only))

    if args.address:
        report = run(args.address, args.admin_token)
    else:
        with local_server() as (address, token):
            report = run(address, token)
    print("\n".join(report.lines()))
    return 1 if report.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
