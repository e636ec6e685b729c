"""The document through the linters a frontend team runs, with their own default rules:
redocly (recommended) and spectral (spectral:oas). No error, and warnings within a budget
that names each rule allowed to warn: a new kind of warning fails until looked at."""

from __future__ import annotations

import json
import re
from collections import Counter

from cosmodrome.edge.config import OPENAPI
from tests.openapi_clients.conftest import BIN, GEN, node_tools, run

# The project has no licence or contact to publish yet: the only warnings.
REDOCLY_ALLOWED = {"info-license": 1}
SPECTRAL_ALLOWED = {"info-contact": 1}
REDOCLY_BUDGET, SPECTRAL_BUDGET = 50, 10  # issue 26's ceilings, whatever the rules


def test_redocly_finds_no_error_and_warnings_within_budget():
    node_tools()
    result = run([BIN / "redocly", "lint", OPENAPI, "--format=json", "--max-problems=10000"])
    report = json.loads(result.stdout)
    assert report["totals"]["errors"] == 0, result.stdout[:3000]
    warnings = Counter(p["ruleId"] for p in report["problems"] if p["severity"] == "warn")
    assert sum(warnings.values()) <= REDOCLY_BUDGET
    assert all(warnings[rule] <= REDOCLY_ALLOWED.get(rule, 0) for rule in warnings), warnings


def test_spectral_finds_no_error_and_warnings_within_budget():
    node_tools()
    result = run([BIN / "spectral", "lint", "-r", ".spectral.yaml", "-f", "json", OPENAPI])
    problems = json.loads(result.stdout)
    assert not [p for p in problems if p["severity"] == 0], result.stdout[:3000]
    warnings = Counter(p["code"] for p in problems if p["severity"] == 1)
    assert sum(warnings.values()) <= SPECTRAL_BUDGET
    assert all(warnings[rule] <= SPECTRAL_ALLOWED.get(rule, 0) for rule in warnings), warnings


def test_generated_typescript_has_no_unknown_type(typescript_clients):
    """Moves, views, events and updates are typed all the way down: `unknown` is left only
    as the value type of free-form maps (response headers, fieldless messages)."""
    for path in (GEN / "fetch" / "schema.ts", GEN / "hey" / "types.gen.ts"):
        code = re.sub(r"/\*[\s\S]*?\*/|//.*", "", path.read_text())
        code = re.sub(r"\[(name|key): string\]: unknown;|\bunknown\?:", "", code)
        assert "unknown" not in code, path
