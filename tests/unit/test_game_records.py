"""Games as records (docs/adding-a-game.md, ARCHITECTURE rule 13): each game package exports
one record, the platform iterates the records and names no game, the server does not depend
on the client package, and each game's bot exists once."""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

from cosmodrome.core.record import GameRecord
from cosmodrome.games import records, registry
from cosmodrome_client.bots import GAME_BOTS

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server" / "cosmodrome"
PLATFORM = (SERVER / "core", SERVER / "api")


def imported(path: Path) -> list[str]:
    """Every module `path` imports, at the top or inside a function."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names.append(node.module or "")
    return names


def test_core_and_api_import_no_game_and_no_client_module():
    for folder in PLATFORM:
        for path in folder.rglob("*.py"):
            if path.name.endswith(("_pb2.py", "_pb2_grpc.py")):
                continue
            for name in imported(path):
                assert not name.startswith(("cosmodrome.games", "cosmodrome_client")), \
                    f"{path.relative_to(ROOT)} imports {name}"


def test_the_server_package_does_not_depend_on_the_client_package():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not any(d.replace("_", "-").startswith("cosmodrome-client")
                   for d in project["dependencies"])
    for path in SERVER.rglob("*.py"):
        for name in imported(path):
            assert not name.startswith("cosmodrome_client"), \
                f"{path.relative_to(ROOT)} imports {name}"


def test_each_game_package_exports_its_record_and_the_registry_is_the_records_engines():
    made = records()
    assert set(made) == set(registry())
    for name, record in made.items():
        assert isinstance(record, GameRecord)
        assert record.engine.name == name
        package = sys.modules[f"cosmodrome.games.{name}"]
        assert package.record().name == name


def test_each_game_bot_exists_once_and_the_client_carries_the_games_own():
    for name, cls in GAME_BOTS.items():
        assert cls.__module__ == f"cosmodrome.games.{name}.bot"
        assert records()[name].bot is cls, f"the server plays another {name} bot"
    client_bots = ROOT / "clients" / "python" / "cosmodrome_client" / "bots"
    for path in client_bots.rglob("*.py"):
        defined = [n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.ClassDef)]
        assert not [c for c in defined if c != "Bot" and c != "RandomBot"], path


def test_the_bots_the_client_carries_import_only_the_contract():
    """The client's wheel ships these modules beside the contract (clients/python/setup.py):
    anything else they imported would be missing where the client stands alone."""
    for name in GAME_BOTS:
        path = SERVER / "games" / name / "bot.py"
        for module in imported(path):
            top = module.split(".")[0]
            contract = module == f"cosmodrome.games.{name}.v1" or module.startswith(
                f"cosmodrome.games.{name}.v1.")
            assert contract or (top in sys.stdlib_module_names or top == "__future__"), \
                f"{path.relative_to(ROOT)} imports {module}"
