"""Seed 000's content (the `cosmic` ruleset): the 60 moons, the 20 flares and the deck, as
data; tests named after the seed's sentences, and the loader refusing broken entries."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from cosmodrome.games.cosmic import content_000 as C
from cosmodrome.games.cosmic import hooks, powers
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

CONTENT = Path(C.__file__).parent / "content"
REPO = Path(__file__).parents[3]
SEED = "000_74c73a1003ffd6f2.txt"
CUT = {23, 35, 38, 42}
TABLE = {8, 12, 16, 18, 20, 32, 36, 37, 40, 46, 52, 58, 60}


def _raw(name: str) -> dict:
    return json.loads((CONTENT / name).read_text(encoding="utf-8"))


def _by(category: str) -> set[int]:
    return {m.number for m in C.MOONS if m.category == category}


# ====================================================================== moons

def test_chaque_lune_est_numerotee_number_is_the_position_in_the_annex() -> None:
    assert [m.number for m in C.MOONS] == list(range(1, 61))


def test_the_annex_headings_n2_n3_n4_n45_name_their_moons() -> None:
    names = {m.number: m.name for m in C.MOONS}
    assert (names[2], names[3], names[4], names[45]) == (
        "Zéta Boom", "Ex Zapatonis", "Salusa Secondus", "Fasme")


def test_43_game_effect_4_cut_and_13_table_behaviour_moons() -> None:
    assert len(_by("game_effect")) == 43
    assert _by("cut_text") == CUT
    assert _by("table_behaviour") == TABLE


def test_codes_revelee_secrete_instantanee_permanente_facultative_obligatoire_counts() -> None:
    """R 53 / S 7; I 22 / P 38; F 23 / O 37, as the annex gives them."""
    def count(index: int, letter: str) -> int:
        return sum(m.code[index] == letter for m in C.MOONS)
    assert (count(0, "R"), count(0, "S")) == (53, 7)
    assert (count(1, "I"), count(1, "P")) == (22, 38)
    assert (count(2, "F"), count(2, "O")) == (23, 37)
    assert {m.number for m in C.MOONS if m.secret} == {1, 4, 7, 23, 29, 37, 53}


def test_les_lunes_paires_sont_desavantageuses_tandis_que_les_lunes_impaires_sont_benefiques(
) -> None:
    """Our reading of each moon's effect (`beneficial`) agrees with the seed's parity rule."""
    wrong = [m.number for m in C.MOONS if m.beneficial != (m.number % 2 == 1)]
    assert not wrong, f"moons read against the parity rule: {wrong}"


def test_the_four_cut_texts_have_a_provisional_reading_and_are_out_of_the_default_deck(
) -> None:
    for m in C.MOONS:
        if m.number in CUT:
            assert m.provisional and "Cut text" in m.reading and not m.default_deck


def test_the_default_moon_deck_is_the_43_game_effect_moons() -> None:
    assert {m.number for m in C.MOONS if m.default_deck} == _by("game_effect")


def test_c_est_son_voisin_de_droite_qui_decide_who_judges_each_table_moon() -> None:
    """Gestures only (8), silence (16) and no "oui"/"non" (18) are judged from the match
    chat; the others are reported by the right-hand neighbour, or by each opponent for the
    ages (60)."""
    judged = {m.number: m.judged_by for m in C.MOONS if m.category == "table_behaviour"}
    assert {n for n, j in judged.items() if j == "server_chat"} == {8, 16, 18}
    assert {n for n, j in judged.items() if j == "neighbour_report"} == {
        12, 20, 32, 40, 46, 52}
    assert judged[60] == "opponent_report" and judged[37] == "not_hostable"
    assert {n for n, j in judged.items() if j == "server_enforced"} == {36, 58}
    assert all(m.penalty_by == "right_neighbour" for m in C.MOONS
               if m.judged_by in ("server_chat", "neighbour_report"))


def _seed() -> Path:
    """The repo's copy of seed 000 (docs/rules/seeds/), so these tests run on any clone."""
    return REPO / "docs" / "rules" / "seeds" / SEED


def _shared_seed() -> Path | None:
    for root in (REPO.parent, REPO.parents[1]):
        path = root / "shared" / "seeds" / SEED
        if path.exists():
            return path
    return None


@pytest.mark.skipif(_shared_seed() is None, reason="the shared seeds are not beside this checkout")
def test_the_repo_copy_of_seed_000_is_the_shared_seed_byte_for_byte() -> None:
    assert _seed().read_bytes() == _shared_seed().read_bytes()


def test_each_moon_quotes_the_seed_paragraph_by_paragraph_and_in_order() -> None:
    lines = [ln.strip() for ln in _seed().read_text(encoding="utf-8").split("\n")]
    last = 0
    for m in C.MOONS:
        for para in m.fr.split("\n"):
            assert para in lines[last:], f"moon {m.number}: {para[:60]!r} not in the seed"
            last = lines.index(para, last) + 1


# ====================================================================== flares

def test_les_cartes_de_flaires_sont_toutes_liees_a_un_pouvoir_one_per_power() -> None:
    assert len(C.FLARES) == 20
    assert set(C.FLARES) == {p.name for p in powers.POWERS}


def test_each_flare_acts_en_sauvage_and_en_parasite_from_its_power_s_own_hooks() -> None:
    for name, flare in C.FLARES.items():
        assert flare.provisional
        for effect in (flare.sauvage, flare.parasite):
            assert effect.reuses == name
            assert effect.hook in vars(hooks.Piece), (name, effect.hook)


def test_every_flare_window_is_a_moment_of_the_engine() -> None:
    windows = _raw("flares.json")["windows"]
    for key, where in windows.items():
        assert hasattr(pb, where.split()[0]), (key, where)


# ====================================================================== deck

def _values(kind: str) -> set[int]:
    return {c.value for c in C.COSMIC_CARDS if c.kind == kind}


def test_les_cartes_d_attaque_portent_des_nombres_allant_de_0_a_50() -> None:
    values = _values("attack")
    assert min(values) == 0 and max(values) == 50


def test_moon_2_la_seule_solution_est_de_montrer_la_carte_d_attaque_50() -> None:
    assert 50 in _values("attack")


def test_moon_30_finds_attack_cards_dont_la_puissance_depasse_12() -> None:
    assert {v for v in _values("attack") if v > 12}


def test_moon_59_can_find_three_attack_cards_not_ending_in_the_same_digit() -> None:
    assert len({v % 10 for v in _values("attack")}) >= 3


def test_les_cartes_d_extension_0_a_5() -> None:
    assert _values("extension") == set(range(6))
    assert not any(c.encounter for c in C.COSMIC_CARDS if c.kind == "extension")


def test_the_deck_deals_000_s_annex_edicts_and_moon_zap() -> None:
    names = {c.edict for c in C.COSMIC_CARDS if c.kind == "edict"}
    assert names == {"peste", "zap", "zap_sauvage", "unzap", "anneaux", "spheres", "champ",
                     "gaz", "moon_zap"}
    assert [c.id for c in C.COSMIC_CARDS] == list(range(len(C.COSMIC_CARDS)))
    assert _raw("cards_cosmic.json")["provisional"] is True


# ====================================================================== the loader refuses

def _moons_broken(change):
    data = copy.deepcopy(_raw("moons.json"))
    change(data["moons"])
    return lambda: C.parse_moons(data)


def _set(index: int, key: str, value):
    return lambda moons: moons[index].__setitem__(key, value)


BROKEN_MOONS = {
    "moons.json.moons[2].number": lambda ms: ms[1].__setitem__("number", 1),
    "moons.json.moons[5].code": _set(4, "code", "RXO"),
    "moons.json.moons[1].reveal": _set(0, "reveal", "revealed"),
    "moons.json.moons[7].category": _set(6, "category", "gesture"),
    "moons.json.moons[7].trigger": _set(6, "trigger", "whenever"),
    "moons.json.moons[7].decision": _set(6, "decision", "maybe"),
    "moons.json.moons[8].judged_by": lambda ms: ms[7].pop("judged_by"),
    "moons.json.moons[1].judged_by": _set(0, "judged_by", "server_chat"),
    "moons.json.moons[23]": _set(22, "default_deck", True),
    "moons.json.moons[11].reading": _set(10, "provisional", True),
    "moons.json.moons[3].fr": _set(2, "fr", " "),
    "moons.json.moons[9].penalty_by": _set(8, "penalty_by", "right_neighbour"),
    "moons.json.moons[12].penalty_by": lambda ms: ms[11].pop("penalty_by"),
    "moons.json.moons": lambda ms: ms.pop(),
}


@pytest.mark.parametrize("key", sorted(BROKEN_MOONS))
def test_a_broken_moon_entry_is_refused_naming_file_and_key(key: str) -> None:
    with pytest.raises(C.ContentError) as err:
        _moons_broken(BROKEN_MOONS[key])()
    assert str(err.value).startswith(key + ":"), str(err.value)


POWER_NAMES = set(C.POWER_NAMES)
BROKEN_FLARES = {
    "flares.json.flares[0].power": lambda d: d["flares"][0].__setitem__("power", "avare"),
    "flares.json.flares[1].power": lambda d: d["flares"][1].__setitem__("power", "chercheur"),
    "flares.json.flares": lambda d: d["flares"].pop(),
    "flares.json.flares[2].sauvage.hook": lambda d: d["flares"][2]["sauvage"].__setitem__(
        "hook", "eat_cards"),
    "flares.json.flares[3].parasite.window": lambda d: d["flares"][3]["parasite"].__setitem__(
        "window", "lunch"),
    "flares.json.flares[4].parasite.reuses": lambda d: d["flares"][4]["parasite"].__setitem__(
        "reuses", "antimatiere"),
    "flares.json.flares[5].provisional": lambda d: d["flares"][5].__setitem__(
        "provisional", False),
}


@pytest.mark.parametrize("key", sorted(BROKEN_FLARES))
def test_a_broken_flare_entry_is_refused_naming_file_and_key(key: str) -> None:
    data = copy.deepcopy(_raw("flares.json"))
    BROKEN_FLARES[key](data)
    with pytest.raises(C.ContentError) as err:
        C.parse_flares(data, POWER_NAMES)
    assert str(err.value).startswith(key), str(err.value)


EDICT_MODULES = {"peste", "zap", "zap_sauvage", "unzap", "anneaux", "spheres", "champ", "gaz",
                 "controle", "moon_zap"}
BROKEN_DECK = {
    "cards_cosmic.json.attack['51']": lambda d: d["attack"].__setitem__("51", 1),
    "cards_cosmic.json.attack['-1']": lambda d: d["attack"].__setitem__("-1", 1),
    "cards_cosmic.json.extension['6']": lambda d: d["extension"].__setitem__("6", 2),
    "cards_cosmic.json.extension['2']": lambda d: d["extension"].__setitem__("2", 0),
    "cards_cosmic.json.edicts['antimatiere']": lambda d: d["edicts"].__setitem__(
        "antimatiere", 1),
    "cards_cosmic.json.compromise": lambda d: d.__setitem__("compromise", "17"),
}


@pytest.mark.parametrize("key", sorted(BROKEN_DECK))
def test_a_broken_deck_entry_is_refused_naming_file_and_key(key: str) -> None:
    data = copy.deepcopy(_raw("cards_cosmic.json"))
    BROKEN_DECK[key](data)
    with pytest.raises(C.ContentError) as err:
        C.parse_deck(data, EDICT_MODULES)
    assert str(err.value).startswith(key), str(err.value)


def test_the_files_as_shipped_parse_with_the_same_functions() -> None:
    """The broken-entry tests start from files that pass (so each failure is the break)."""
    assert len(C.parse_moons(_raw("moons.json"))) == 60
    assert len(C.parse_flares(_raw("flares.json"), POWER_NAMES)) == 20
    assert C.parse_deck(_raw("cards_cosmic.json"), EDICT_MODULES) == C.COSMIC_CARDS


# ====================================================================== the reading's table

DOC = REPO / "docs" / "rules" / "cosmic-000.md"


def _sentence_rows() -> list[list[str]]:
    text = DOC.read_text(encoding="utf-8")
    table = text.split("## Sentences and tests")[1].split("\n## ")[0]
    rows = []
    for line in table.splitlines():
        if line.startswith("| ") and not line.startswith("| id "):
            rows.append([c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def test_the_sentence_table_has_one_row_per_sentence_and_a_test_name_each() -> None:
    rows = _sentence_rows()
    assert all(len(r) == 5 for r in rows), [r[0] for r in rows if len(r) != 5]
    ids, tests = [r[0] for r in rows], [r[4].strip("*`") for r in rows]
    assert len(set(ids)) == len(ids) and len(set(tests)) == len(tests)
    assert all(re.fullmatch(r"test_[a-z0-9_]+", t) for t in tests), tests
    assert {f"Moon{n:02d}" for n in range(1, 61)} <= set(ids)
    written = {r[4].strip("*`") for r in rows if r[4].startswith("**")}
    defined = {name for path in Path(__file__).parent.glob("test_*.py")
               for name in re.findall(r"^def (test_\w+)", path.read_text(), re.M)}
    assert written <= defined, sorted(written - defined)


def test_every_french_quote_of_the_sentence_table_is_in_the_seed() -> None:
    def flat(s: str) -> str:
        return re.sub(r"\s+", " ", s)
    seed = flat(_seed().read_text(encoding="utf-8"))
    quotes = [r[1].replace("\\|", "|") for r in _sentence_rows()]
    missing = [q[:60] for q in quotes if not q.startswith("(each") and flat(q) not in seed]
    assert not missing, missing
