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
