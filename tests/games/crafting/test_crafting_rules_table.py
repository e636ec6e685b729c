"""docs/rules/crafting.md maps every rule sentence of the seed to its test: every test named
there exists, every rules test is named there, and every rules section of the seed has a row."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DOC = ROOT / "docs" / "rules" / "crafting.md"
RULE_TESTS = ("test_crafting_setup_and_energy.py", "test_crafting_creation.py",
              "test_crafting_round_end.py")
# The seed's sections that state rules (its table of contents, shared/seeds/004)
SECTIONS = (
    "Les cristaux de temps", "Les cartes objectif universel", "Les cartes pouvoir",
    "Les cartes énergie", "Les tuiles nébuleuse", "Les jetons vie avancée",
    "Les étoiles et jetons de vie", "Mise en place des plateaux joueurs",
    "Déterminer le premier joueur", "Déroulement d'une manche", "Phase d'énergie – étape 1",
    "Phase d'énergie – étape 2", "Détail des 4 contrôles",
    "Quelques précisions sur les ressources", "La phase de création", "Actions de placement",
    "Actions de score", "Actions des curseurs de ressources", "Actions de cartes énergie",
    "Fin de ton tour", "La phase de fin de manche",
    "Comment fonctionnent les objectifs universels", "Fin de partie et décompte final",
)


def table_rows() -> list[tuple[str, str, list[str]]]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Rule sentences and their tests", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[2].startswith("`test_"):
            rows.append((cells[0], cells[1], re.findall(r"`(test_\w+)`", cells[2])))
    return rows


def defined_tests(names: tuple[str, ...] | None = None) -> set[str]:
    here = Path(__file__).parent
    files = [here / n for n in names] if names else sorted(here.glob("test_*.py"))
    return {node.name for f in files for node in ast.walk(ast.parse(f.read_text()))
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}


def test_every_test_named_in_the_rules_table_exists():
    missing = {t for _, _, tests in table_rows() for t in tests} - defined_tests()
    assert not missing, f"docs/rules/crafting.md names tests that do not exist: {missing}"


def test_every_rules_test_is_in_the_rules_table():
    named = {t for _, _, tests in table_rows() for t in tests}
    unlisted = defined_tests(RULE_TESTS) - named
    assert not unlisted, f"rules tests missing from docs/rules/crafting.md: {unlisted}"


def test_every_rules_section_of_the_seed_has_a_sentence_and_a_test():
    rows = table_rows()
    assert len(rows) >= 80
    covered = {section for section, sentence, tests in rows if sentence and tests}
    assert not set(SECTIONS) - covered, f"sections without a row: {set(SECTIONS) - covered}"
