"""The random bot plays every option of `cosmic`: each option the game declares, set away from
its default (alone, on the `classic` ruleset, or with what it needs), in whole random games
that end with tokens and cards conserved. A new option without a value here fails the
completeness test, so it cannot be left unplayed."""

from __future__ import annotations

import pytest

from tests.games.cosmic.cosmic_helpers import GAME, pb, random_game

COSMIC_DECK = {"cosmic_deck": True}  # extension cards are cards of seed 000's deck
# option -> the Options fields a random game sets for it
VALUES: dict[str, dict] = {
    "deal_timeout_ms": {"deal_timeout_ms": 0},
    "powers_per_player": {"powers_per_player": 3},
    "two_of_three": {"two_of_three": True},
    "power_rotation": {"power_rotation": True},
    "ruleset": {"ruleset": pb.RULESET_COSMIC},
    "star_discs": {"star_discs": True},
    "cosmic_deck": COSMIC_DECK,
    "extension_cards": {**COSMIC_DECK, "extension_cards": True},
    "lucres": {"lucres": 5},
    "four_piles": {"four_piles": True},
    "consolation_from_deck": {"consolation_from_deck": True},
    "challenge_any_occupant": {"challenge_any_occupant": True},
    "out_of_cards_ends_turn": {"out_of_cards_ends_turn": True},
    "no_edicts": {"no_edicts": True},
    "min_window_ms": {"min_window_ms": 1000},
    "turn_limit": {"turn_limit": 3},
    "moons": {"ruleset": pb.RULESET_COSMIC, "moons": pb.MOON_SET_ALL},
    "flares": {"flares": True},  # on the classic ruleset: flares alone
}


def test_every_option_of_cosmic_has_a_random_play_value() -> None:
    assert {spec.name for spec in GAME.option_specs} - set(VALUES) == set()


@pytest.mark.parametrize("option", sorted(VALUES))
def test_random_bots_play_each_option_to_the_end_and_conserve(option: str) -> None:
    st, moves = random_game(4, seed=1, **VALUES[option])  # one game each: tests stay fast
    assert GAME.result(st) is not None and moves > 0
