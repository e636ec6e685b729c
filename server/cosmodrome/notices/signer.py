"""The notices' signature: HMAC-SHA256 over the timestamp and the body.

A POST carries

    Cosmodrome-Timestamp: 1764901234           (Unix seconds when this attempt was sent)
    Cosmodrome-Signature: v1=<hex>[,v1=<hex>]  (one per secret the host configured: two
                                                while a secret is being rotated)

where <hex> is HMAC-SHA256(secret, "<timestamp>." + body) in lowercase hex. A receiver
recomputes it over the raw body with its secret, compares in constant time with any v1
value, and refuses a timestamp further than its tolerance from its own clock (a replay).
Each attempt is signed anew: a retry an hour later carries a fresh timestamp. `verify` is
that receiver's check, for tests and for Python receivers to copy.
"""

from __future__ import annotations

import hashlib
import hmac

TIMESTAMP = "Cosmodrome-Timestamp"
SIGNATURE = "Cosmodrome-Signature"
NOTICE_ID = "Cosmodrome-Notice-Id"
SCHEME = "v1"
TOLERANCE_S = 300  # what the docs advise a receiver to accept


def _mac(secret: bytes, timestamp: int, body: bytes) -> str:
    return hmac.new(secret, b"%d." % timestamp + body, hashlib.sha256).hexdigest()


def signature(secrets: list[bytes], timestamp: int, body: bytes) -> str:
    """The Cosmodrome-Signature header's value."""
    return ",".join(f"{SCHEME}={_mac(s, timestamp, body)}" for s in secrets)


def verify(secret: bytes, timestamp_header: str, signature_header: str, body: bytes,
           now_s: float, tolerance_s: float = TOLERANCE_S) -> bool:
    """True if the body was signed with `secret` at a time within `tolerance_s` of now."""
    try:
        timestamp = int(timestamp_header)
    except ValueError:
        return False
    if abs(now_s - timestamp) > tolerance_s:
        return False
    expected = _mac(secret, timestamp, body)
    given = [v for k, _, v in (p.strip().partition("=") for p in signature_header.split(","))
             if k == SCHEME]
    return any(hmac.compare_digest(expected, v) for v in given)
