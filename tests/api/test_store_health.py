"""Health reflects the store; the embedded store is restarted if it dies; one server per
data folder, and a stale pid file never gets another process killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from cosmodrome.store.embedded import EmbeddedRedis, free_port
from tests.support import Api, ServerProcess, ttt

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def health(address: str, service: str = "") -> int:
    with grpc.insecure_channel(address) as channel:
        return health_pb2_grpc.HealthStub(channel).Check(
            health_pb2.HealthCheckRequest(service=service), timeout=5).status


def wait_for(check, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.1)


def test_health_is_not_serving_while_the_store_is_down(tmp_path):
    store = EmbeddedRedis(tmp_path / "redis")
    store.start()
    try:
        with ServerProcess(redis_url=store.url) as replica, \
                grpc.insecure_channel(replica.address) as channel:
            watch = health_pb2_grpc.HealthStub(channel).Watch(
                health_pb2.HealthCheckRequest(), timeout=30)
            assert next(watch).status == SERVING
            store.stop()
            assert next(watch).status == NOT_SERVING  # watchers are told too
            watch.cancel()
            assert health(replica.address) == NOT_SERVING
            assert health(replica.address, "cosmodrome.v1.PlayService") == NOT_SERVING
            assert health(replica.address, "liveness") == SERVING  # no restart for this
            store.start()  # same port and folder
            wait_for(lambda: health(replica.address) == SERVING)
    finally:
        store.stop()


def store_pid(data_dir) -> int:
    return int((data_dir / "store.pid").read_text())


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def test_an_embedded_store_that_dies_is_started_again_with_its_matches(tmp_path):
    data = tmp_path / "data"
    with ServerProcess(data_dir=str(data)) as replica:
        api = Api(replica.address)
        match_id, tokens = api.new_match("tictactoe")
        api.submit(match_id, tokens[0], ttt(4))
        # appendfsync everysec: a write may wait up to 2 s for a slow fsync (and a killed
        # store lose it); let the file catch up before the kill
        time.sleep(2.5)
        first = store_pid(data)
        os.kill(first, signal.SIGKILL)
        wait_for(lambda: (data / "store.pid").exists() and store_pid(data) != first
                 and health(replica.address) == SERVING)
        assert api.view(match_id).match.version == 4  # the append-only file kept it
        wait_for(lambda: _submits(api, match_id, tokens[1]))
        assert api.view(match_id).match.version == 5
        api.close()


def _submits(api: Api, match_id: str, token: str) -> bool:
    try:  # the server's connection to the old store fails once, then reconnects
        api.submit(match_id, token, ttt(0), version=4)
    except grpc.RpcError as err:
        assert err.code() == grpc.StatusCode.UNAVAILABLE, err.details()
        return False
    return True


def test_a_second_server_on_the_same_data_folder_refuses_to_start(tmp_path):
    data = tmp_path / "data"
    with ServerProcess(data_dir=str(data)) as first:
        pid = store_pid(data)
        second = subprocess.run(
            [sys.executable, "-m", "cosmodrome.serve", "--port", str(free_port()),
             "--data-dir", str(data)], capture_output=True, text=True, timeout=30)
        assert second.returncode != 0
        assert "in use by another cosmodrome server" in second.stderr
        assert alive(pid) and store_pid(data) == pid
        api = Api(first.address)
        api.new_match("tictactoe")  # the first server's store still serves
        api.close()


def test_a_stale_pid_file_never_gets_another_process_killed(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    bystander = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        (data / "store.pid").write_text(str(bystander.pid))
        with ServerProcess(data_dir=str(data)):
            time.sleep(0.5)
            assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()


def test_a_store_orphaned_by_a_killed_server_is_stopped_at_the_next_start(tmp_path):
    data = tmp_path / "data"
    orphaned = EmbeddedRedis(data)  # as if a killed server had left its store running
    orphaned.start()
    pid = orphaned.process.pid
    orphaned._lock and os.close(orphaned._lock)
    orphaned._lock = None  # the lock dies with its server
    try:
        with ServerProcess(data_dir=str(data)):
            wait_for(lambda: not alive(pid) or orphaned.process.poll() is not None)
            assert store_pid(data) != pid
    finally:
        orphaned.stop()
