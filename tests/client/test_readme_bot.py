"""README's "Write a bot" example runs verbatim against a real server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def write_a_bot_block() -> str:
    """The first python block of the README's "## Write a bot" section."""
    text = README.read_text()
    section = text[text.index("\n## Write a bot\n"):]
    section = section[:section.index("\n## ", 1)]
    blocks = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the section holds one complete script"
    return blocks[0]


def test_readme_write_a_bot_runs_verbatim_and_plays_to_the_end(server):
    script = write_a_bot_block()
    assert "127.0.0.1:50051" in script
    done = subprocess.run([sys.executable, "-c", script.replace("127.0.0.1:50051",
                                                                server.address)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"(seat 0 wins \(winners \[0\]|seat 1 wins \(winners \[1\]"
                        r"|draw \(winners \[\]), I am seat 0\)\n", done.stdout), done.stdout


def test_the_readme_bot_takes_the_centre_then_the_corners():
    namespace: dict = {}
    script = write_a_bot_block()
    exec(script[:script.index("async def main")], namespace)  # the class, not the run
    from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
    bot = namespace["CentreFirst"]()
    moves = lambda cells: [ttt.Move(cell=c) for c in cells]  # noqa: E731
    assert bot.choose(ttt.View(), "place", moves(range(9))).cell == 4
    assert bot.choose(ttt.View(), "place", moves([1, 3, 6, 7])).cell == 6
    assert bot.choose(ttt.View(), "place", moves([1, 5, 7])).cell == 1
