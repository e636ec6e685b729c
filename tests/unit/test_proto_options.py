"""Every proto of the contract names its package for the common languages, and `buf lint`
passes with the rule set of proto/buf.yaml (docs/clients-other-languages.md)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cosmodrome.contract import _generated_files

ROOT = Path(__file__).resolve().parents[2]
GO_MODULE = "cosmodrome/clients/go"  # clients/go/go.mod


def _files():
    return [f for f in _generated_files() if f.package.startswith("cosmodrome.")]


def _expected(package: str) -> dict:
    """The options a file of `package` (cosmodrome.v1, cosmodrome.games.<game>.v1) declares."""
    parts = package.split(".")
    name = ("cosmodrome" if len(parts) == 2 else parts[2]) + parts[-1]
    capital = [p.capitalize() for p in parts]
    return {"go_package": f"{GO_MODULE}/gen/{'/'.join(parts)};{name}",
            "java_package": f"com.{package}", "java_multiple_files": True,
            "csharp_namespace": ".".join(capital), "php_namespace": "\\".join(capital),
            "ruby_package": "::".join(capital)}


def test_every_proto_declares_its_package_for_each_language():
    files = _files()
    assert len(files) >= 12
    for file in files:
        options = file.GetOptions()
        for option, value in _expected(file.package).items():
            assert getattr(options, option) == value, (file.name, option)
        assert len(options.objc_class_prefix) == 3 and options.objc_class_prefix.isupper()


def test_each_package_has_its_own_go_name_and_objc_prefix():
    by_package: dict[str, set] = {}
    for file in _files():
        options = file.GetOptions()
        by_package.setdefault(file.package, set()).add(
            (options.go_package.split(";")[1], options.objc_class_prefix))
    assert all(len(names) == 1 for names in by_package.values()), by_package
    names = [next(iter(n)) for n in by_package.values()]
    assert len({go for go, _ in names}) == len({objc for _, objc in names}) == len(names)


def _buf() -> str | None:
    """buf from PATH, else the one clients/typescript locks (npm ci: make web-build)."""
    local = ROOT / "clients" / "typescript" / "node_modules" / ".bin" / "buf"
    return shutil.which("buf") or (str(local) if local.exists() else None)


def test_buf_lint_is_clean_with_the_documented_rules():
    buf = _buf()
    if buf is None:
        pytest.skip("buf is not installed (it comes with clients/typescript's npm ci)")
    done = subprocess.run([buf, "lint"], cwd=ROOT / "proto", capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
