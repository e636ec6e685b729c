"""The README's Python snippet runs verbatim against a real server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_readme_snippet_plays_a_tictactoe_match_to_the_end(server):
    snippet = python_blocks()[0].replace("127.0.0.1:50051", server.address)
    done = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"(seat [01] wins|draw)\n", done.stdout), done.stdout
