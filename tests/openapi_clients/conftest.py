"""Clients generated from the edge's /openapi.json by third-party generators (pinned in
package-lock.json and requirements.txt, installed by `make`), against a real server behind
the real edge.

Generated here, never committed: gen/ (the clients), build/ (the TypeScript plays, bundled).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cosmodrome.edge.config import OPENAPI
from tests.edge.conftest import start_edge
from tests.support import ServerProcess

HERE = Path(__file__).resolve().parent
BIN = HERE / "node_modules" / ".bin"
GEN = HERE / "gen"
BUILD = HERE / "build"
PY_BIN = Path(sys.executable).parent


def run(command: list[str | Path], timeout: float = 300, **env: str,
        ) -> subprocess.CompletedProcess[str]:
    """A command in this folder, its output kept (checked by the caller)."""
    return subprocess.run([str(part) for part in command], cwd=HERE, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL,
                          env={**os.environ, **env})


def checked(command: list[str | Path], timeout: float = 300, **env: str) -> str:
    result = run(command, timeout, **env)
    assert result.returncode == 0, f"{command}:\n{result.stdout[-4000:]}{result.stderr[-4000:]}"
    return result.stdout


def node_tools() -> None:
    """Skips, saying why, where Node or this folder's packages (`make`) are missing."""
    if not shutil.which("node"):
        pytest.skip("node is not installed: the TypeScript generated clients did not run")
    if not (BIN / "openapi-typescript").exists():
        pytest.skip(f"{BIN} is missing: run `make openapi-clients` (make test does)")


@pytest.fixture(scope="session")
def fast_edge(redis_url):
    """A replica whose server bots move every 5 ms (not 100), behind an edge without a rate
    limit: whole matches against bots stay short."""
    with ServerProcess(redis_url=redis_url, extra=["--deadline-tick-ms", "5"]) as server:
        with start_edge([server.address]) as edge:
            yield edge


@pytest.fixture(scope="session")
def typescript_clients() -> Path:
    """openapi-typescript's types (with openapi-fetch) and @hey-api/openapi-ts's client,
    generated from the document, type-checked with the plays under `tsc --strict`, then the
    plays bundled for Node."""
    node_tools()
    shutil.rmtree(GEN / "fetch", ignore_errors=True)
    shutil.rmtree(GEN / "hey", ignore_errors=True)
    checked([BIN / "openapi-typescript", OPENAPI, "-o", GEN / "fetch" / "schema.ts"])
    checked([BIN / "openapi-ts", "-i", OPENAPI, "-o", GEN / "hey",
             "-c", "@hey-api/client-fetch"])
    checked([BIN / "tsc", "-p", "tsconfig.json"])
    checked([BIN / "esbuild", "ts/fetch_play.ts", "ts/hey_play.ts", "--bundle",
             "--platform=node", "--format=esm", f"--outdir={BUILD}",
             "--out-extension:.js=.mjs", "--log-level=warning"])
    return BUILD


@pytest.fixture(scope="session")
def python_client() -> Path:
    """openapi-python-client's package (cosmodrome_openapi), generated from the document."""
    generator = PY_BIN / "openapi-python-client"
    if not generator.exists():
        pytest.skip("openapi-python-client is missing: run `make openapi-clients`")
    shutil.rmtree(GEN / "py", ignore_errors=True)
    checked([generator, "generate", "--path", OPENAPI, "--meta", "none",
             "--output-path", GEN / "py" / "cosmodrome_openapi"])
    return GEN / "py"
