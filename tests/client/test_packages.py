"""Both clients are ready to publish: the npm package packs its built code, types, README and
LICENSE and is not private; the Python wheel's metadata carries its README, license and
typing (the lead names the registry owner at the first release: docs/client.md)."""

from __future__ import annotations

import email
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TS = ROOT / "clients" / "typescript"


@pytest.mark.skipif(not shutil.which("npm") or not (TS / "dist" / "src" / "index.js").exists(),
                    reason="npm or the built TypeScript client (make web-build) is missing")
def test_the_npm_package_packs_code_types_readme_and_license():
    package = json.loads((TS / "package.json").read_text())
    assert "private" not in package and package["publishConfig"] == {"access": "public"}
    packed = subprocess.run(["npm", "pack", "--dry-run", "--json"], cwd=TS, check=True,
                            capture_output=True, text=True, timeout=120)
    files = {f["path"] for f in json.loads(packed.stdout)[0]["files"]}
    assert {"LICENSE", "README.md", "package.json"} <= files
    for entry in package["exports"].values():  # every entry point's code and types
        assert {entry["default"].removeprefix("./"), entry["types"].removeprefix("./")} <= files
    assert "src/client.ts" in files  # the source maps' sources
    assert not any(f.startswith(("test/", "dist/test/", "node_modules/")) for f in files)
    assert (TS / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()


def test_the_python_wheel_carries_readme_license_and_types(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w",
                    str(tmp_path), str(ROOT / "clients" / "python")], check=True, timeout=600,
                   capture_output=True)
    wheel = next(tmp_path.glob("cosmodrome_client-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = email.message_from_bytes(archive.read(
            next(n for n in names if n.endswith(".dist-info/METADATA"))))
    assert meta["License-Expression"] == "MIT"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "pip install cosmodrome-client" in meta.get_payload()
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "cosmodrome_client/py.typed" in names
    assert (ROOT / "clients" / "python" / "LICENSE").read_text() == (ROOT / "LICENSE").read_text()
