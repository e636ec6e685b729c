"""OpenAPI 3 for the edge's REST/JSON routes, generated from the contract's descriptor set
(`make proto` writes it beside the generated code; the edge serves it at /openapi.json).

Routes come from the `google.api.http` annotations, schemas from the messages in the
protobuf JSON mapping as the edge prints them (lowerCamelCase names, 64-bit integers as
strings, enums by name, every field printed), descriptions from the .proto comments.

    python -m cosmodrome.edge.openapi contract.pb openapi.json
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from google.api import annotations_pb2
from google.protobuf import descriptor_pb2, descriptor_pool
from google.protobuf.descriptor import Descriptor, FieldDescriptor, MethodDescriptor

TITLE = "Cosmodrome"
SERVICES_PACKAGE = "cosmodrome.v1"  # its services are what the edge serves
STATUS_SCHEMA = "google.rpc.Status"
F = FieldDescriptor
INT32 = (F.TYPE_INT32, F.TYPE_SINT32, F.TYPE_SFIXED32, F.TYPE_UINT32, F.TYPE_FIXED32)
INT64 = (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64, F.TYPE_UINT64, F.TYPE_FIXED64)
WELL_KNOWN = {
    "google.protobuf.Timestamp": {"type": "string", "format": "date-time"},
    "google.protobuf.Duration": {"type": "string", "pattern": r"^-?[0-9]+(\.[0-9]+)?s$"},
    "google.protobuf.Empty": {"type": "object", "additionalProperties": False},
    "google.protobuf.Struct": {"type": "object"},
    "google.protobuf.Value": {},
    "google.protobuf.Any": {"type": "object", "required": ["@type"],
                            "properties": {"@type": {"type": "string"}}},
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
    """Every annotated RPC of the services: (verb, path template, body, method)."""
    for name in contract.services:
        for method in contract.pool.FindServiceByName(name).methods:
            rule = method.GetOptions().Extensions[annotations_pb2.http]
            verb = rule.WhichOneof("pattern")
            if verb and verb != "custom":
                yield verb, getattr(rule, verb), rule.body, method


class Generator:
    def __init__(self, contract: Contract) -> None:
        self.contract = contract
        self.pool = contract.pool
        self.comments = contract.comments
        self.schemas: dict[str, dict] = {}

    def document(self) -> dict:
        paths: dict[str, dict] = {}
        for verb, path, body, method in routes(self.contract):
            paths.setdefault(path, {})[verb] = self._operation(method, path, body)
        self._schema_for(self.pool.FindMessageTypeByName(STATUS_SCHEMA))
        return {
            "openapi": "3.0.3",
            "info": {"title": TITLE, "version": "v1", "description": (
                "REST/JSON face of the Cosmodrome gRPC API, served by its Envoy edge. "
                "Generated from the protobuf contract; errors are google.rpc.Status.")},
            "servers": [{"url": "/"}],
            "paths": dict(sorted(paths.items())),
            "components": {
                "schemas": dict(sorted(self.schemas.items())),
                "securitySchemes": {"seatToken": {
                    "type": "http", "scheme": "bearer",
                    "description": "a seat token (JoinMatch) or the admin token; "
                                   "without one, a call acts as a spectator"}},
            },
        }

    def _operation(self, method: MethodDescriptor, path: str, body: str) -> dict:
        request = method.input_type
        bound = re.findall(r"\{([a-z0-9_.]+)(?:=[^}]*)?\}", path)
        parameters = [{"name": name, "in": "path", "required": True,
                       "schema": self._field_schema(request.fields_by_name[name])}
                      for name in bound]
        operation = {"operationId": method.name,
                     "tags": [method.containing_service.name],
                     "summary": self._comment(method) or method.name,
                     "security": [{}, {"seatToken": []}]}
        if body == "*":
            operation["requestBody"] = {"required": True, "content": {"application/json": {
                "schema": self._body_schema(request, bound)}}}
        else:
            parameters += [{"name": f.json_name, "in": "query", "required": False,
                            "schema": self._field_schema(f),
                            **({"description": d} if (d := self._comment(f)) else {})}
                           for f in request.fields if f.name not in bound
                           and f.type != F.TYPE_MESSAGE]
        if parameters:
            operation["parameters"] = parameters
        reply = self._ref(method.output_type)
        if method.server_streaming:
            content = {"text/event-stream": {"schema": {
                "type": "string", "description": "server-sent events, one `data:` line per "
                f"{method.output_type.name} in JSON"}}}
        else:
            content = {"application/json": {"schema": reply}}
        operation["responses"] = {
            "200": {"description": method.output_type.name, "content": content},
            "default": {"description": "an error: its gRPC code, message and details",
                        "content": {"application/json": {"schema": {
                            "$ref": f"#/components/schemas/{STATUS_SCHEMA}"}}}},
        }
        return operation

    def _body_schema(self, message: Descriptor, bound: list[str]) -> dict:
        if not bound:
            return self._ref(message)
        name = f"{message.full_name}.Body"
        if name not in self.schemas:
            schema = self._message_schema(message, skip=set(bound))
            schema["description"] = (f"{message.name} without its path parameters "
                                     f"({', '.join(bound)})")
            self.schemas[name] = schema
        return {"$ref": f"#/components/schemas/{name}"}

    def _ref(self, message: Descriptor) -> dict:
        if message.full_name in WELL_KNOWN:
            return dict(WELL_KNOWN[message.full_name])
        self._schema_for(message)
        return {"$ref": f"#/components/schemas/{message.full_name}"}

    def _schema_for(self, message: Descriptor) -> None:
        if message.full_name not in self.schemas:
            self.schemas[message.full_name] = {}  # placeholder: recursive messages
            self.schemas[message.full_name] = self._message_schema(message)

    def _message_schema(self, message: Descriptor, skip: set[str] = frozenset()) -> dict:
        schema = {"type": "object", "additionalProperties": False, "properties": {
            f.json_name: self._field_schema(f, described=True)
            for f in message.fields if f.name not in skip}}
        exclusive = [_at_most_one([f.json_name for f in group.fields if f.name not in skip])
                     for group in message.oneofs if len(group.fields) > 1]
        if exclusive := [rule for rule in exclusive if rule]:
            schema["allOf"] = exclusive
        if description := self._comment(message):
            schema["description"] = description
        return schema

    def _field_schema(self, field: FieldDescriptor, described: bool = False) -> dict:
        if field.message_type and field.message_type.GetOptions().map_entry:
            key, value = field.message_type.fields
            schema = {"type": "object", "additionalProperties": self._single(value)}
        elif field.is_repeated:
            schema = {"type": "array", "items": self._single(field)}
        else:
            schema = self._single(field)
        if described and (description := self._comment(field)):
            schema = ({"allOf": [schema], "description": description} if "$ref" in schema
                      else {**schema, "description": description})
        return schema

    def _single(self, field: FieldDescriptor) -> dict:
        if field.type == F.TYPE_MESSAGE:
            return self._ref(field.message_type)
        if field.type == F.TYPE_ENUM:
            return {"type": "string", "enum": [v.name for v in field.enum_type.values]}
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

    def _comment(self, element) -> str:
        """The .proto comment of a message, field or method, if any."""
        path = _source_path(element)
        file = (element.containing_service if isinstance(element, MethodDescriptor)
                else element).file
        return self.comments.get((file.name, path), "") if path else ""


def _at_most_one(names: list[str]) -> dict | None:
    """A oneof: no two of its members set at once."""
    pairs = [[a, b] for i, a in enumerate(names) for b in names[i + 1:]]
    return {"not": {"anyOf": [{"required": pair} for pair in pairs]}} if pairs else None


def _source_path(element) -> tuple[int, ...] | None:
    """The SourceCodeInfo path of a descriptor (FileDescriptorProto field numbers)."""
    if isinstance(element, Descriptor):
        if element.containing_type is None:
            return (4, list(element.file.message_types_by_name).index(element.name))
        parent = _source_path(element.containing_type)
        return parent + (3, list(element.containing_type.nested_types).index(element))
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
