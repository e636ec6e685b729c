"""The Go client (clients/go, docs/clients-other-languages.md): its example bot, built by
`make go-bot` from the contract's descriptor set, plays whole matches of every game against
the server's bots, joins a match someone else created, and resumes after its connections
are cut: real server, real Redis, real Go. Skipped where the Go toolchain is not installed.

The server fires its bots' moves on a 2 ms deadline tick, so a thousand-move match ends in
seconds.
"""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cosmodrome.games import registry
from cosmodrome.v1 import lobby_pb2, match_pb2, play_pb2
from tests.support import Api, ServerProcess

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "clients" / "go" / "bin" / "cosmobot"
TOOLS = ("go", "protoc", "protoc-gen-go", "protoc-gen-go-grpc")
GO_SOURCES = Path("/usr/share/gocode/src/google.golang.org/grpc")  # golang-google-grpc-dev
DEBIAN = ("golang-go protobuf-compiler protoc-gen-go protoc-gen-go-grpc golang-google-grpc-dev "
          "golang-github-golang-protobuf-1-5-dev")
FINISHED = re.compile(r"finished (\w+) at version (\d+): .*, I am seat (\d+), (\d+) resumes")
MOVED = re.compile(r"seat \d+ moved (\w+): version (\d+)")


@pytest.fixture(scope="module")
def cosmobot() -> Path:
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if not GO_SOURCES.is_dir():  # offline builds take gRPC and protobuf from there
        missing.append(f"the Go sources of gRPC ({GO_SOURCES})")
    if missing:
        pytest.skip(f"the Go client needs {', '.join(missing)}: on Debian, "
                    f"apt-get install {DEBIAN} (docs/clients-other-languages.md)")
    done = subprocess.run(["make", "-s", "go-bot"], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    return BOT


@pytest.fixture(scope="module")
def quick_bots_server(redis_url):
    with ServerProcess(redis_url=redis_url, extra=["--deadline-tick-ms", "2"]) as proc:
        yield proc


def full_log(api: Api, match_id: str) -> list[match_pb2.LogEntry]:
    entries, after = [], 0
    while True:
        page = api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id, from_version=after,
                                                      page_size=1000))
        entries.extend(page.entries)
        if not page.entries:
            return entries
        after = page.next_from_version


def check_played_to_the_end(server: ServerProcess, stdout: str) -> re.Match:
    """The bot's closing line, once the server confirms what it says: the match finished
    by its rules, every version applied once, each move the bot made its seat's entry in
    the log at the version the server told it."""
    done = FINISHED.search(stdout)
    assert done, stdout[-2000:]
    match_id, version, seat = done.group(1), int(done.group(2)), int(done.group(3))
    api = Api(server.address)
    try:
        match = api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id))
        log = full_log(api, match_id)
    finally:
        api.close()
    assert match.status == match_pb2.MATCH_STATUS_FINISHED and not match.result.closed
    assert match.version == version
    assert [e.version for e in log] == list(range(1, version + 1))
    moved = [int(version) for _, version in MOVED.findall(stdout)]
    assert moved and len(set(moved)) == len(moved)  # each move applied once
    assert set(moved) <= {e.version for e in log if e.seat == seat}
    return done


def run_bot(bot: Path, *args: str) -> str:
    done = subprocess.run([str(bot), *args, "-timeout", "5m"], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    return done.stdout


@pytest.mark.parametrize("game", sorted(registry()))
def test_the_go_bot_plays_a_whole_match_of_every_game_against_the_servers_bots(
        cosmobot, quick_bots_server, game):
    stdout = run_bot(cosmobot, "-addr", quick_bots_server.address, "-game", game,
                     "-choices", "1")
    assert f"({game}, " in stdout.splitlines()[0]  # created it, then StartMatch's bots
    check_played_to_the_end(quick_bots_server, stdout)


def test_the_go_bot_joins_a_match_someone_else_created(cosmobot, quick_bots_server):
    api = Api(quick_bots_server.address)
    try:
        match = api.lobby.CreateMatch(lobby_pb2.CreateMatchRequest(
            game="tictactoe", bots=[lobby_pb2.ServerSeat(seat=0)]))
    finally:
        api.close()
    stdout = run_bot(cosmobot, "-addr", quick_bots_server.address, "-match", match.match_id)
    assert f"joined {match.match_id} as seat 1" in stdout
    check_played_to_the_end(quick_bots_server, stdout)


async def test_the_go_bot_resumes_after_its_connections_are_cut(
        cosmobot, quick_bots_server):
    """Through a TCP proxy cut once the bot has made three moves: the watch resumes from
    the last version seen and the bot plays on to the end (a move in flight at the cut, if
    any, is resent with its idempotency key)."""
    from tests.client.conftest import Proxy

    proxy = await Proxy(quick_bots_server.address).start()
    try:
        process = await asyncio.create_subprocess_exec(
            str(cosmobot), "-addr", proxy.address, "-game", "crafting", "-choices", "2",
            "-timeout", "5m",
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        lines = []
        async for line in process.stdout:
            lines.append(line.decode())
            if len(MOVED.findall("".join(lines))) == 3 and not proxy.cuts:
                proxy.cut()
        stderr = await process.stderr.read()
        assert await process.wait() == 0, "".join(lines)[-2000:] + stderr.decode()
        assert proxy.cuts == 1 and proxy.accepted >= 2  # cut, then connected again
    finally:
        await proxy.close()
    stdout = "".join(lines)
    done = check_played_to_the_end(quick_bots_server, stdout)
    assert int(done.group(4)) >= 1 and "resuming" in stdout
