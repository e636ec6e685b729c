"""Envelope helpers and error details, in process."""

from __future__ import annotations

import doctest

import pytest

import cosmodrome_client.bots.games
import cosmodrome_client.messages
from cosmodrome.games.highcard.v1 import highcard_pb2
from cosmodrome.games.tictactoe.v1 import tictactoe_pb2 as ttt
from cosmodrome.v1 import games_pb2, match_pb2
from cosmodrome_client import decisions_of, game_of, unwrap, wrap, wrap_move, wrap_options


def test_docstring_examples_run():
    for module in (cosmodrome_client.messages, cosmodrome_client.bots.games):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__


def test_wrap_picks_the_field_named_after_the_game():
    assert game_of(wrap_move(highcard_pb2.Move(card=7))) == "highcard"
    assert unwrap(wrap_options(ttt.Options(turn_timeout_ms=5))).turn_timeout_ms == 5
    view = wrap(games_pb2.GameView, ttt.View(to_move=1))
    assert view.WhichOneof("game") == "tictactoe" and unwrap(view).to_move == 1


def test_wrap_refuses_a_message_of_the_wrong_kind_and_passes_envelopes_through():
    with pytest.raises(TypeError):
        wrap_move(ttt.View())
    envelope = wrap_move(ttt.Move(cell=3))
    assert wrap_move(envelope) is envelope
    assert unwrap(games_pb2.GameMove()) is None


def test_decisions_of_keeps_only_the_seats_own_decisions_with_options():
    view = match_pb2.MatchView(viewer_seat=1, decisions=[
        match_pb2.Decision(seat=0, kind="play_card"),
        match_pb2.Decision(seat=1, kind="play_card",
                           options=[wrap_move(highcard_pb2.Move(card=c)) for c in (4, 9)]),
    ])
    [mine] = decisions_of(view)
    assert mine.seat == 1 and [m.card for m in mine.options] == [4, 9]
    assert decisions_of(view, seat=0) == []
