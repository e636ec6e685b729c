"""The edge's resumable server-sent events (sse.lua, run by Envoy's Lua filter), with its
routes generated from the contract: every server-streaming RPC with a GET route."""

from __future__ import annotations

from importlib import resources

from cosmodrome.edge.openapi import Contract, routes
from cosmodrome.edge.unknown_fields import lua_pattern, lua_table

RETRY_MS = 3000  # how long an EventSource waits before it reconnects (its usual default)


def lua_source(contract: Contract, retry_ms: int = RETRY_MS) -> str:
    patterns = [lua_pattern(path) for verb, path, _, method in routes(contract)
                if verb == "get" and method.server_streaming]
    template = resources.files("cosmodrome.edge").joinpath("sse.lua").read_text()
    return (template.replace("__ROUTES__", lua_table(patterns))
            .replace("__RETRY_MS__", str(int(retry_ms))))
