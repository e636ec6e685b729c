"""Protobuf's wire format, where the server joins serialized messages itself: a message's
bytes are the concatenation of its fields' (and a field written twice merges), so a part
serialized once can go into many messages without being parsed or copied again."""

from __future__ import annotations


def varint(n: int) -> bytes:
    if n < 0x4000:  # every length here but the largest: one or two bytes
        return bytes((n,)) if n < 0x80 else bytes((n & 0x7F | 0x80, n >> 7))
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def field(number: int, payload: bytes) -> bytes:
    """A length-delimited field (a message, bytes or a string): its tag, length, payload
    (`number` below 16: a one-byte tag)."""
    return bytes((number << 3 | 2,)) + varint(len(payload)) + payload
