"""The redaction proof for the reference games (each bigger game has its own, beside its
rules tests): change what a viewer may not know, and nothing he is shown changes."""

from __future__ import annotations

import random

import pytest

from cosmodrome.games.highcard import HighCard
from cosmodrome.games.highcard.v1 import highcard_pb2 as hc
from cosmodrome.games.tictactoe import TicTacToe
from tests.noninterference import Secrets, check_noninterference


def test_tictactoe_has_nothing_to_hide() -> None:
    """Perfect information: every viewer may know the whole state, so nothing is perturbed;
    the run still checks that views and decisions are computed alike for every viewer."""
    game = TicTacToe()
    tally = check_noninterference(game, Secrets(perturb=lambda state, viewer, rng: None),
                                  players=2, seeds=range(3), every=1)
    assert not game.hidden_information and tally.positions and not tally.changed


def shuffle_highcard(state: hc.State, viewer: int | None, rng: random.Random) -> None:
    """Deals again every card `viewer` has not seen: the other hands, the other face-down
    cards and the undealt deck trade cards at random, each keeping its size."""
    others = [s for s in range(len(state.hands)) if s != viewer]
    unseen = list(state.deck)
    for s in others:
        unseen += state.hands[s].cards
        unseen += [state.played[s]] if state.played[s] else []
    rng.shuffle(unseen)
    for s in others:
        if state.played[s]:
            state.played[s] = unseen.pop()
        size = len(state.hands[s].cards)
        state.hands[s].cards[:] = sorted(unseen[:size])
        del unseen[:size]
    state.deck[:] = unseen
    state.rng = rng.getrandbits(64)


def highcard_reveals(state: hc.State, seat: int, move: hc.Move, viewer: int | None) -> bool:
    """The last face-down card of a round turns every card of the round face up."""
    return sum(1 for p in state.played if not p) == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_highcard_views_decisions_and_events_do_not_depend_on_hidden_cards(players) -> None:
    check_noninterference(HighCard(),
                          Secrets(shuffle_highcard, highcard_reveals, frozenset({"play_card"})),
                          players=players, seeds=range(6), every=1)
