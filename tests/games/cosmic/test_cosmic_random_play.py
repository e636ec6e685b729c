"""Random-play properties: every game ends, tokens and cards are conserved, for 2 to 8 players
and with every power in play."""

from __future__ import annotations

import pytest

from tests.games.cosmic.cosmic_helpers import GAME, POWER_ID, random_game

POWER_NAMES = sorted(POWER_ID)


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_end_and_conserve_tokens_and_cards(players: int) -> None:
    for seed in range(4):
        st, moves = random_game(players, seed)
        assert GAME.result(st) is not None and moves > 0


@pytest.mark.parametrize("power", POWER_NAMES)
def test_random_games_with_each_power_end_and_conserve(power: str) -> None:
    for players in range(2, 9):
        others = [p for p in POWER_NAMES if p != power and p != "insecte"]
        powers = [power] + others[:players - 1]
        if power == "insecte":
            powers = [power] + [p for p in POWER_NAMES if p not in ("insecte", "oracle")][
                :players - 1]
        st, _ = random_game(players, seed=players * 7 + len(power), powers=powers)
        assert GAME.result(st) is not None


@pytest.mark.parametrize("option", ["star_discs", "two_of_three", "power_rotation",
                                    "no_edicts"])
def test_random_games_with_variants_end_and_conserve(option: str) -> None:
    for players in (3, 6):
        st, _ = random_game(players, seed=players, **{option: True})
        assert GAME.result(st) is not None


def test_random_games_with_two_powers_each_end_and_conserve() -> None:
    st, _ = random_game(5, seed=9, powers_per_player=2)
    assert GAME.result(st) is not None


def test_same_seed_and_moves_replay_identically() -> None:
    a, _ = random_game(5, seed=42, check=False)
    b, _ = random_game(5, seed=42, check=False)
    assert a.SerializeToString(deterministic=True) == b.SerializeToString(deterministic=True)
