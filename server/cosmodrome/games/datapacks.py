"""Data packs: a game's packaged JSON files plus the ones a host names in an environment variable.

MLEM's track layouts and Crafting's content packs are such packs: each file is one named,
validated pack; a match picks one by name in its options. This module is what they share:
reading a file (every error starts with the file), listing the host's files (files, or
folders of *.json files), loading them all by name (each name in one file only), and the
error for a stored match whose pack this replica has not loaded.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

Pack = TypeVar("Pack")


class DataPacks(Generic[Pack]):
    """One kind of pack (`noun`: "layout", "content") of one game."""

    def __init__(self, noun: str, folder: Path, env: str,
                 parse: Callable[[object], Pack], error: type[ValueError],
                 chosen_by: str) -> None:
        self.noun = noun          # what the error messages call a pack
        self.folder = folder      # the packaged packs (*.json)
        self.env = env            # the host's packs: os.pathsep-separated files or folders
        self.parse = parse        # decoded JSON -> pack, raising `error`
        self.error = error
        self.chosen_by = chosen_by  # the option that names a match's pack

    def load(self, path: Path | str) -> Pack:
        """Read and validate one file; every error message starts with the file."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise self.error(f"{path}: cannot read the {self.noun} file ({exc})") from exc
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise self.error(f"{path}: not valid JSON ({exc})") from exc
        try:
            return self.parse(data)
        except self.error as exc:
            raise self.error(f"{path}: {exc}") from exc

    def host_paths(self, value: str | None = None) -> list[Path]:
        """The files named by the environment variable (or `value`)."""
        value = os.environ.get(self.env, "") if value is None else value
        paths: list[Path] = []
        for entry in filter(None, (e.strip() for e in value.split(os.pathsep))):
            path = Path(entry)
            if path.is_dir():
                found = sorted(path.glob("*.json"))
                if not found:
                    raise self.error(f"{path}: {self.env} names a folder with no .json "
                                     f"{self.noun} file")
                paths += found
            else:
                paths.append(path)  # a missing file fails in load, naming it
        return paths

    def load_all(self, extra: list[Path | str] | tuple = ()) -> dict[str, Pack]:
        """The packaged packs plus `extra` files, by name (each name in one file only)."""
        packs: dict[str, Pack] = {}
        source: dict[str, Path] = {}
        for path in [*sorted(self.folder.glob("*.json")), *map(Path, extra)]:
            pack = self.load(path)
            name = pack.name  # type: ignore[attr-defined]
            if name in packs:
                raise self.error(f"{path}: {self.noun} name {name!r} is already used by "
                                 f"{source[name]} (give each {self.noun} its own name; a "
                                 f"match picks one with {self.chosen_by})")
            packs[name] = pack
            source[name] = path
        return packs

    def pick(self, packs: dict[str, Pack], name: str) -> Pack:
        """A stored match's pack, or an error saying every replica needs the same packs."""
        try:
            return packs[name]
        except KeyError:
            raise self.error(
                f"this match uses {self.noun} {name!r}, which this server has not loaded "
                f"(loaded: {', '.join(sorted(packs))}); every server replica needs the "
                f"same {self.env}") from None
