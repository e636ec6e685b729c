"""docs/rules/glossary.md lists every rule code (D05, M2, X3, FL5, B1, ...): each one used in
server/ or docs/, and each one a table of docs/rules/ defines, with the table that defines it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
GLOSSARY = ROOT / "docs" / "rules" / "glossary.md"

# A code as it is cited: a sentence (X03, LU1, Moon04b, Moon08-judge), a provisional reading
# (X3, FL5, m6/19). Letters-only codes (MZ, FLM) are too like words to be searched in prose,
# and "§N" names a section of a document as often as the reading §4: the table check holds them.
CITED = re.compile(r"(?<![\w./:\\+-])(?:[A-Z]{1,3}\d{1,2}[a-z]?|m\d{1,2}b?(?:/\d+)?"
                   r"|Moon\d{2}[a-z]?(?:-[a-z]+)?)(?![\w])")
# A table row's id that is a code (the letters-only ones too).
ROW_ID = re.compile(r"[A-Z]{1,3}\d{0,2}[a-z]?|m\d{1,2}b?(?:/\d+)?|Moon\d{2}[a-z]?(?:-[a-z]+)?|§\d+")
NOT_CODES = {"INT32", "INT64", "SHA1", "CRC16"}  # protobuf types, Redis words
SCANNED = (".py", ".md", ".proto", ".json", ".toml", ".yaml", ".yml")


def _scanned_files():
    for top in ("server", "docs"):
        for path in (ROOT / top).rglob("*"):
            generated = path.name.endswith(("_pb2.py", "_pb2.pyi", "_pb2_grpc.py"))
            seed_text = "seeds" in path.parts
            if path.suffix in SCANNED and path.is_file() and not generated and not seed_text:
                yield path


def _cited() -> dict[str, str]:
    """code -> a file citing it."""
    found: dict[str, str] = {}
    for path in _scanned_files():
        for code in CITED.findall(path.read_text(encoding="utf-8", errors="ignore")):
            if code not in NOT_CODES:
                found.setdefault(code, str(path.relative_to(ROOT)))
    return found


def _table_rows(path: Path):
    """(section, id) of every row of a table whose first column is `id` or `#`."""
    section, header = "", None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:].strip()
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
        elif header[0] in ("id", "#") and ROW_ID.fullmatch(cells[0]):
            yield section, cells[0]


def _defined() -> set[tuple[str, str, str]]:
    """(code, file name, section) of every code a table of docs/rules/ defines."""
    return {(code, path.name, section)
            for path in (ROOT / "docs" / "rules").glob("*.md") if path != GLOSSARY
            for section, code in _table_rows(path)}


def _glossary() -> set[tuple[str, str, str]]:
    """(code, file name, section) of each glossary row: | code | stands for | `file`, section |"""
    rows = set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        m = re.fullmatch(r"\| (\S+) \| (.+) \| `([\w.-]+)`, (.+) \|", line)
        if m:
            rows.add((m.group(1), m.group(3), m.group(4)))
    return rows


def test_every_rule_code_used_in_server_and_docs_is_in_the_glossary() -> None:
    listed = {code for code, _, _ in _glossary()}
    missing = {code: where for code, where in _cited().items() if code not in listed}
    assert not missing, f"codes missing from docs/rules/glossary.md: {missing}"


def test_every_code_a_rules_table_defines_is_in_the_glossary() -> None:
    missing = sorted(_defined() - _glossary())
    assert not missing, f"rows missing from docs/rules/glossary.md: {missing}"


def test_each_glossary_row_names_the_table_that_defines_its_code() -> None:
    stale = sorted(_glossary() - _defined())
    assert not stale, f"glossary rows whose table no longer defines the code: {stale}"
    assert len(_glossary()) > 200  # the parser reads the rows (a format change would empty it)
