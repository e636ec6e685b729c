"""The embedded default store: matches survive a restart of the run command."""

from __future__ import annotations

import signal

import pytest

from tests.support import Api, ServerProcess, ttt


@pytest.mark.parametrize("stop_signal", [signal.SIGTERM, signal.SIGKILL],
                         ids=["graceful", "killed"])
def test_match_survives_a_restart_of_the_embedded_store(tmp_path, stop_signal):
    data = str(tmp_path / "data")
    with ServerProcess(data_dir=data) as first:
        api = Api(first.address)
        match_id, tokens = api.new_match("tictactoe")
        api.submit(match_id, tokens[0], ttt(4))
        api.submit(match_id, tokens[1], ttt(0))
        before = api.view(match_id, tokens[0])
        api.close()
        first.stop(stop_signal)
    with ServerProcess(data_dir=data) as second:
        api = Api(second.address)
        after = api.view(match_id, tokens[0])  # the seat token still works
        assert after == before
        assert after.match.version == 5
        api.submit(match_id, tokens[0], ttt(8))  # and play goes on
        assert api.view(match_id).match.version == 6
        api.close()
    assert (tmp_path / "data" / "appendonlydir").is_dir()
