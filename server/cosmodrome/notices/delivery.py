"""One webhook POST: the signed notice, its status code, within a timeout.

A deliberately small HTTP/1.1 client on asyncio streams (http:// and https://), since a
notice needs no more: one request per connection (`Connection: close`), the status line
read, the rest of the answer ignored; no redirect followed (a webhook that moved is a
configuration to fix, and following one would let a receiver point the server anywhere).
"""

from __future__ import annotations

import asyncio
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from cosmodrome.notices import signer

USER_AGENT = "cosmodrome-notices/1"


class DeliveryError(Exception):
    """An attempt that failed; `reason` is its metrics label."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


@dataclass(frozen=True)
class Webhook:
    """Where notices go and how they are signed (secrets are never logged)."""

    url: str
    secrets: tuple[bytes, ...]
    timeout_s: float = 5.0

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("the webhook URL must be http:// or https:// with a host")
        if not self.secrets or not all(self.secrets):
            raise ValueError("the webhook needs a secret to sign with")

    def __repr__(self) -> str:  # never the secrets
        return f"Webhook({self.url!r})"

    async def post(self, notice_id: str, body: bytes) -> int:
        """POST `body`; returns the status code (any), raises DeliveryError if none came."""
        parts = urlsplit(self.url)
        tls = parts.scheme == "https"
        port = parts.port or (443 if tls else 80)
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        now = int(time.time())
        host = parts.hostname if parts.port is None else f"{parts.hostname}:{parts.port}"
        if ":" in parts.hostname:
            host = f"[{parts.hostname}]" + (f":{parts.port}" if parts.port else "")
        head = (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nUser-Agent: {USER_AGENT}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                f"Connection: close\r\n{signer.NOTICE_ID}: {notice_id}\r\n"
                f"{signer.TIMESTAMP}: {now}\r\n"
                f"{signer.SIGNATURE}: {signer.signature(list(self.secrets), now, body)}\r\n\r\n")
        try:
            async with asyncio.timeout(self.timeout_s):
                return await _exchange(parts.hostname, port, _tls_context() if tls else None,
                                       head.encode() + body)
        except TimeoutError:
            raise DeliveryError("timeout") from None
        except (OSError, ssl.SSLError) as exc:
            raise DeliveryError("connect", str(exc)) from None


async def _exchange(host: str, port: int, tls: ssl.SSLContext | None, request: bytes) -> int:
    reader, writer = await asyncio.open_connection(host, port, ssl=tls)
    try:
        writer.write(request)
        await writer.drain()
        status = await reader.readline()
    finally:
        writer.close()
    version, _, rest = status.decode("latin-1").partition(" ")
    code = rest[:3]
    if not version.startswith("HTTP/1.") or not code.isdigit():
        raise DeliveryError("protocol", f"not an HTTP answer: {status[:40]!r}")
    return int(code)


_context: ssl.SSLContext | None = None


def _tls_context() -> ssl.SSLContext:
    """The system's trusted roots, certificates and host names checked."""
    global _context
    if _context is None:
        _context = ssl.create_default_context()
    return _context
