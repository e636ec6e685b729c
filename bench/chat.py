"""`make bench-chat` (`python -m bench.chat`): what a chat line costs, beside a GetView.

A valkey-server and a cosmodrome-server (its chat rate limit raised out of the way) on
loopback; 64 tic-tac-toe matches, both seats taken. In the same run, alternating: SendChat
by a random seat of a random match (the chat script: rate window, log trim, publish) and
GetView (one HGET and a view), with 8 calls in flight; calls/s and p50/p99 of each.
    python -m bench.chat [--seconds 4] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
from pathlib import Path

from bench.load import Figures, drive
from bench.run import server_command, start, stop, wait_serving
from cosmodrome.store.embedded import EmbeddedRedis, free_port
from cosmodrome_client import Client

MATCHES = 64
IN_FLIGHT = 8


async def measure(address: str, seconds: float, rounds: int) -> dict[str, list[Figures]]:
    async with Client.connect(address) as client:
        seats = []
        for _ in range(MATCHES):
            match = await client.create_match("tictactoe")
            seats += [await client.join(match.match_id), await client.join(match.match_id)]
        figures: dict[str, list[Figures]] = {"SendChat": [], "GetView": []}
        for _ in range(rounds):
            figures["SendChat"].append(await drive(
                lambda: random.choice(seats).send_chat("gg, well played"), IN_FLIGHT, seconds))
            figures["GetView"].append(await drive(
                lambda: random.choice(seats).view(), IN_FLIGHT, seconds))
        return figures


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.chat", description=__doc__)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        store = EmbeddedRedis(Path(folder) / "redis", appendonly=False)
        url = store.start()
        port = free_port()
        server = start([*server_command(port, url), "--chat-rate-lines", "1000000"],
                       Path(folder) / "server.log")
        try:
            address = f"127.0.0.1:{port}"
            asyncio.run(wait_serving(address))
            figures = asyncio.run(measure(address, args.seconds, args.rounds))
        finally:
            stop(server)
            store.stop()
    for name, runs in figures.items():
        for n, f in enumerate(runs, 1):
            print(f"{name:>8} round {n}: {f.per_s:7.0f} calls/s  p50 {f.percentile_ms(50):5.2f} ms"
                  f"  p99 {f.percentile_ms(99):5.2f} ms  ({IN_FLIGHT} in flight)")
    chat = sum(f.per_s for f in figures["SendChat"])
    view = sum(f.per_s for f in figures["GetView"])
    print(f"SendChat / GetView calls/s: {chat / view:.2f}")


if __name__ == "__main__":
    main()
