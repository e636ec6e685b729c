"""Bot-only `cosmic` matches as the server plays them, in process: how each ends.

    python -m bench.cosmic_server_bots [first seed] [last seed]

Plays, for 2 to 8 players, the match a CreateMatch with `seed` and bots on every seat (the
heuristic bot on even seats, the random bot on odd ones) would play: the same engine, the
same bot moves (core/server_bots.py seeds each from the match's seed, version and seat).
Prints the end, the moves and the winners of each: tests/client/test_cosmic_ruleset_over_grpc.py
takes its seeds from here, one per player count that ends by the rules (not the turn limit).
"""

from __future__ import annotations

import sys
import time

from cosmodrome.core import server_bots
from cosmodrome.games import records
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome.v1 import match_pb2, records_pb2

OPTIONS = pb.Options(ruleset=pb.RULESET_COSMIC, deal_timeout_ms=0)


def seat_bots(players: int) -> list[int]:
    return [server_bots.GAME if s % 2 == 0 else server_bots.RANDOM for s in range(players)]


def play(players: int, seed: int) -> tuple[pb.State, int]:
    """The final State of the match and its moves (the match's version is 1 + moves)."""
    cosmic = records()["cosmic"]
    game = cosmic.engine
    state = game.setup(OPTIONS, players, seed)
    seats = [match_pb2.Seat(bot=kind, occupied=True) for kind in seat_bots(players)]
    record = records_pb2.StoredMatch(seed=seed, match=match_pb2.Match(version=1, seats=seats))
    while game.result(state) is None:
        decision = server_bots.owed_by_bot(record, game.decisions(state))
        game.apply(state, decision.seat, server_bots.bot_move(cosmic, record, state, decision))
        record.match.version += 1
    return state, record.match.version - 1


def main(argv: list[str]) -> None:
    first, last = (int(a) for a in (argv + ["1", "4"])[:2])
    for players in range(2, 9):
        for seed in range(first, last + 1):
            start = time.process_time()
            state, moves = play(players, seed)
            print(f"{players} players, seed {seed}: {pb.GameEnd.Name(state.game_end)}, "
                  f"{moves} moves, winners {list(state.winners)}, "
                  f"{time.process_time() - start:.1f} CPU s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
