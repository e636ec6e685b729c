"""The edge's Envoy configuration, rendered from the one template `envoy.yaml` beside this
file (used by `make run`, the tests and deploy/). Every knob a host may turn is a field of
`EdgeConfig`; the template holds everything else.
"""

from __future__ import annotations

import ipaddress
import json
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from string import Template
from urllib.parse import urlsplit

from cosmodrome.edge import openapi, sse, unknown_fields
from cosmodrome.v1 import play_pb2

GENERATED = Path(play_pb2.__file__).parent
DESCRIPTOR_SET = GENERATED / "contract.pb"  # written by `make proto`
OPENAPI = GENERATED / "openapi.json"         # written by `make proto`

# Envoy's own refusals (HTTP status) as the gRPC code of the one error shape, google.rpc.Status
LOCAL_REPLY_CODES = {400: 3, 401: 16, 403: 7, 404: 5, 405: 12, 408: 4, 413: 8, 415: 3,
                     429: 8, 431: 8, 500: 13, 502: 14, 503: 14, 504: 4}
ADMIN_SERVICE = "cosmodrome.v1.AdminService"
# Retries: a read or a SubmitMove (compare-and-set plus idempotency key) may be resent after
# any transport failure; anything else only when it never reached a replica.
RETRY_ON_READS = "connect-failure,refused-stream,reset,unavailable,cancelled"
RETRY_ON_UNSENT = "connect-failure,refused-stream"


@dataclass
class EdgeConfig:
    upstreams: list[str] = field(default_factory=lambda: ["127.0.0.1:50051"])
    host: str = "127.0.0.1"
    http_port: int = 8080
    grpc_port: int = 0              # a second address for plain gRPC clients; 0: none
    admin_port: int = 0             # Envoy's admin interface, on loopback; 0: a free one
    # the game's admin API (AdminService) is never on the public listener: it has its own,
    # on admin_api_host:admin_api_port, when that port is set (0: not served by the edge)
    admin_api_port: int = 0
    admin_api_host: str = "127.0.0.1"
    # TLS to the replicas: trust this CA (PEM file) and check the replicas' names (the
    # upstreams' hosts, or upstream_tls_name), or trust exactly the certificate of this
    # SHA-256 (hex; what a replica's own edge does). Neither: plaintext.
    upstream_tls_ca: str = ""
    upstream_tls_name: str = ""
    upstream_tls_sha256: str = ""
    cors_origins: list[str] = field(default_factory=lambda: ["*"])
    rate_limit: int = 50            # requests per second per client address; 0: no limit
    rate_burst: int = 100           # requests a client may make at once
    trusted_hops: int = 0           # proxies in front whose X-Forwarded-For is believed
    max_request_bytes: int = 256 * 1024
    max_streams_per_connection: int = 100
    max_connections: int = 10000    # open client connections, all clients together
    max_calls: int = 1024           # calls under way at once, all clients together
    max_watches: int = 5000         # watch streams (SSE, gRPC, gRPC-Web) open at once
    call_timeout_s: float = 30.0
    idle_timeout_s: float = 300.0   # a connection or request with no bytes either way
    watch_idle_timeout_s: float = 3600.0  # a watch may stay quiet this long
    sse_retry_ms: int = sse.RETRY_MS  # the watch's `retry:` hint to EventSource
    health_interval_s: float = 5.0
    health_timeout_s: float = 3.0   # long: a busy replica is slow, not dead
    access_log: bool = True
    log_format: str = "json"        # or "console": a readable line, like the server's
    # the Play socket (a WebSocket per seat, api/play_socket.py) of each replica, HOST:PORT,
    # routed on /v1/play; empty: not served by the edge
    play_sockets: list[str] = field(default_factory=list)
    descriptor_set: Path = DESCRIPTOR_SET
    openapi: Path = OPENAPI
    # Player tokens (JWTs), verified here as by the replicas (the same issuers and keys):
    # the host's identity provider (a JWKS file or URL; no issuer: none), and the guests,
    # whose keys the edge fetches from the replicas (GetGuestKeys) through itself.
    jwks_file: str = ""
    jwks_url: str = ""
    jwt_issuer: str = ""
    jwt_audiences: list[str] = field(default_factory=list)
    guest_issuer: str = "cosmodrome-guest"
    guest_audience: str = "cosmodrome"


def render(config: EdgeConfig) -> str:
    """The Envoy bootstrap (YAML) for `config`."""
    for needed in (config.descriptor_set, config.openapi):
        if not Path(needed).is_file():
            raise FileNotFoundError(f"{needed} is missing: run `make proto`")
    contract = openapi.load(Path(config.descriptor_set))
    template = Template(resources.files("cosmodrome.edge").joinpath("envoy.yaml").read_text())
    values = {
        "host": config.host, "http_port": config.http_port, "admin_port": config.admin_port,
        "additional_addresses": [_address(config.host, config.grpc_port)]
        if config.grpc_port else [],
        "trusted_hops": config.trusted_hops,
        "idle_timeout": _seconds(config.idle_timeout_s),
        "watch_idle_timeout": _seconds(config.watch_idle_timeout_s),
        "call_timeout": _seconds(config.call_timeout_s),
        "health_checks": [_health_check(config.health_interval_s, config.health_timeout_s)],
        "outlier_detection": OUTLIER_DETECTION, "common_lb_config": LOAD_BALANCING,
        "max_calls": config.max_calls, "max_watches": config.max_watches,
        "max_streams_per_connection": config.max_streams_per_connection,
        "max_connections": config.max_connections,
        "access_log": _access_log(config.log_format) if config.access_log else [],
        "local_reply_mappers": [_jwt_refused(), *(_local_reply(status, code)
                                for status, code in LOCAL_REPLY_CODES.items())],
        "cors_origins": _origins(config.cors_origins),
        "rate_limit_bucket": _bucket(config.rate_limit, config.rate_burst),
        "rate_limit_percent": 100 if config.rate_limit else 0,
        "retry_reads": _retry(RETRY_ON_READS), "retry_unsent": _retry(RETRY_ON_UNSENT),
        "descriptor_set": str(config.descriptor_set), "openapi": str(config.openapi),
        "services": list(contract.services), "max_request_bytes": config.max_request_bytes,
        "endpoints": [_endpoint(u) for u in config.upstreams],
        "upstream_tls": _upstream_tls(config),
        "unknown_fields_lua": unknown_fields.lua_source(contract),
        "sse_lua": sse.lua_source(contract, config.sse_retry_ms),
        "header_names_lua": _lua("header_names.lua"),
        "rest_content_type_lua": _lua("rest_content_type.lua"),
    }
    rendered = {k: json.dumps(v) for k, v in values.items()}
    # a listener more in the `listeners` list, or nothing (a YAML list item, not a value)
    rendered["admin_api_listener"] = (f"    - {json.dumps(_admin_api_listener(config, values))}"
                                      if config.admin_api_port else "")
    rendered["jwt_authn_filter"] = f"                  - {json.dumps(jwt_authn(config))}"
    rendered["jwks_clusters"] = "".join(f"    - {json.dumps(c)}\n"
                                        for c in _jwks_clusters(config))
    rendered.update(_play_socket(config, values))
    return template.substitute(rendered)


def _play_socket(config: EdgeConfig, values: dict) -> dict[str, str]:
    """The /v1/play route (a WebSocket upgrade, passed through to a replica's Play socket:
    no transcoding, no timeout but the watches' idle one) and its cluster (HTTP/1.1),
    as YAML list items; nothing without `play_sockets`."""
    if not config.play_sockets:
        return {"play_socket_route": "", "play_socket_cluster": ""}
    route = {"match": {"path": "/v1/play"},
             "route": {"cluster": "play_sockets", "timeout": "0s",
                       "idle_timeout": values["watch_idle_timeout"],
                       "upgrade_configs": [{"upgrade_type": "websocket", "enabled": True}]},
             "typed_per_filter_config": {"envoy.filters.http.grpc_json_transcoder": {
                 "@type": "type.googleapis.com/envoy.config.route.v3.FilterConfig",
                 "disabled": True}}}
    cluster = {"name": "play_sockets", "type": "STRICT_DNS",
               "dns_lookup_family": "V4_PREFERRED", "lb_policy": "ROUND_ROBIN",
               "connect_timeout": "2s",
               "circuit_breakers": {"thresholds": [{"max_requests": config.max_watches}]},
               "load_assignment": {"cluster_name": "play_sockets", "endpoints": [
                   {"lb_endpoints": [_endpoint(u) for u in config.play_sockets]}]},
               "outlier_detection": OUTLIER_DETECTION,
               "common_lb_config": LOAD_BALANCING}
    tls = _upstream_tls(config)
    if tls is not None:  # the replicas' TLS, speaking HTTP/1.1 (a WebSocket's upgrade)
        tls["typed_config"]["common_tls_context"]["alpn_protocols"] = ["http/1.1"]
        cluster["transport_socket"] = tls
    return {"play_socket_route": f"                        - {json.dumps(route)}",
            "play_socket_cluster": f"    - {json.dumps(cluster)}"}


# A replica failing calls (502, 503, 504, reset) is set aside a while; at most half the
# replicas, and never for health checks slow under load alone.
OUTLIER_DETECTION = {"consecutive_gateway_failure": 3, "consecutive_5xx": 0,
                     "enforcing_consecutive_5xx": 0, "base_ejection_time": "5s",
                     "max_ejection_percent": 50}
# Panic routing: when fewer than half the replicas look healthy (health checks late under a
# burst, say), route to all of them rather than answer "no healthy upstream".
LOAD_BALANCING = {"healthy_panic_threshold": {"value": 50}}


def _health_check(interval_s: float, timeout_s: float) -> dict:
    """gRPC health checks; a replica is out after 3 failures in a row (a timeout is one),
    back after one success."""
    return {"timeout": _seconds(timeout_s), "interval": _seconds(interval_s),
            "no_traffic_interval": _seconds(interval_s), "unhealthy_threshold": 3,
            "healthy_threshold": 1, "grpc_health_check": {}}


def _lua(name: str) -> str:
    return resources.files("cosmodrome.edge").joinpath(name).read_text()


def _upstream_tls(config: EdgeConfig) -> dict | None:
    """The replicas' transport socket: TLS speaking HTTP/2, verified, or None (plaintext)."""
    if config.upstream_tls_sha256:
        validation = {"verify_certificate_hash": [config.upstream_tls_sha256]}
    elif config.upstream_tls_ca:
        names = ([config.upstream_tls_name] if config.upstream_tls_name
                 else sorted({u.rpartition(":")[0] for u in config.upstreams}))
        validation = {"trusted_ca": {"filename": config.upstream_tls_ca},
                      "match_typed_subject_alt_names": [
                          {"san_type": "IP_ADDRESS" if _is_ip(name) else "DNS",
                           "matcher": {"exact": name}} for name in names]}
    else:
        return None
    context = {"common_tls_context": {"alpn_protocols": ["h2"],
                                      "validation_context": validation}}
    name = config.upstream_tls_name or config.upstreams[0].rpartition(":")[0]
    if not _is_ip(name):
        context["sni"] = name
    return {"name": "envoy.transport_sockets.tls", "typed_config": {
        "@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3."
                 "UpstreamTlsContext", **context}}


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _admin_api_listener(config: EdgeConfig, values: dict) -> dict:
    """A listener serving the admin API alone (gRPC and REST), on its own address: a host
    keeps it off the public network. No CORS, no rate limit: operators only."""
    routes = [{"match": {"prefix": f"/{ADMIN_SERVICE}/"},
               "route": {"cluster": "replicas", "timeout": values["call_timeout"],
                         "retry_policy": values["retry_unsent"]}},
              {"match": {"prefix": "/"}, "direct_response": {
                  "status": 404, "body": {"inline_string": "only the admin API is served here"}}}]
    manager = {
        "@type": "type.googleapis.com/envoy.extensions.filters.network."
                 "http_connection_manager.v3.HttpConnectionManager",
        "stat_prefix": "admin_api", "codec_type": "AUTO",
        "access_log": values["access_log"],
        "local_reply_config": {"mappers": values["local_reply_mappers"]},
        "route_config": {"name": "admin_api", "virtual_hosts": [
            {"name": "admin_api", "domains": ["*"], "routes": routes}]},
        "http_filters": [
            {"name": "envoy.filters.http.grpc_json_transcoder", "typed_config": {
                "@type": "type.googleapis.com/envoy.extensions.filters.http."
                         "grpc_json_transcoder.v3.GrpcJsonTranscoder",
                "proto_descriptor": values["descriptor_set"], "services": [ADMIN_SERVICE],
                "print_options": {"always_print_primitive_fields": True},
                "convert_grpc_status": True,
                "request_validation_options": {"reject_unknown_method": True,
                                               "reject_unknown_query_parameters": True},
                "max_request_body_size": 4194304, "max_response_body_size": 4194304}},
            {"name": "envoy.filters.http.router", "typed_config": {
                "@type": "type.googleapis.com/envoy.extensions.filters.http.router.v3.Router"}}],
    }
    return {"name": "admin_api",
            "address": _address(config.admin_api_host, config.admin_api_port)["address"],
            "filter_chains": [{"filters": [{
                "name": "envoy.filters.network.http_connection_manager",
                "typed_config": manager}]}]}


def _seconds(value: float) -> str:
    return f"{value:g}s"


def _address(host: str, port: int) -> dict:
    return {"address": {"socket_address": {"address": host, "port_value": port}}}


def _endpoint(upstream: str) -> dict:
    host, _, port = upstream.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"upstream {upstream!r} is not HOST:PORT")
    return {"endpoint": _address(host, int(port))}


def _origins(origins: list[str]) -> list[dict]:
    if "*" in origins:
        return [{"safe_regex": {"regex": ".*"}}]
    return [{"exact": origin} for origin in origins]


def _bucket(rate: int, burst: int) -> dict:
    rate = max(rate, 1)
    return {"max_tokens": max(burst, rate), "tokens_per_fill": rate, "fill_interval": "1s"}


def _retry(retry_on: str) -> dict:
    return {"retry_on": retry_on, "num_retries": 3,
            "retry_back_off": {"base_interval": "0.05s", "max_interval": "1s"},
            "retry_host_predicate": [{"name": "envoy.retry_host_predicates.previous_hosts",
                                      "typed_config": {"@type": "type.googleapis.com/envoy."
                                                       "extensions.retry.host.previous_hosts."
                                                       "v3.PreviousHostsPredicate"}}],
            "host_selection_retry_max_attempts": 3}


def _local_reply(status: int, code: int) -> dict:
    return {
        "filter": {"status_code_filter": {"comparison": {
            "op": "EQ",
            "value": {"default_value": status, "runtime_key": f"edge.reply.{status}"}}}},
        "body_format_override": {
            "json_format": {"code": code, "message": "%LOCAL_REPLY_BODY%", "details": []},
            "content_type": "application/json"},
    }


CONSOLE_ACCESS_LINE = ("%START_TIME(%Y-%m-%dT%H:%M:%S.%6fZ)% [info     ] http  %REQ(:METHOD)% "
                       "%REQ_WITHOUT_QUERY(X-ENVOY-ORIGINAL-PATH?:PATH)% -> %RESPONSE_CODE% "
                       "%RESPONSE_FLAGS% in %DURATION% ms\n")


def _access_log(log_format: str = "json") -> list[dict]:
    """One JSON line per request, in the server's shape: timestamp (UTC, ISO 8601), level
    and event, then the request's fields (`rpc` and `latency_ms` as in the server's lines);
    or a readable line (log_format "console")."""
    fields = {"timestamp": "%START_TIME(%Y-%m-%dT%H:%M:%S.%6fZ)%", "level": "info",
              "event": "http", "client": "%DOWNSTREAM_REMOTE_ADDRESS_WITHOUT_PORT%",
              "method": "%REQ(:METHOD)%",
              # never the query: a watch ticket travels there
              "path": "%REQ_WITHOUT_QUERY(X-ENVOY-ORIGINAL-PATH?:PATH)%",
              # the call's gRPC status is in the server's own access line (a REST error's
              # is turned into the HTTP status and body, and Envoy would guess it wrong)
              "rpc": "%REQ(:PATH)%", "http_status": "%RESPONSE_CODE%",
              "flags": "%RESPONSE_FLAGS%", "latency_ms": "%DURATION%",
              "upstream": "%UPSTREAM_HOST%",
              "bytes_in": "%BYTES_RECEIVED%", "bytes_out": "%BYTES_SENT%"}
    return [{"name": "envoy.access_loggers.stdout", "typed_config": {
        "@type": "type.googleapis.com/envoy.extensions.access_loggers.stream.v3.StdoutAccessLog",
        "log_format": {**({"json_format": fields} if log_format == "json" else
                           {"text_format_source": {"inline_string": CONSOLE_ACCESS_LINE}}),
                       "formatters": [{
            "name": "envoy.formatter.req_without_query", "typed_config": {
                "@type": "type.googleapis.com/envoy.extensions.formatter.req_without_query."
                         "v3.ReqWithoutQuery"}}]}}}]


# -- player tokens (jwt_authn) -----------------------------------------------------------

JWT_LEEWAY_S = 30  # as the replicas' (auth/verify.py LEEWAY_S)
# A bearer of three dot-separated base64url parts is a JWT (auth.looks_like_jwt): checked
# here; any other bearer (a seat, creator or admin token) passes to the replicas unchecked.
JWT_BEARER = r"^Bearer [A-Za-z0-9_=-]*\.[A-Za-z0-9_=-]*\.[A-Za-z0-9_=-]*$"
GUEST_KEYS_PATH = "/v1/players/guest-keys"


def jwt_authn(config: EdgeConfig) -> dict:
    """Envoy's jwt_authn filter: a player's token is refused here (401, UNAUTHENTICATED,
    with Envoy's reason) unless it verifies as the replicas verify it; a good one is passed
    on as it came (`forward`), and the replica checks it again (cheaply: it remembers good
    tokens), so a direct gRPC caller and an edge caller are held to the same rules."""
    common = {"forward": True, "clock_skew_seconds": JWT_LEEWAY_S,
              "from_headers": [{"name": "authorization", "value_prefix": "Bearer "}]}
    self_host = "127.0.0.1" if config.host in ("0.0.0.0", "::") else config.host
    providers = {"guest": {
        "issuer": config.guest_issuer, "audiences": [config.guest_audience],
        "remote_jwks": _remote_jwks(f"http://{self_host}:{config.http_port}{GUEST_KEYS_PATH}",
                                    "guest_keys", "60s", through_itself=True), **common}}
    if config.jwt_issuer and (config.jwks_file or config.jwks_url):
        host = {"issuer": config.jwt_issuer, **common}
        if config.jwt_audiences:
            host["audiences"] = config.jwt_audiences
        if config.jwks_file:
            host["local_jwks"] = {"filename": config.jwks_file}
        else:
            host["remote_jwks"] = _remote_jwks(config.jwks_url, "host_jwks", "300s")
        providers["host"] = host
    match = {"prefix": "/", "headers": [{"name": "authorization", "string_match": {
        "safe_regex": {"regex": JWT_BEARER}}}]}
    requirement = ({"provider_name": "guest"} if len(providers) == 1 else
                   {"requires_any": {"requirements": [{"provider_name": name}
                                                      for name in providers]}})
    return {"name": "envoy.filters.http.jwt_authn", "typed_config": {
        "@type": "type.googleapis.com/envoy.extensions.filters.http.jwt_authn.v3."
                 "JwtAuthentication",
        "providers": providers, "rules": [{"match": match, "requires": requirement}]}}


def _jwt_refused() -> dict:
    """jwt_authn answers a wrong audience 403: for a player token that is as bad as any
    other, UNAUTHENTICATED as the replicas say (the edge's only 403 with a JWT is this)."""
    return {
        "filter": {"and_filter": {"filters": [
            {"status_code_filter": {"comparison": {"op": "EQ", "value": {
                "default_value": 403, "runtime_key": "edge.reply.jwt403"}}}},
            {"header_filter": {"header": {"name": "authorization", "string_match": {
                "safe_regex": {"regex": JWT_BEARER}}}}}]}},
        "status_code": 401,
        "body_format_override": {
            "json_format": {"code": 16, "message": "%LOCAL_REPLY_BODY%", "details": []},
            "content_type": "application/json"},
    }


def _remote_jwks(uri: str, cluster: str, cache: str, through_itself: bool = False) -> dict:
    """A key set fetched at start (retried until it answers), again every `cache`, and a
    second after a failed fetch. `through_itself`: fetched through this edge's own listener,
    which must not wait for it (it would wait for itself)."""
    return {"http_uri": {"uri": uri, "cluster": cluster, "timeout": "5s"},
            "cache_duration": cache,
            "async_fetch": {"fast_listener": through_itself, "failed_refetch_duration": "1s"},
            "retry_policy": {"num_retries": 10, "retry_back_off": {
                "base_interval": "0.5s", "max_interval": "5s"}}}


def _jwks_clusters(config: EdgeConfig) -> list[dict]:
    """The clusters key sets are fetched from: this edge's own listener (the guests' keys,
    from the replicas), and the host's JWKS URL if given."""
    self_host = "127.0.0.1" if config.host in ("0.0.0.0", "::") else config.host
    clusters = [_fetch_cluster("guest_keys", self_host, config.http_port, tls=False)]
    if config.jwt_issuer and config.jwks_url and not config.jwks_file:
        parts = urlsplit(config.jwks_url)
        tls = parts.scheme == "https"
        clusters.append(_fetch_cluster("host_jwks", parts.hostname or "",
                                       parts.port or (443 if tls else 80), tls))
    return clusters


def _fetch_cluster(name: str, host: str, port: int, tls: bool) -> dict:
    cluster = {"name": name, "type": "STRICT_DNS", "dns_lookup_family": "V4_PREFERRED",
               "connect_timeout": "2s", "load_assignment": {
                   "cluster_name": name,
                   "endpoints": [{"lb_endpoints": [_endpoint(f"{host}:{port}")]}]}}
    if tls:
        cluster["transport_socket"] = {"name": "envoy.transport_sockets.tls", "typed_config": {
            "@type": "type.googleapis.com/envoy.extensions.transport_sockets.tls.v3."
                     "UpstreamTlsContext", "sni": host}}
    return cluster
