"""Where finished matches go past retention: out of the store's memory, still exportable.

An archive keeps one match's export (admin.MatchExport: its record and whole log) by match
id. `DirectoryArchive`, the default, writes each to a gzip file; an object store or a
database is another class with the same two methods (`put`, `get`).
"""

from __future__ import annotations

import asyncio
import gzip
import os
from pathlib import Path
from typing import Protocol

from cosmodrome.v1 import admin_pb2


class Archive(Protocol):
    async def put(self, export: admin_pb2.MatchExport) -> None:
        """Keep the export (for good, once this returns)."""

    async def get(self, match_id: str) -> admin_pb2.MatchExport | None:
        """The kept export of the match, None if none was kept."""


class DirectoryArchive:
    """One file a match: `<root>/<first two characters of its id>/<id>.pb.gz`."""

    def __init__(self, root: str | os.PathLike) -> None:
        self.root = Path(root)

    def path(self, match_id: str) -> Path:
        if not match_id or "/" in match_id or match_id.startswith("."):
            raise ValueError(f"not a match id: {match_id!r}")
        return self.root / match_id[:2] / f"{match_id}.pb.gz"

    async def put(self, export: admin_pb2.MatchExport) -> None:
        await asyncio.to_thread(self._write, export)

    async def get(self, match_id: str) -> admin_pb2.MatchExport | None:
        return await asyncio.to_thread(self._read, match_id)

    def _write(self, export: admin_pb2.MatchExport) -> None:
        path = self.path(export.record.match.match_id)
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".partial")
        with partial.open("wb") as file:  # written whole, then renamed: never half a file
            file.write(gzip.compress(export.SerializeToString()))
            file.flush()
            os.fsync(file.fileno())
        partial.replace(path)

    def _read(self, match_id: str) -> admin_pb2.MatchExport | None:
        try:
            data = self.path(match_id).read_bytes()
        except (FileNotFoundError, ValueError):
            return None
        return admin_pb2.MatchExport.FromString(gzip.decompress(data))
