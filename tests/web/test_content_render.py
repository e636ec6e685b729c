"""Every game drawn from its published content alone (clients/web/test/content.test.mjs,
node --test): the content as GetGameContent publishes it and a View of an actual match of each
game are written here as protobuf JSON; the Node side has the TypeScript client's generated
types and the page's renderers, no server package. Its drawings (Crafting's SVG map, the others
as text) are kept in the test's folder as artifacts. And in headless Chromium, the page's
Crafting board (clients/web/test/crafting-board.test.mjs): a map per seat, a click on a
pickable space submits its Pick.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from google.protobuf import json_format

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from cosmodrome.games.crafting.v1 import crafting_pb2
from tests.web.conftest import WEB, built, run_node_tests
from tests.web.test_page import CHROMIUM

GAMES = ("crafting", "mlem", "cosmic", "tictactoe", "highcard")


def played_view(game: str, moves: int, seed: int = 7):
    """Seat 0's View after `moves` random moves (fewer if the match ends first)."""
    engine = records()[game].engine
    state = engine.setup(engine.Options(), 2, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        decisions = engine.decisions(state)
        if not decisions:
            break
        d = rnd.choice(decisions)
        engine.apply(state, d.seat, rnd.choice(list(d.options)))
    return engine.view(state, 0)


def test_every_game_is_drawn_from_its_published_content_alone(tmp_path) -> None:
    built(WEB, "dist/app.js")
    for game in GAMES:
        (tmp_path / f"{game}-content.json").write_text(
            json_format.MessageToJson(game_content(records()[game])))
        moves = {"crafting": 200, "mlem": 30, "cosmic": 20}.get(game, 2)
        (tmp_path / f"{game}-view.json").write_text(
            json_format.MessageToJson(played_view(game, moves)))
    out = run_node_tests(WEB, {"NODE_TEST_PATHS": "test/content.test.mjs",
                               "COSMODROME_RENDER_DIR": str(tmp_path)}, timeout=120)
    assert "# pass 4" in out, out[-3000:]
    svg = (tmp_path / "crafting-board.svg").read_text()
    assert svg.startswith("<svg") and svg.count("data-star=") == 54
    for drawn in ("mlem-board.txt", "cosmic-board.txt", "tictactoe-board.txt",
                  "highcard-board.txt", "crafting-cards.txt"):
        assert (tmp_path / drawn).read_text().strip(), drawn


def test_the_pages_crafting_board_submits_the_space_clicked(tmp_path) -> None:
    built(WEB, "dist/app.js")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Chromium is not installed ({CHROMIUM}): the board test did not run")
    engine = records()["crafting"].engine
    state = engine.setup(crafting_pb2.Options(), 2, 3)
    rnd = random.Random(3)
    while state.step != crafting_pb2.STEP_STAR_SPACE:  # random play to a star to place
        d = rnd.choice(engine.decisions(state))
        engine.apply(state, d.seat, rnd.choice(list(d.options)))
    (decision,) = engine.decisions(state)
    write = json_format.MessageToJson
    (tmp_path / "crafting-content.json").write_text(write(game_content(records()["crafting"])))
    (tmp_path / "crafting-pick-view.json").write_text(write(engine.view(state, decision.seat)))
    (tmp_path / "crafting-pick-options.json").write_text(
        "[" + ",".join(write(o) for o in decision.options) + "]")
    run_node_tests(WEB, {"NODE_TEST_PATHS": "test/crafting-board.test.mjs",
                         "COSMODROME_RENDER_DIR": str(tmp_path), "CHROMIUM": CHROMIUM},
                   timeout=120)
    assert (tmp_path / "crafting-page.png").stat().st_size > 10_000
