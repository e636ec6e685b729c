"""The server's configuration: flags win over environment variables, bad values are refused
with the flag named."""

from __future__ import annotations

import pytest

from cosmodrome.serve import parse_config, without_password


def test_the_deadline_tick_is_a_flag_or_an_environment_variable(monkeypatch):
    assert parse_config([]).deadline_tick_ms == 100
    monkeypatch.setenv("COSMODROME_DEADLINE_TICK_MS", "20")
    assert parse_config([]).deadline_tick_ms == 20
    assert parse_config(["--deadline-tick-ms", "2"]).deadline_tick_ms == 2


@pytest.mark.parametrize("value", ["0", "-5"])
def test_a_deadline_tick_under_a_millisecond_is_refused(value, capsys):
    with pytest.raises(SystemExit):
        parse_config(["--deadline-tick-ms", value])
    assert "--deadline-tick-ms must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize(("url", "shown"), [
    ("redis://:s3cret@db:6379/0", "redis://:***@db:6379/0"),
    ("rediss://app:s3cret@db:6380/1", "rediss://app:***@db:6380/1"),
    ("redis+cluster://u:p%40ss@node:7000", "redis+cluster://u:***@node:7000"),
    ("redis://127.0.0.1:6379/0", "redis://127.0.0.1:6379/0"),
    ("unix:///run/valkey.sock?db=0", "unix:///run/valkey.sock?db=0"),
])
def test_the_serving_line_never_shows_the_store_password(url, shown):
    assert without_password(url) == shown


def test_an_admin_token_that_would_read_as_a_jwt_is_refused(capsys):
    """A bearer with exactly two dots is taken for a player's JWT (auth.looks_like_jwt), so
    such an admin token could never be used: refused at start, its flag named."""
    with pytest.raises(SystemExit):
        parse_config(["--admin-token", "abc.def.ghi"])
    assert "--admin-token must not have exactly two dots" in capsys.readouterr().err
    assert parse_config(["--admin-token", "abc.def"]).admin_token == "abc.def"
