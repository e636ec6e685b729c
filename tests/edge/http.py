"""A small HTTP client for the edge tests (the standard library's, so nothing is hidden)."""

from __future__ import annotations

import http.client
import json
from dataclasses import dataclass
from urllib.parse import urlsplit


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self):
        return json.loads(self.body)


def call(base: str, method: str, path: str, body=None, token: str | None = None,
         headers: dict[str, str] | None = None, raw: bytes | None = None) -> Reply:
    url = urlsplit(base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    sent = dict(headers or {})
    if token:
        sent["Authorization"] = f"Bearer {token}"
    payload = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                           else None)
    if payload is not None:
        sent.setdefault("Content-Type", "application/json")
    try:
        connection.request(method, path, body=payload, headers=sent)
        response = connection.getresponse()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()},
                     response.read())
    finally:
        connection.close()


class EventStream:
    """A server-sent events stream (what a browser's EventSource reads), opened at once."""

    def __init__(self, base: str, path: str, token: str | None = None,
                 timeout: float = 10, last_event_id: str | None = None) -> None:
        url = urlsplit(base)
        self.connection = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        if token:
            headers["Authorization"] = f"Bearer {token}"
        self.connection.request("GET", path, headers=headers)
        self.response = self.connection.getresponse()  # returns once the headers are in

    def next_event(self) -> dict:
        """The JSON of the next `data:` event."""
        return json.loads(self.next_fields()["data"])

    def next_fields(self) -> dict[str, str]:
        """The fields of the next event with data (`id`, `retry`, `data`), as sent."""
        fields: dict[str, str] = {}
        while True:
            line = self.response.readline()
            if not line:
                raise EOFError("the stream ended")
            line = line.rstrip(b"\r\n").decode()
            if not line and "data" in fields:
                return fields
            name, _, value = line.partition(":")
            if name in fields:
                fields[name] += "\n" + value.strip()
            elif name:
                fields[name] = value.strip()

    def rest(self) -> bytes:
        """Everything until the server ends the stream."""
        return self.response.read()

    def close(self) -> None:
        self.connection.close()

    def __enter__(self) -> EventStream:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
