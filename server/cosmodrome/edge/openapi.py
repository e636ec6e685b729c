"""OpenAPI 3.1 for the edge's REST/JSON routes, generated from the contract's descriptor set
(`make proto` writes it beside the generated code; the edge serves it at /openapi.json).

Routes come from the `google.api.http` annotations (an RPC without one has no route), schemas
from the messages in the protobuf JSON mapping as the edge prints them (lowerCamelCase names,
64-bit integers as strings, enums by name, every non-message field printed), descriptions from
the .proto comments. What the contract does not say is in the tables below: who may call each
route (ACCESS) and what each refusal looks like (ERRORS).

What a generator needs from it, it gets: `required` on every field the server always sends;
each oneof as a union of single-member variants; enums as named components; short type names.

    python -m cosmodrome.edge.openapi contract.pb openapi.json
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from google.api import annotations_pb2
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import (
    Descriptor,
    EnumDescriptor,
    FieldDescriptor,
    MethodDescriptor,
    OneofDescriptor,
)

TITLE = "Cosmodrome"
SERVICES_PACKAGE = "cosmodrome.v1"  # its services are what the edge serves
MAJOR = "1"                          # the /v1 of every path and of cosmodrome.v1
F = FieldDescriptor
INT32 = (F.TYPE_INT32, F.TYPE_SINT32, F.TYPE_SFIXED32, F.TYPE_UINT32, F.TYPE_FIXED32)
INT64 = (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64, F.TYPE_UINT64, F.TYPE_FIXED64)
WELL_KNOWN = {
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time"},
    "google.protobuf.Duration": {"type": "string", "pattern": r"^-?[0-9]+(\.[0-9]+)?s$"},
    "google.protobuf.Empty": {"type": "object"},
    "google.protobuf.Struct": {"type": "object"},
    "google.protobuf.Value": {},
    "google.protobuf.Any": {"type": "object", "required": ["@type"],
                            "properties": {"@type": {"type": "string"}}},
}
ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo"
RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo"

# Who may call a route: the security schemes it takes (none: anyone, no token).
SEAT = {"seatToken": []}
SCHEMES = {
    "seatToken": {"type": "http", "scheme": "bearer", "description": (
        "The seat token of JoinMatch (`seatToken`): the call acts as that seat.")},
    "creatorToken": {"type": "http", "scheme": "bearer", "description": (
        "The creator token of CreateMatch (`secrets.creatorToken`, in that reply only).")},
    "adminToken": {"type": "http", "scheme": "bearer", "description": (
        "The server's admin token (`--admin-token`); without one the admin API is off.")},
    "playerToken": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT", "description": (
        "A player's JWT: the host's identity provider's (--jwks-file/--jwks-url, "
        "--jwt-issuer, --jwt-audience), or a guest token of CreateGuest. The edge and the "
        "server verify it (signature, exp, nbf, iss, aud); the player is (iss, sub).")},
}
PLAYER = {"playerToken": []}
ANYONE, SEAT_OR_SPECTATOR = [], [{}, SEAT]
ACCESS = {
    "ListGames": ANYONE, "GetGameContent": ANYONE,
    "CreateMatch": ANYONE, "GetMatch": ANYONE, "ListMatches": ANYONE,
    # a player token is optional here (docs/api.md, Identity): not listed, since generators
    # make any listed scheme required (openapi-python-client: AuthenticatedClient only)
    "JoinMatch": ANYONE,
    "CreateGuest": ANYONE, "ListMyMatches": [PLAYER], "GetGuestKeys": ANYONE,
    "LeaveMatch": [SEAT], "StartMatch": [{"creatorToken": []}],
    "KickSeat": [{"creatorToken": []}], "CloseMatch": [{"creatorToken": []}],
    "GetView": SEAT_OR_SPECTATOR, "GetLog": SEAT_OR_SPECTATOR, "GetChat": ANYONE,
    "WatchMatch": SEAT_OR_SPECTATOR, "SubmitMove": [SEAT], "CreateWatchTicket": [SEAT],
    "SendChat": [SEAT],
    "ExportMatch": [{"adminToken": []}], "ImportMatch": [{"adminToken": []}],
    "DeleteMatch": [{"adminToken": []}],
}
# Ratings, leaderboards, matchmaking (ladder.proto): a player's calls; a leaderboard is anyone's
# (GetLeaderboard's token, for around_me only, is not listed: as JoinMatch's, above)
ACCESS |= {"GetLeaderboard": ANYONE, "GetRating": [PLAYER], "CreateTicket": [PLAYER],
           "CancelTicket": [PLAYER], "WatchTicket": [PLAYER]}
# Replays (replay.proto): as GetLog, a seat sees its own, anyone else a spectator's
ACCESS |= {"GetReplay": SEAT_OR_SPECTATOR}
# Refusals, by HTTP status: (gRPC codes, when). Every route may answer those of ALWAYS; a
# route with a token the auth ones; a route with a body 413; some routes 409 (CONFLICTS).
ERRORS = {
    "400": "INVALID_ARGUMENT (malformed input, unknown field) or FAILED_PRECONDITION "
           "(illegal now: ErrorInfo.reason names the rule)",
    "401": "UNAUTHENTICATED: a token is missing, malformed or unknown",
    "403": "PERMISSION_DENIED: the token is valid but not the one this call needs",
    "404": "NOT_FOUND: no such match or game",
    "409": "ABORTED (SubmitMove: the match is not at `expectedVersion`; ErrorInfo.metadata "
           "has `current_version`) or ALREADY_EXISTS (ImportMatch without `overwrite`)",
    "413": "RESOURCE_EXHAUSTED: the body is larger than the edge's limit",
    "429": "RESOURCE_EXHAUSTED: the client's rate limit (see the RateLimit headers), or a "
           "server limit (watches per match); RetryInfo says when to retry where known",
    "500": "INTERNAL or UNKNOWN: a fault of the server",
    "503": "UNAVAILABLE: no replica could answer (retry; reads and SubmitMove are safe)",
    "504": "DEADLINE_EXCEEDED: the call took longer than the edge allows",
}
ERROR_NAMES = {"400": "BadRequest", "401": "Unauthenticated", "403": "PermissionDenied",
               "404": "NotFound", "409": "Conflict", "413": "TooLarge", "429": "TooManyRequests",
               "500": "Internal", "503": "Unavailable", "504": "DeadlineExceeded"}
ALWAYS = ("400", "404", "429", "500", "503", "504")
CONFLICTS = {"SubmitMove", "ImportMatch"}
RATE_HEADERS = {
    "X-RateLimit-Limit": "requests allowed per window (per client address)",
    "X-RateLimit-Remaining": "requests left in the current window",
    "X-RateLimit-Reset": "seconds until the window starts again",
}


# Message fields the server always sets in what it sends, though the contract cannot say so
# (proto3 has no required message field): required in responses too. The live tests check
# every response against it (tests/edge/test_openapi.py, tests/openapi_clients).
ALWAYS_SET = {
    "cosmodrome.v1.Match.options", "cosmodrome.v1.Match.create_time",
    "cosmodrome.v1.Match.update_time", "cosmodrome.v1.MatchView.match",
    "cosmodrome.v1.JoinMatchResponse.match", "cosmodrome.v1.SubmitMoveResponse.view",
    "cosmodrome.v1.LogEntry.time", "cosmodrome.v1.ChatLine.time",
    "cosmodrome.v1.SendChatResponse.line", "cosmodrome.v1.WatchTicket.expire_time",
}


@dataclass(frozen=True)
class Contract:
    """The contract as a descriptor set holds it: every type, the services of
    cosmodrome.v1 (what the edge serves), and the .proto comments by element path."""

    pool: descriptor_pool.DescriptorPool
    services: tuple[str, ...]
    comments: dict


def load(descriptor_set: Path) -> Contract:
    files = descriptor_pb2.FileDescriptorSet.FromString(descriptor_set.read_bytes())
    pool = descriptor_pool.DescriptorPool()
    services, comments = [], {}
    for file in files.file:
        pool.Add(file)
        if file.package == SERVICES_PACKAGE:
            services += [f"{file.package}.{service.name}" for service in file.service]
        for location in file.source_code_info.location:
            text = (location.leading_comments or location.trailing_comments).strip()
            if text:
                comments[(file.name, tuple(location.path))] = " ".join(text.split())
    return Contract(pool, tuple(services), comments)


def routes(contract: Contract):
    """Every annotated RPC of the services: (verb, path template, body, method). RPCs
    without a `google.api.http` annotation (gRPC only, such as bidirectional streams) have
    no route."""
    for name in contract.services:
        for method in contract.pool.FindServiceByName(name).methods:
            if not method.GetOptions().HasExtension(annotations_pb2.http):
                continue
            rule = method.GetOptions().Extensions[annotations_pb2.http]
            verb = rule.WhichOneof("pattern")
            if verb and verb != "custom":
                yield verb, getattr(rule, verb), rule.body, method


def type_name(full_name: str) -> str:
    """Short, stable component names: cosmodrome.v1.Match -> Match,
    cosmodrome.games.cosmic.v1.Task.Kind -> CosmicTaskKind, google.rpc.Status -> Status."""
    game = re.fullmatch(r"cosmodrome\.games\.(\w+)\.v\d+\.(.+)", full_name)
    if game:
        return game[1].capitalize() + game[2].replace(".", "")
    for prefix in (f"{SERVICES_PACKAGE}.", "google.rpc.", "google.protobuf."):
        if full_name.startswith(prefix):
            return full_name[len(prefix):].replace(".", "")
    return full_name.replace(".", "")


def _synthetic(oneof: OneofDescriptor) -> bool:
    """A proto3 `optional` field's oneof (of that one field): not a real choice."""
    return len(oneof.fields) == 1 and oneof.name == "_" + oneof.fields[0].name


def real_oneofs(message: Descriptor) -> list[OneofDescriptor]:
    return [group for group in message.oneofs if not _synthetic(group)]


def always_sent(field: FieldDescriptor) -> bool:
    """What the edge prints even at its zero value (always_print_primitive_fields): every
    scalar, enum, list and map, but not a message field (unless ALWAYS_SET), a oneof member
    or an `optional`."""
    if field.containing_oneof is not None:
        return False
    return field.is_repeated or field.type != F.TYPE_MESSAGE or field.full_name in ALWAYS_SET


class Generator:
    def __init__(self, contract: Contract) -> None:
        self.contract = contract
        self.pool = contract.pool
        self.comments = contract.comments
        self.schemas: dict[str, dict] = {}
        self.full_names: dict[str, str] = {}  # component name -> protobuf name (clashes)
        self.sent: set[str] = set()            # messages the server sends (responses)

    def document(self) -> dict:
        self._mark_sent()
        paths: dict[str, dict] = {}
        for verb, path, body, method in routes(self.contract):
            paths.setdefault(_camel_path(path), {})[verb] = self._operation(method, path, body)
        self._error_schemas()
        document = {
            "openapi": "3.1.0",
            "info": {"title": TITLE, "version": "", "description": _INFO},
            "servers": [{"url": "http://127.0.0.1:8080",
                         "description": "`make run`; any host serving the edge"}],
            "tags": self._tags(),
            "paths": dict(sorted(paths.items())),
            "components": {
                "schemas": dict(sorted(self.schemas.items())),
                "securitySchemes": SCHEMES,
                "responses": {ERROR_NAMES[status]: _error(status) for status in ERRORS},
                "headers": {name: {"description": text, "schema": {"type": "integer"}}
                            for name, text in RATE_HEADERS.items()},
            },
        }
        digest = hashlib.sha256(json.dumps(document, sort_keys=True).encode()).hexdigest()
        document["info"]["version"] = f"{MAJOR}.0.0+{digest[:12]}"
        return document

    # -- which messages are sent ------------------------------------------------------

    def _mark_sent(self) -> None:
        for _, _, _, method in routes(self.contract):
            self._mark(method.output_type)
        self._mark(self.pool.FindMessageTypeByName("cosmodrome.v1.MatchUpdate"))

    def _mark(self, message: Descriptor) -> None:
        if message.full_name in self.sent:
            return
        self.sent.add(message.full_name)
        for field in message.fields:
            if field.message_type is not None:
                self._mark(field.message_type)

    # -- operations -------------------------------------------------------------------

    def _tags(self) -> list[dict]:
        tags = []
        for name in self.contract.services:
            service = self.pool.FindServiceByName(name)
            text = (self.comments.get((service.file.name, (6, service.index)))
                    or self.comments.get((service.file.name, (12,)), ""))  # the file's head
            tags.append({"name": service.name, "description": text or service.name})
        return tags

    def _operation(self, method: MethodDescriptor, path: str, body: str) -> dict:
        request = method.input_type
        bound = re.findall(r"\{([a-z0-9_.]+)(?:=[^}]*)?\}", path)
        parameters = [{"name": request.fields_by_name[name].json_name, "in": "path",
                       "required": True, "schema": self._field_schema(
                           request.fields_by_name[name]), "description": (
                           self._comment(request.fields_by_name[name])
                           or f"the {name.replace('_', ' ')}")}
                      for name in bound]
        if method.name not in ACCESS:
            raise ValueError(f"{method.full_name} has a route: say in ACCESS ({__file__}) "
                             "which token it takes")
        summary, description = _summary(self._comment(method), method.name)
        operation = {"operationId": _lower_first(method.name),
                     "tags": [method.containing_service.name],
                     "summary": summary, "description": description,
                     "security": ACCESS[method.name]}
        if body == "*":
            operation["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": self._body_schema(request, bound)}}}
        else:
            parameters += [self._query(f) for f in request.fields
                           if f.name not in bound and f.type != F.TYPE_MESSAGE]
        if parameters:
            operation["parameters"] = parameters
        operation["responses"] = {**self._success(method), **self._errors(method, body)}
        return operation

    def _query(self, field: FieldDescriptor) -> dict:
        return {"name": field.json_name, "in": "query", "required": False,
                "schema": self._field_schema(field),
                "description": self._comment(field) or field.json_name}

    def _success(self, method: MethodDescriptor) -> dict:
        reply = self._ref(method.output_type)
        if not method.server_streaming:
            return {"200": {"description": self._comment(method.output_type)
                            or method.output_type.name,
                            "content": {"application/json": {"schema": reply}}}}
        name = type_name(method.output_type.full_name)
        return {
            "200": {"description": _SSE.format(name=name), "content": {
                "text/event-stream": {"schema": reply}}},
            "204": {"description": "nothing more to send: the match is finished and the "
                                   "watch resumes at or after its last version (an "
                                   "EventSource stops reconnecting)"},
        }

    def _errors(self, method: MethodDescriptor, body: str) -> dict:
        statuses = set(ALWAYS)
        access = ACCESS[method.name]
        if any(requirement for requirement in access):
            statuses |= {"401", "403"}
        if body == "*":
            statuses.add("413")
        if method.name in CONFLICTS:
            statuses.add("409")
        return {status: {"$ref": f"#/components/responses/{ERROR_NAMES[status]}"}
                for status in sorted(statuses)}

    def _body_schema(self, message: Descriptor, bound: list[str]) -> dict:
        if not bound:
            return self._ref(message)
        name = type_name(message.full_name).removesuffix("Request") + "Body"
        if name not in self.schemas:
            schema = self._object(message, skip=set(bound))
            schema["description"] = (f"{message.name} without its path parameters "
                                     f"({', '.join(bound)})")
            self.schemas[name] = schema
        return {"$ref": f"#/components/schemas/{name}"}

    # -- errors -----------------------------------------------------------------------

    def _error_schemas(self) -> None:
        """google.rpc.Status with its details typed by `@type`: ErrorInfo (its metadata
        with the keys the server sets) and RetryInfo."""
        self.schemas["Status"] = {
            "type": "object", "required": ["code", "message", "details"],
            "description": "Every error, from the server or the edge: the gRPC code, a "
                           "message for people, and typed details (none from the edge).",
            "properties": {
                "code": {"type": "integer", "format": "int32",
                         "description": "the gRPC code (3 INVALID_ARGUMENT, 5 NOT_FOUND, "
                                        "9 FAILED_PRECONDITION, 10 ABORTED, ...)"},
                "message": {"type": "string"},
                "details": {"type": "array", "items": {"$ref": "#/components/schemas/"
                                                               "ErrorDetail"}}}}
        self.schemas["ErrorDetail"] = {
            "oneOf": [{"$ref": "#/components/schemas/ErrorInfo"},
                      {"$ref": "#/components/schemas/RetryInfo"}],
            "discriminator": {"propertyName": "@type", "mapping": {
                ERROR_INFO: "#/components/schemas/ErrorInfo",
                RETRY_INFO: "#/components/schemas/RetryInfo"}}}
        self.schemas["ErrorInfo"] = {
            "type": "object", "required": ["@type", "reason", "domain", "metadata"],
            "description": "Why: `reason` is the rule broken (e.g. cell_empty) or the code.",
            "properties": {
                "@type": {"type": "string", "const": ERROR_INFO},
                "reason": {"type": "string"}, "domain": {"type": "string"},
                "metadata": {"$ref": "#/components/schemas/ErrorMetadata"}}}
        self.schemas["ErrorMetadata"] = {
            "type": "object", "additionalProperties": {"type": "string"},
            "description": "Facts about the refusal, as strings.",
            "properties": {
                "rule": {"type": "string", "description": "the rule broken"},
                "current_version": {"type": "string", "pattern": "^[0-9]+$", "description":
                                    "ABORTED (a stale expectedVersion): the match's version "
                                    "now; read the view and submit again"}}}
        self.schemas["RetryInfo"] = {
            "type": "object", "required": ["@type", "retryDelay"],
            "description": "When to retry.",
            "properties": {"@type": {"type": "string", "const": RETRY_INFO},
                           "retryDelay": dict(WELL_KNOWN["google.protobuf.Duration"])}}

    # -- messages ---------------------------------------------------------------------

    def _ref(self, message: Descriptor) -> dict:
        if message.full_name in WELL_KNOWN:
            return dict(WELL_KNOWN[message.full_name])
        name = self._claim(message.full_name)
        if name not in self.schemas:
            self.schemas[name] = {}  # placeholder: recursive messages
            self.schemas[name] = self._message_schema(message)
        return {"$ref": f"#/components/schemas/{name}"}

    def _claim(self, full_name: str, name: str | None = None) -> str:
        """The component name of a protobuf type (or of one of its parts): two types with
        one short name would be a silent mix-up, so that fails the build."""
        name = name or type_name(full_name)
        if self.full_names.setdefault(name, full_name) != full_name:
            raise ValueError(f"{full_name} and {self.full_names[name]} are both {name}")
        return name

    def _message_schema(self, message: Descriptor) -> dict:
        groups = real_oneofs(message)
        if len(groups) == 1 and len(groups[0].fields) == len(message.fields):
            return self._union(message, groups[0])
        schema = self._object(message, members=True)
        for group in groups:  # beside other fields: said in words (it may also be unset)
            names = ", ".join(f"`{f.json_name}`" for f in group.fields)
            schema["description"] = " ".join(filter(None, [
                schema.get("description"), f"At most one of {names} is set."]))
        return schema

    def _object(self, message: Descriptor, skip: set[str] = frozenset(),
                chosen: FieldDescriptor | None = None, members: bool = False) -> dict:
        """A message as an object: its fields but a oneof's (all of them with `members`),
        plus the `chosen` member."""
        fields = [f for f in message.fields if f.name not in skip
                  and (members or f.containing_oneof is None
                       or _synthetic(f.containing_oneof) or f is chosen)]
        schema = {"type": "object", "properties": {
            f.json_name: self._field_schema(f, described=True) for f in fields}}
        required = [f.json_name for f in fields if always_sent(f)] if (
            message.full_name in self.sent) else []
        if chosen is not None:
            required.append(chosen.json_name)
        if required:
            schema["required"] = required
        if message.full_name not in self.sent:
            schema["additionalProperties"] = False  # the edge refuses unknown fields
        if description := self._comment(message):
            schema["description"] = description
        return schema

    def _union(self, message: Descriptor, group: OneofDescriptor) -> dict:
        """A message that is only a oneof: one named variant per member, each an object
        with that member required, the others absent (so `{a, b}` does not type-check) and
        no other key (which also proves the variants exclusive to linters)."""
        base = type_name(message.full_name)
        members = list(group.fields)
        variants = []
        for member in members:
            variant = self._object(message, chosen=member)
            _absent(variant, [m for m in members if m is not member])
            variant["maxProperties"] = 1
            variant["description"] = self._comment(member) or f"{base} with {member.json_name}"
            name = self._claim(member.full_name, base + _upper_first(member.json_name))
            self.schemas[name] = variant
            variants.append({"$ref": f"#/components/schemas/{name}"})
        description = self._comment(message) or f"{base}: one of its variants"
        return {"oneOf": variants, "description": description}

    def _field_schema(self, field: FieldDescriptor, described: bool = False) -> dict:
        if field.message_type and field.message_type.GetOptions().map_entry:
            _, value = field.message_type.fields
            schema = {"type": "object", "additionalProperties": self._single(value)}
        elif field.is_repeated:
            schema = {"type": "array", "items": self._single(field)}
        else:
            schema = self._single(field)
        if described and (description := self._comment(field)):
            schema = {**schema, "description": description}  # 3.1: siblings of $ref
        return schema

    def _single(self, field: FieldDescriptor) -> dict:
        if field.type == F.TYPE_MESSAGE:
            return self._ref(field.message_type)
        if field.type == F.TYPE_ENUM:
            return self._enum(field.enum_type)
        if field.type in INT32:
            return {"type": "integer", "format": "int32",
                    **({"minimum": 0} if field.type in (F.TYPE_UINT32, F.TYPE_FIXED32) else {})}
        if field.type in INT64:
            unsigned = field.type in (F.TYPE_UINT64, F.TYPE_FIXED64)
            return {"type": "string", "format": "uint64" if unsigned else "int64",
                    "pattern": r"^[0-9]+$" if unsigned else r"^-?[0-9]+$"}
        if field.type in (F.TYPE_DOUBLE, F.TYPE_FLOAT):
            return {"type": "number"}
        if field.type == F.TYPE_BOOL:
            return {"type": "boolean"}
        if field.type == F.TYPE_BYTES:
            return {"type": "string", "format": "byte"}
        return {"type": "string"}

    def _enum(self, enum: EnumDescriptor) -> dict:
        name = self._claim(enum.full_name)
        if name not in self.schemas:
            schema = {"type": "string", "enum": [v.name for v in enum.values]}
            described = [f"`{v.name}`: {text}" for v in enum.values
                         if (text := self._comment(v))]
            head = self._comment(enum)
            if head or described:
                schema["description"] = "\n".join(filter(None, [head, *described]))
            self.schemas[name] = schema
        return {"$ref": f"#/components/schemas/{name}"}

    def _comment(self, element) -> str:
        """The .proto comment of a message, enum, enum value, field or method, if any."""
        path = _source_path(element)
        file = (element.containing_service if isinstance(element, MethodDescriptor)
                else element.type if _is_enum_value(element) else element).file
        return self.comments.get((file.name, path), "") if path else ""


_INFO = """The REST/JSON face of the Cosmodrome gRPC API, served by its Envoy edge and generated
from the protobuf contract (cosmodrome.v1 and the games' packages): every route is a gRPC
method with a `google.api.http` annotation; methods without one (bidirectional streams) are
gRPC only.

JSON follows the protobuf JSON mapping: lowerCamelCase names, 64-bit integers as strings,
enums by name. A field marked required is always in a response; other fields (messages,
`optional` numbers, oneof members) appear only when set. A oneof is a union of objects with
exactly one of its members. Responses may gain fields in a later version of the same major:
ignore the ones you do not know. Requests may omit any field (its zero value).

Errors are `google.rpc.Status` (code, message, typed details) with the HTTP status of the
gRPC code, whether the server or the edge refused the call.

Versioning: `info.version` is MAJOR.0.0+DIGEST. MAJOR is the `/v1` of the paths; within it
the contract only grows (proto/contract.lock.json refuses anything else), so a client built
on an older document keeps working. DIGEST is a digest of this document: it changes with
any change of the contract and says which document a client was generated from."""

_SSE = """Server-sent events, one per {name}: `data:` holds the {name} in JSON (this
schema describes each event's data, not the body), `id:` its version (`entry.version`),
so a browser's EventSource that reconnects sends `Last-Event-ID` and resumes right after it:
nothing missed, nothing repeated. The first event is preceded by a `retry:` hint. Chat
lines (`withChat`) have no version of their own: they carry no id. The stream ends when the
match finishes; a reconnect then gets 204 and the EventSource stops."""


def _error(status: str) -> dict:
    """One error response, shared by the routes that may answer it."""
    reply = {"description": ERRORS[status], "content": {"application/json": {
        "schema": {"$ref": "#/components/schemas/Status"}}}}
    if status == "429":
        reply["headers"] = {name: {"$ref": f"#/components/headers/{name}"}
                            for name in RATE_HEADERS}
    return reply


def _absent(schema: dict, members: list[FieldDescriptor]) -> None:
    """The other members of a oneof: absent. Said as `null` (which the protobuf JSON mapping
    reads as unset) rather than `false`, which some generators refuse: so a generated type
    with two members set fails to type-check."""
    for member in members:
        schema["properties"][member.json_name] = {"type": "null"}


def _is_enum_value(element) -> bool:
    return type(element).__name__ == "EnumValueDescriptor"


def _summary(comment: str, name: str) -> tuple[str, str]:
    """A summary (the comment's first sentence, or the method's name in words) and the
    whole comment as the description."""
    words = re.sub(r"(?<!^)([A-Z])", r" \1", name).lower().capitalize()
    if not comment:
        return words, f"{words} (gRPC: {name})."
    first = re.split(r"(?<=\.)\s", comment, maxsplit=1)[0].rstrip(".")
    for aside in (": ", "; ", " ("):  # a long sentence: its head
        if len(first) > 80:
            first = first.split(aside, 1)[0]
    return (first if len(first) <= 100 else words), comment


def _camel_path(template: str) -> str:
    """/v1/matches/{match_id}:join -> /v1/matches/{matchId}:join (the JSON names)."""
    return re.sub(r"\{([a-z0-9_]+)\}", lambda m: "{" + _camel(m[1]) + "}", template)


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _lower_first(name: str) -> str:
    return name[:1].lower() + name[1:]


def _upper_first(name: str) -> str:
    return name[:1].upper() + name[1:]


def _source_path(element) -> tuple[int, ...] | None:
    """The SourceCodeInfo path of a descriptor (FileDescriptorProto field numbers)."""
    if isinstance(element, Descriptor):
        if element.containing_type is None:
            return (4, list(element.file.message_types_by_name).index(element.name))
        parent = _source_path(element.containing_type)
        return parent + (3, list(element.containing_type.nested_types).index(element))
    if isinstance(element, EnumDescriptor):
        if element.containing_type is None:
            return (5, list(element.file.enum_types_by_name).index(element.name))
        parent = _source_path(element.containing_type)
        return parent + (4, list(element.containing_type.enum_types).index(element))
    if _is_enum_value(element):
        return _source_path(element.type) + (2, element.index)
    if isinstance(element, FieldDescriptor):
        return _source_path(element.containing_type) + (2, element.index)
    if isinstance(element, MethodDescriptor):
        return (6, element.containing_service.index, 2, element.index)
    return None


def generate(descriptor_set: Path) -> dict:
    return Generator(load(descriptor_set)).document()


def main(argv: list[str] | None = None) -> int:
    source, target = (argv or sys.argv[1:])[:2]
    Path(target).write_text(json.dumps(generate(Path(source)), indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
