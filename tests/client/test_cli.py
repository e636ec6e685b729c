"""The `cosmodrome` command line against the real server."""

from __future__ import annotations

import subprocess
import sys


def cosmodrome(server, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cosmodrome_client.cli",
                           "--address", server.address, *args],
                          check=False, capture_output=True, text=True, timeout=120)


def test_cli_lists_games_and_bots_play_a_match_shown_finished(server):
    listed = cosmodrome(server, "games")
    assert listed.returncode == 0
    assert "tictactoe" in listed.stdout and "highcard" in listed.stdout
    played = cosmodrome(server, "bots", "highcard", "--players", "3")
    assert played.returncode == 0, played.stderr
    match_id = played.stdout.split()[1].rstrip(":")
    shown = cosmodrome(server, "show", match_id)
    assert "FINISHED" in shown.stdout and "result:" in shown.stdout
    watched = cosmodrome(server, "watch", match_id)
    assert watched.stdout.splitlines()[0].startswith("v1 ")
    assert "revealed" in watched.stdout


def test_cli_reports_refusals_without_a_traceback(server):
    missing = cosmodrome(server, "show", "0123456789abcdef")
    assert missing.returncode == 1
    assert "NOT_FOUND" in missing.stderr and "Traceback" not in missing.stderr


def test_cli_plays_with_a_games_own_bot(server):
    played = cosmodrome(server, "bot", "mlem", "--game-bot")  # `bot` is an alias of `bots`
    assert played.returncode == 0, played.stderr
    assert "winners" in played.stdout


async def played_tictactoe(client) -> str:
    """A finished tic-tac-toe match between "ada" (seat 0) and "bob"."""
    import asyncio

    from cosmodrome_client import RandomBot, play
    match = await client.create_match("tictactoe", seed=1)
    ada = await client.join(match.match_id, name="ada")
    bob = await client.join(match.match_id, name="bob")
    await asyncio.gather(play(ada, RandomBot(1)), play(bob, RandomBot(2)))
    return match.match_id


async def test_watch_prints_readable_lines_naming_seats(server, client):
    import asyncio
    match_id = await played_tictactoe(client)
    watched = await asyncio.to_thread(cosmodrome, server, "watch", match_id)
    lines = watched.stdout.splitlines()
    assert lines[0] == "v1 server create"
    assert lines[1] == "v2 ada join" and lines[2] == "v3 bob join_and_start"
    assert lines[3].startswith("v4 ada place: ada put X on the "), lines
    assert "{" not in watched.stdout and "tictactoe" not in watched.stdout  # no protobuf text


async def test_watch_json_prints_one_update_per_line_zeros_included(server, client):
    import asyncio
    import json
    match_id = await played_tictactoe(client)
    watched = await asyncio.to_thread(cosmodrome, server, "watch", match_id, "--json")
    updates = [json.loads(line) for line in watched.stdout.splitlines()]
    # int64 fields are strings in proto JSON
    assert [int(u["entry"]["version"]) for u in updates] == list(range(1, len(updates) + 1))
    ada_moves = [u for u in updates if u["entry"]["move_kind"] == "place"][::2]
    assert all(u["entry"]["seat"] == 0 for u in ada_moves), "seat 0 is printed, not dropped"
    assert updates[-1]["view"]["match"]["status"] == "MATCH_STATUS_FINISHED"


async def test_watch_into_a_closed_pipe_ends_quietly(server, client):
    import asyncio

    from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
    match = await client.create_match("tictactoe")
    x = await client.join(match.match_id, name="x")
    await client.join(match.match_id, name="o")
    watcher = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cosmodrome_client.cli", "--address", server.address, "watch",
        match.match_id, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    first = await asyncio.wait_for(watcher.stdout.readline(), 30)
    assert first.startswith(b"v1 ")
    watcher._transport.get_pipe_transport(1).close()  # the reader goes away (`| head -1`)
    await x.submit(ttt.Move(cell=4))  # the next line meets the closed pipe
    code = await asyncio.wait_for(watcher.wait(), 30)
    stderr = await watcher.stderr.read()
    assert code == 0 and stderr == b"", stderr.decode()
