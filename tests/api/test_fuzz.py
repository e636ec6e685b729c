"""Property-based fuzzing of every RPC against the real server (hypothesis).

Requests are drawn from each method's own message descriptor (every field, nested messages,
oneofs, hostile strings and out-of-range numbers), sent with no, forged, seat or admin
credentials, or replaced by random bytes. Whatever comes in:
- the status is never INTERNAL or UNKNOWN;
- a refused request changes nothing (the prepared match exports byte-identical);
- the status message stays short and never echoes a long input.
Bounded: a few dozen examples per method (about a minute in all).
"""

from __future__ import annotations

import base64

import grpc
import pytest
from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message_factory import GetMessageClass
from grpc_health.v1 import health_pb2
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cosmodrome.v1 import admin_pb2, catalog_pb2, lobby_pb2, play_pb2
from tests.support import ADMIN_TOKEN, Api, auth, ttt

FORBIDDEN = {grpc.StatusCode.INTERNAL, grpc.StatusCode.UNKNOWN, grpc.StatusCode.DATA_LOSS}
MAX_DETAILS = 600        # characters of a status message (the server cuts at 512)
ECHO_PROBE = 100         # a string input this long must not come back whole in a message
MAX_DEPTH = 3            # nested messages drawn this deep; deeper ones are left unset
EXAMPLES = 50

METHODS = [(module, service.name, method)
           for module in (catalog_pb2, lobby_pb2, play_pb2, admin_pb2)
           for service in module.DESCRIPTOR.services_by_name.values()
           for method in service.methods]
HEALTH = health_pb2.DESCRIPTOR.services_by_name["Health"]
SETTINGS = settings(max_examples=EXAMPLES, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

I32, U32, I64, U64 = (-2**31, 2**31 - 1), (0, 2**32 - 1), (-2**63, 2**63 - 1), (0, 2**64 - 1)
INTS = {FieldDescriptor.TYPE_INT32: I32, FieldDescriptor.TYPE_SINT32: I32,
        FieldDescriptor.TYPE_SFIXED32: I32, FieldDescriptor.TYPE_UINT32: U32,
        FieldDescriptor.TYPE_FIXED32: U32, FieldDescriptor.TYPE_INT64: I64,
        FieldDescriptor.TYPE_SINT64: I64, FieldDescriptor.TYPE_SFIXED64: I64,
        FieldDescriptor.TYPE_UINT64: U64, FieldDescriptor.TYPE_FIXED64: U64}
# Strings known to have broken a server: a page token whose number no float holds.
HOSTILE = [base64.urlsafe_b64encode(b"9" * 400 + b":a").decode(), "../etc", "\x00", "w" * 100_000]


def numbers(low: int, high: int):
    """Mostly the edges and small values, where bugs live; sometimes anything."""
    return st.one_of(st.sampled_from([low, high, 0, 1, -1 if low < 0 else 2]),
                     st.integers(-3, 10).filter(lambda n: low <= n <= high),
                     st.integers(low, high))


def texts(known: list[str]):
    long = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=ECHO_PROBE,
                   max_size=ECHO_PROBE + 50)  # plain letters: an echo is found as it was
    return st.one_of(st.sampled_from(known + HOSTILE), st.text(max_size=12), long)


def scalar(field: FieldDescriptor, known: list[str]):
    if field.type == FieldDescriptor.TYPE_STRING:
        return texts(known)
    if field.type == FieldDescriptor.TYPE_BYTES:
        return st.binary(max_size=64)
    if field.type == FieldDescriptor.TYPE_BOOL:
        return st.booleans()
    if field.type == FieldDescriptor.TYPE_ENUM:
        return st.integers(-1, 12)  # proto3 enums are open: unknown numbers arrive too
    if field.type in (FieldDescriptor.TYPE_FLOAT, FieldDescriptor.TYPE_DOUBLE):
        return st.floats(width=32 if field.type == FieldDescriptor.TYPE_FLOAT else 64)
    return numbers(*INTS[field.type])


def messages(descriptor, known: list[str], depth: int = 0):
    """A strategy for `descriptor`'s message: each field unset or drawn."""
    fields = {}
    for field in descriptor.fields:
        if field.type == FieldDescriptor.TYPE_MESSAGE:
            if depth >= MAX_DEPTH or field.message_type.GetOptions().map_entry:
                continue
            value = st.deferred(lambda f=field: messages(f.message_type, known, depth + 1))
        else:
            value = scalar(field, known)
        if field.is_repeated:
            value = st.lists(value, max_size=3)
        fields[field.name] = value
    cls = GetMessageClass(descriptor)
    return st.fixed_dictionaries({}, optional=fields).map(lambda values: build(cls, values))


def build(cls, values: dict):
    message = cls()
    for name, value in values.items():
        field = cls.DESCRIPTOR.fields_by_name[name]
        if field.is_repeated:
            getattr(message, name).extend(value)
        elif field.type == FieldDescriptor.TYPE_MESSAGE:
            getattr(message, name).CopyFrom(value)
        else:
            setattr(message, name, value)
    return message


@pytest.fixture(scope="module")
def prepared(server):
    """A tic-tac-toe match in play (one move made): the state refused calls must not
    change. Returns (api, match_id, seat tokens)."""
    api = Api(server.address)
    match_id, tokens = api.new_match("tictactoe")
    api.submit(match_id, tokens[0], ttt(4))
    yield api, match_id, tokens
    api.close()


def snapshot(api: Api, match_id: str) -> bytes:
    return api.export(match_id).SerializeToString(deterministic=True)


def credentials(tokens: list[str], admin: bool):
    pool = [None, "forged", "x" * 300, *tokens] + ([ADMIN_TOKEN] if admin else [])
    return st.one_of(st.sampled_from(pool),
                     st.text(alphabet=st.characters(min_codepoint=33, max_codepoint=126),
                             max_size=40))


def call(api: Api, path: str, streaming: bool, payload: bytes, token) -> grpc.RpcError | None:
    """Send raw `payload` to `path`; the error, or None if the call succeeded."""
    method = (api.channel.unary_stream if streaming else api.channel.unary_unary)(
        path, request_serializer=None, response_deserializer=None)
    metadata = (("authorization", token),) if token and token.startswith("Basic") \
        else auth(token)
    try:
        reply = method(payload, metadata=metadata, timeout=5)
        if streaming:
            next(reply, None)
            reply.cancel()
    except grpc.RpcError as error:
        if error.code() == grpc.StatusCode.CANCELLED and streaming:
            return None
        return error
    return None


def check(error: grpc.RpcError | None, request_strings: list[str]) -> None:
    if error is None:
        return
    code, details = error.code(), error.details() or ""
    assert code not in FORBIDDEN, f"{code.name}: {details[:300]}"
    if code == grpc.StatusCode.DEADLINE_EXCEEDED:
        return  # a watch of a quiet match: the client's own deadline
    assert len(details) <= MAX_DETAILS, f"{len(details)} characters: {details[:200]}"
    for text in request_strings:
        if len(text) >= ECHO_PROBE:
            assert text[:ECHO_PROBE] not in details, "a long input echoed back"


def strings_of(message) -> list[str]:
    found = []
    for field, value in message.ListFields():
        values = value if field.is_repeated else [value]
        for item in values:
            if field.type == FieldDescriptor.TYPE_STRING:
                found.append(item)
            elif field.type == FieldDescriptor.TYPE_MESSAGE:
                found += strings_of(item)
    return found


@pytest.mark.parametrize("module, service, method", METHODS,
                         ids=[f"{s}.{m.name}" for _, s, m in METHODS])
@SETTINGS
@given(data=st.data())
def test_every_rpc_refuses_hostile_requests_cleanly(prepared, module, service, method, data):
    api, match_id, tokens = prepared
    known = [match_id, "tictactoe", "cosmic", "0000000000000000", ""]
    request = data.draw(messages(method.input_type, known), label="request")
    if method.name == "DeleteMatch" or (method.name == "ImportMatch" and
                                        request.export.record.match.match_id == match_id):
        token = data.draw(credentials(tokens, admin=False), label="token")
    else:
        token = data.draw(credentials(tokens, admin=True), label="token")
    raw = data.draw(st.one_of(st.just(None), st.binary(max_size=64)), label="raw bytes")
    payload = request.SerializeToString() if raw is None else raw
    before = snapshot(api, match_id)
    error = call(api, f"/{module.DESCRIPTOR.package}.{service}/{method.name}",
                 method.server_streaming, payload, token)
    check(error, strings_of(request) if raw is None else [])
    if error is not None:
        assert snapshot(api, match_id) == before, "a refused request changed the match"


@pytest.mark.parametrize("method", list(HEALTH.methods), ids=[m.name for m in HEALTH.methods])
@SETTINGS
@given(payload=st.binary(max_size=64))
def test_health_refuses_hostile_requests_cleanly(prepared, method, payload):
    api = prepared[0]
    error = call(api, f"/grpc.health.v1.Health/{method.name}", method.server_streaming,
                 payload, None)
    check(error, [])


def test_the_fuzzing_left_no_unhandled_error_in_the_log(server, prepared):
    assert "unhandled error" not in server.log_path.read_text()
