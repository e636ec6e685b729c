"""The client stands alone: its wheel carries the generated contract, and nothing in it
imports the server's packages."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "clients" / "python"

PLAY = textwrap.dedent('''
    import asyncio, importlib.resources, importlib.util, sys

    # no server here: only the contract shipped in the client's wheel
    assert importlib.util.find_spec("cosmodrome.games.mlem.rules") is None
    assert importlib.util.find_spec("cosmodrome.store") is None
    for package in ("cosmodrome_client", "cosmodrome.v1", "cosmodrome.games.mlem.v1"):
        assert importlib.resources.files(package).joinpath("py.typed").is_file(), package

    from cosmodrome_client import Client, play

    async def main(address):
        async with Client.connect(address) as client:
            match = await client.create_match("mlem", players=2, bots=[1], seed=4)
            me = await client.join(match.match_id, name="alone")
            final = await play(me, await client.game_bot("mlem", seed=1))  # content-driven
            print("finished", final.status, list(final.result.winners))

    asyncio.run(main(sys.argv[1]))
''')


def test_the_client_package_imports_nothing_from_the_server():
    """Only the generated contract (cosmodrome.v1, cosmodrome.games.<game>.v1) is allowed, and
    a game's bot (cosmodrome.games.<game>.bot), which the wheel carries beside the contract
    (tests/unit/test_game_records.py: it imports nothing but the contract)."""
    for path in (CLIENT / "cosmodrome_client").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                if name == "cosmodrome" or name.startswith("cosmodrome."):
                    parts = name.split(".")
                    contract = parts[:2] == ["cosmodrome", "v1"] or (
                        parts[1:2] == ["games"] and len(parts) >= 4 and parts[3] == "v1") or (
                        parts[1:2] == ["games"] and parts[3:] == ["bot"])
                    assert contract, f"{path.relative_to(ROOT)} imports {name}"


@pytest.mark.slow
def test_the_client_installs_alone_in_a_fresh_virtualenv_and_plays(server, tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    install = subprocess.run([str(venv / "bin" / "pip"), "install", "--quiet", str(CLIENT)],
                             capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path)
    assert install.returncode == 0, install.stderr[-3000:]
    listed = subprocess.run([str(venv / "bin" / "pip"), "list", "--format=freeze"],
                            capture_output=True, text=True, env=env, cwd=tmp_path).stdout
    assert "cosmodrome-client==" in listed
    assert not any(line.startswith(("cosmodrome==", "redis", "aiohttp", "valkey"))
                   for line in listed.splitlines()), listed
    played = subprocess.run([str(venv / "bin" / "python"), "-c", PLAY, server.address],
                            capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path)
    assert played.returncode == 0, played.stderr[-3000:]
    assert played.stdout.startswith("finished 3 ")  # MATCH_STATUS_FINISHED
    games = subprocess.run([str(venv / "bin" / "cosmodrome"), "--address", server.address,
                            "games"], capture_output=True, text=True, timeout=60, env=env,
                           cwd=tmp_path)
    assert games.returncode == 0 and "mlem" in games.stdout, games.stderr
