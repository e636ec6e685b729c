"""The web page puts every Move and Event of the contract into words
(clients/web/test/words.test.mjs, node --test), from the games' words as the catalog publishes
them (GameContent.words, written here as JSON from the server's records): every oneof case of
every game's Move and Event read from the generated schema,
each Cosmic NoteKind and task kind, and none of them without the catalog; and Cosmic's View
with its lucres, moons and extension cards. No server and no browser: it needs only Node and
`make web-build`.
"""

from __future__ import annotations

from google.protobuf import json_format

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from tests.web.conftest import WEB, built, run_node_tests


def test_web_cosmic_renderer_words_every_move_and_event_of_the_contract(tmp_path) -> None:
    built(WEB, "dist/app.js")
    env = {"NODE_TEST_PATHS": "test/words.test.mjs"}
    for game in records():  # each game's GameContent, as GetGameContent publishes it
        path = tmp_path / f"{game}-content.json"
        path.write_text(json_format.MessageToJson(game_content(records()[game])))
        env[f"COSMODROME_{game.upper()}_CONTENT"] = str(path)
    out = run_node_tests(WEB, env, timeout=120)
    assert "every Move case of the cosmic contract has words from the catalog" in out
    assert "every Event case of the cosmic contract has words from the catalog" in out
    assert "every Move and Event case of the mlem contract has words from the catalog" in out
    assert ("every Move and Event of tic-tac-toe, high card and crafting has words from the "
            "catalog") in out
