"""The web page's Cosmic renderer puts every Move and Event of the contract into words
(clients/web/test/words.test.mjs, node --test): each oneof case of cosmic.proto's Move and
Event read from the generated schema, each NoteKind, each task kind, and the View's lucres,
moons and extension cards. No server and no browser: it needs only Node and `make web-build`.
"""

from __future__ import annotations

from tests.web.conftest import WEB, built, run_node_tests


def test_web_cosmic_renderer_words_every_move_and_event_of_the_contract() -> None:
    built(WEB, "dist/app.js")
    out = run_node_tests(WEB, {"NODE_TEST_PATHS": "test/words.test.mjs"}, timeout=120)
    assert "every Move case of the cosmic contract has words" in out
    assert "every Event case of the cosmic contract has words" in out
