"""Builds the client wheel with the generated contract inside it.

The contract's Python modules (cosmodrome.v1.*_pb2, cosmodrome.games.<game>.v1.*_pb2) are
generated from the repository's proto/ at build time by the server's own generator
(server/cosmodrome/protogen.py, loaded from its file: the server package is not needed) and
written into the wheel as the namespace packages `cosmodrome.v1` and
`cosmodrome.games.<game>.v1`: the same import paths the server uses, no `cosmodrome/__init__.py`.
The games' bots the client imports (`cosmodrome.games.<game>.bot`: each game's one bot, kept in
its game package and written against the contract only) are copied in beside it the same way.
An sdist carries copies of proto/, the generator and those bots. An editable install (`make
setup`) skips this: there the server's tree provides the same modules.
"""

from __future__ import annotations

import ast
import importlib.util
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = Path(__file__).resolve().parent
IN_SDIST = (HERE / "contract" / "proto", HERE / "contract" / "protogen.py")
IN_REPO = (HERE.parents[1] / "proto", HERE.parents[1] / "server" / "cosmodrome" / "protogen.py")
BOTS_IN_SDIST = HERE / "contract" / "bots"
GAMES_IN_REPO = HERE.parents[1] / "server" / "cosmodrome" / "games"


def _bot_games() -> list[str]:
    """The games whose bot module (cosmodrome.games.<game>.bot) the client imports."""
    games = set()
    for path in (HERE / "cosmodrome_client").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            parts = (node.module or "").split(".") if isinstance(node, ast.ImportFrom) else []
            if parts[:2] == ["cosmodrome", "games"] and parts[3:] == ["bot"]:
                games.add(parts[2])
    return sorted(games)


def _bot_source(game: str) -> Path:
    for path in (BOTS_IN_SDIST / f"{game}.py", GAMES_IN_REPO / game / "bot.py"):
        if path.is_file():
            return path
    raise SystemExit(f"cosmodrome-client: the {game} bot is not here")


def _sources() -> tuple[Path, Path]:
    for proto_dir, generator in (IN_SDIST, IN_REPO):
        if proto_dir.is_dir() and generator.is_file():
            return proto_dir, generator
    raise SystemExit("cosmodrome-client: build it from the repository (clients/python) or "
                     "from its sdist: the .proto files are not here")


class BuildWithContract(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        proto_dir, generator = _sources()
        spec = importlib.util.spec_from_file_location("_cosmodrome_protogen", generator)
        protogen = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(protogen)
        out = Path(self.build_lib)
        if protogen.generate(proto_dir, out):
            raise SystemExit("cosmodrome-client: protoc failed on the contract")
        for package in {p.parent for p in (out / "cosmodrome").rglob("*_pb2.py")}:
            (package / "py.typed").touch()  # typed: the .pyi stubs sit beside the modules
        for game in _bot_games():
            shutil.copy2(_bot_source(game), out / "cosmodrome" / "games" / game / "bot.py")


class SdistWithContract(sdist):
    def make_release_tree(self, base_dir: str, files: list[str]) -> None:
        super().make_release_tree(base_dir, files)
        proto_dir, generator = _sources()
        target = Path(base_dir) / "contract"
        shutil.copytree(proto_dir, target / "proto", dirs_exist_ok=True)
        shutil.copy2(generator, target / "protogen.py")
        (target / "bots").mkdir(exist_ok=True)
        for game in _bot_games():
            shutil.copy2(_bot_source(game), target / "bots" / f"{game}.py")


setup(cmdclass={"build_py": BuildWithContract, "sdist": SdistWithContract})
