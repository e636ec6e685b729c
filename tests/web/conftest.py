"""The TypeScript client and the web page against a real server behind the real edge."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from cosmodrome.edge.config import EdgeConfig
from cosmodrome.edge.launcher import EdgeProcess
from cosmodrome.store.embedded import free_port

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "clients" / "typescript"
WEB = ROOT / "clients" / "web"


def built(folder: Path, output: str) -> None:
    """Skips, saying why, where Node or the build of `make web-build` is missing."""
    if not shutil.which("node"):
        pytest.skip("node is not installed: the TypeScript client and page tests did not run")
    if not (folder / output).exists():
        pytest.skip(f"{folder / output} is missing: run `make web-build` (make test does)")


def run_node_tests(folder: Path, env: dict[str, str], timeout: float = 300) -> str:
    """`node --test` in `folder`; fails with its output unless every test ran and passed."""
    result = subprocess.run(
        ["node", "--test", "--test-reporter=tap", *env.pop("NODE_TEST_PATHS").split()],
        cwd=folder, env={**os.environ, **env}, capture_output=True, text=True,
        timeout=timeout, stdin=subprocess.DEVNULL)
    out = result.stdout + result.stderr
    counts = {line.split()[1]: int(line.split()[2]) for line in out.splitlines()
              if line.startswith("# ") and len(line.split()) == 3 and line.split()[2].isdigit()}
    assert result.returncode == 0 and counts.get("fail") == 0, failures(out)
    assert counts.get("pass", 0) > 0, out[-3000:]
    assert counts.get("skipped") == 0, f"node skipped tests:\n{out[-6000:]}"
    return out


def failures(tap: str, context: int = 30) -> str:
    """The failing tests of a TAP report, each with the lines that explain it."""
    lines = tap.splitlines()
    picked = [line for i, line in enumerate(lines) if line.lstrip().startswith("not ok")
              for line in lines[i:i + context]]
    return "\n".join(picked) or tap[-3000:]


@pytest.fixture(scope="module")
def edge(server) -> EdgeProcess:
    """The edge (the one template) in front of the session's server; CORS open to any
    origin, as `make run` has it, so a page served elsewhere may call it."""
    port = free_port()
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"cosmodrome-edge-{port}.log"
    config = EdgeConfig(upstreams=[server.address], http_port=port, health_interval_s=0.5,
                        rate_limit=0)
    with EdgeProcess(config, log_path=log) as proc:
        yield proc
