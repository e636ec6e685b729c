"""Every shell snippet of the docs means the same in zsh as in bash.

Each ```sh block of the README, docs/ and the clients' READMEs runs under both shells with
every command replaced by a stub that records its arguments (so nothing real runs). zsh, the
default shell of macOS, differs from bash where snippets usually break: an unquoted `[...]`
or `?` is a glob that fails with "no matches found", `$M:watch` applies the history modifiers
`:w`, `:a`..., and an unquoted `$FILES` is not split into words. Any of these shows up as
other arguments, another exit status or an error on zsh's side."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
        *sorted((ROOT / "clients").glob("*/README.md"))]
SHELLS = ("bash", "zsh")
REAL = ("dirname", "basename", "tr")  # real: snippets and the stubs use them
# A stub records its name and arguments (newlines as ~) on one line, and prints "stub".
STUB = """#!/bin/sh
line=$(basename "$0")
for a in "$@"; do line="$line [$(printf %s "$a" | tr '\\n' '~')]"; done
printf '%s\\n' "$line" >> "$STUB_LOG"  # one write: stubs of a pipeline run at once
echo stub
"""
# The first word of a command: at a line's start, or after a separator or `$(`.
COMMAND = re.compile(r"(?:^|[;&|(]|\$\()\s*([A-Za-z_.$][\w./${}()-]*)", re.M)


def snippets() -> list[tuple[str, str]]:
    """Each document's sh blocks, in order, as one script: later blocks use earlier ones'
    variables."""
    found = []
    for doc in DOCS:
        blocks = re.findall(r"```sh\n(.*?)```", doc.read_text(), re.S)
        if blocks:
            found.append((str(doc.relative_to(ROOT)), "\n".join(blocks)))
    return found


def _stub(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(STUB)
    path.chmod(0o755)


def _run(shell: str, snippet: str, tmp: Path) -> tuple[int, str, str]:
    """Run `snippet` in `shell` in a fresh folder where every command is a stub."""
    work = tmp / shell
    bin_dir = work / "bin"
    bin_dir.mkdir(parents=True)
    for word in COMMAND.findall(snippet):
        if "/" in word and "$" not in word and not word.startswith("/"):
            _stub(work / "cwd" / word)
    for word in set(re.findall(r"(?<![\w./-])[A-Za-z_][\w.-]*", snippet)) - set(REAL):
        _stub(bin_dir / word)  # any word may be a command: keywords and builtins win anyway
    for folder in re.findall(r"\bcd (\S+)", snippet):
        (work / "cwd" / folder).mkdir(parents=True, exist_ok=True)
    for real in REAL:
        (bin_dir / real).symlink_to(shutil.which(real))
    _stub(work / "valkey" / "valkey-server")
    _stub(work / "valkey" / "valkey-cli")
    (work / "cwd").mkdir(exist_ok=True)
    log = work / "argv.log"
    log.touch()
    env = {"PATH": str(bin_dir), "HOME": str(work), "STUB_LOG": str(log),
           "VALKEY": str(work / "valkey" / "valkey-server"), "LANG": "C.UTF-8"}
    shell_path = shutil.which(shell)
    done = subprocess.run([shell_path, "-c", snippet], cwd=work / "cwd", env=env,
                          capture_output=True, text=True, timeout=30)
    # sorted: the commands of a pipeline run at once
    argv = "".join(sorted(log.read_text().replace(str(work), "<work>").splitlines(True)))
    return done.returncode, argv, done.stderr.replace(str(work), "<work>")


def test_the_docs_have_shell_snippets():
    assert sum(s.count("\n") for _, s in snippets()) >= 80


@pytest.mark.skipif(not all(shutil.which(s) for s in SHELLS), reason="zsh or bash is missing")
@pytest.mark.parametrize(("where", "snippet"), snippets(), ids=[w for w, _ in snippets()])
def test_a_snippet_runs_the_same_commands_in_zsh_as_in_bash(where, snippet, tmp_path):
    bash_status, bash_argv, _ = _run("bash", snippet, tmp_path)
    zsh_status, zsh_argv, zsh_err = _run("zsh", snippet, tmp_path)
    assert bash_argv, f"{where}: the stubs saw no command"
    assert (zsh_argv, zsh_status) == (bash_argv, bash_status), \
        f"{where}: zsh differs from bash\n{zsh_err}"
    for zsh_only in ("no matches found", "bad pattern", "unrecognized modifier"):
        assert zsh_only not in zsh_err, f"{where}: {zsh_err}"


def test_the_stubs_see_a_zsh_difference(tmp_path):
    """The test can fail: a modifier, a glob and word splitting each change zsh's commands."""
    zsh_breaks = ('M=m; curl "$E/v1/matches/$M:watch"', "curl bots [--game-bot]",
                  'F="a b"; curl $F')
    for k, snippet in enumerate(zsh_breaks):
        runs = [_run(shell, snippet, tmp_path / f"{k}{n}") for n, shell in enumerate(SHELLS)]
        assert runs[0][:2] != runs[1][:2], snippet
