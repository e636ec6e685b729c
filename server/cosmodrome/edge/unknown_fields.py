"""The edge's check for unknown JSON fields (unknown_fields.lua, run by Envoy's Lua filter),
with its tables generated from the contract's descriptor set: which REST route takes which
message as its body, and each message's field names (JSON and proto spellings, as the
transcoder accepts both)."""

from __future__ import annotations

import json
import re
from importlib import resources

from google.protobuf.descriptor import Descriptor, FieldDescriptor

from cosmodrome.edge.openapi import WELL_KNOWN, Contract, routes


def lua_source(contract: Contract) -> str:
    table, body_routes = {}, []
    for verb, path, body, method in routes(contract):
        if body == "*":
            body_routes.append([verb.upper(), lua_pattern(path), method.input_type.full_name])
            _collect(method.input_type, table)
    template = resources.files("cosmodrome.edge").joinpath("unknown_fields.lua").read_text()
    return (template.replace("__ROUTES__", lua_table(body_routes))
            .replace("__MESSAGES__", lua_table(table)))


def _collect(message: Descriptor, table: dict) -> None:
    if message.full_name in table or message.full_name in WELL_KNOWN:
        return
    fields = table[message.full_name] = {}
    for field in message.fields:
        fields[field.json_name] = fields[field.name] = _kind(field, table)


def _kind(field: FieldDescriptor, table: dict) -> str:
    """What a field's JSON value is checked as: a message name, map:<kind>, or ""."""
    if field.type != FieldDescriptor.TYPE_MESSAGE:
        return ""
    if field.message_type.GetOptions().map_entry:
        return "map:" + _kind(field.message_type.fields_by_name["value"], table)
    if field.message_type.full_name in WELL_KNOWN:
        return ""  # free-form (Struct, Value) or a string (Timestamp, Duration)
    _collect(field.message_type, table)
    return field.message_type.full_name


def lua_pattern(template: str) -> str:
    """/v1/matches/{match_id}:join -> ^/v1/matches/[^/]+:join$"""
    parts = re.split(r"\{[^}]+\}", template)
    escaped = [re.sub(r"([%().+\-*?\[\]^$])", r"%\1", p) for p in parts]
    return "^" + "[^/]+".join(escaped) + "$"


def lua_table(value) -> str:
    """A Lua table constructor for a JSON-like value (strings, lists, dicts)."""
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a valid Lua string here (ASCII names)
    if isinstance(value, list):
        return "{" + ", ".join(lua_table(v) for v in value) + "}"
    return "{" + ", ".join(f"[{json.dumps(k)}] = {lua_table(v)}" for k, v in value.items()) + "}"
