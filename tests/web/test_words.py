"""The web page puts every Move and Event of the contract into words
(clients/web/test/words.test.mjs, node --test): Cosmic's renderer each oneof case of
cosmic.proto's Move and Event read from the generated schema, each NoteKind and each task kind
(from the catalog's words), and the View's lucres, moons and extension cards; MLEM's from the
catalog's words
(GameContent.words), written here from the server's record as GetGameContent publishes it.
No server and no browser: it needs only Node and `make web-build`.
"""

from __future__ import annotations

from google.protobuf import json_format

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from tests.web.conftest import WEB, built, run_node_tests


def test_web_cosmic_renderer_words_every_move_and_event_of_the_contract(tmp_path) -> None:
    built(WEB, "dist/app.js")
    env = {"NODE_TEST_PATHS": "test/words.test.mjs"}
    for game in ("mlem", "cosmic", "tictactoe", "highcard"):  # as GetGameContent publishes it
        path = tmp_path / f"{game}-content.json"
        path.write_text(json_format.MessageToJson(game_content(records()[game])))
        env[f"COSMODROME_{game.upper()}_CONTENT"] = str(path)
    out = run_node_tests(WEB, env, timeout=120)
    assert "every Move case of the cosmic contract has words from the catalog" in out
    assert "every Event case of the cosmic contract has words from the catalog" in out
    assert "every Move and Event case of the mlem contract has words from the catalog" in out
    assert "every Move and Event of tic-tac-toe and high card has words from the catalog" in out
