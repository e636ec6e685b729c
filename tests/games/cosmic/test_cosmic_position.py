"""The position builder: documented, validated set-ups for tests and hosts."""

from __future__ import annotations

import pytest

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.position import BadPosition
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import GAME, card_of, position

A4, A10, A20 = (card_of("attack", v) for v in (4, 10, 20))


def test_a_position_sets_hands_tokens_powers_and_the_black_hole() -> None:
    st = position(players=3, powers={0: ["virus"], 2: ["zombie", "oracle"]},
                  hands={1: [A4, A10]}, discard=[A20], tokens={(5, 1): 1, (0, 2): 3},
                  black_hole={1: 3}, offence=2)
    assert list(st.seats[1].hand) == [A4, A10] and len(st.seats[0].hand) == 7
    assert list(st.discard) == [A20]
    assert B.tok(st, 5, 1) == 1 and B.tok(st, 0, 2) == 3 and st.seats[1].black_hole == 3
    assert list(st.seats[0].powers) == [POWER_ID["virus"]]
    assert list(st.seats[2].powers) == [POWER_ID["zombie"], POWER_ID["oracle"]]
    assert st.enc.offense == 2
    assert GAME.audit(st) == []
    assert GAME.decisions(st)  # play goes on from there


def test_a_card_in_two_places_is_refused_naming_it() -> None:
    with pytest.raises(BadPosition, match=f"card {A4} is in the hand of seat 0 and the discard"):
        position(players=3, hands={0: [A4]}, discard=[A4])


def test_more_tokens_than_a_seat_owns_are_refused() -> None:
    five_each = {(p, 0): 5 for p in B.planets_of(0)}
    with pytest.raises(BadPosition, match="seat 0 would need -5 tokens"):
        position(players=3, tokens=five_each)


def test_powers_that_may_not_meet_are_refused() -> None:
    with pytest.raises(BadPosition, match="insecte cannot be played with oracle"):
        position(players=3, powers={0: ["insecte"], 1: ["oracle"]})


def test_an_unknown_power_or_planet_is_refused() -> None:
    with pytest.raises(BadPosition, match="unknown power 'nope'"):
        position(players=3, powers={0: ["nope"]})
    with pytest.raises(BadPosition, match="no planet 99"):
        position(players=3, tokens={(99, 0): 1})
