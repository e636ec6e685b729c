"""The store's password and the admin token are never written where others read them: the
"serving" log line, nor the command line of --workers' replicas (any local user reads it in
/proc/<pid>/cmdline), issue 24, operations 2."""

from __future__ import annotations

from cosmodrome.serve import parse_config, without_password
from cosmodrome.workers import replica_args, replica_env

URL = "redis://app:s3cret-pass@store.internal:6379/0"


def test_the_logged_store_url_has_no_password():
    assert without_password(URL) == "redis://app:***@store.internal:6379/0"
    assert without_password("rediss://:s3cret-pass@h:6380") == "rediss://:***@h:6380"
    assert without_password("redis://h:6379/0") == "redis://h:6379/0"


def test_replicas_of_workers_get_secrets_in_their_environment_not_their_command_line():
    config = parse_config(["--workers", "2", "--redis-url", URL, "--admin-token", "t0ken"])
    args = " ".join(replica_args(config, 1))
    assert "s3cret" not in args and "t0ken" not in args
    env = replica_env(config, {"PATH": "/bin"})
    assert env["COSMODROME_REDIS_URL"] == URL and env["COSMODROME_ADMIN_TOKEN"] == "t0ken"
    assert env["PATH"] == "/bin"
