"""No secret of one seat reaches another seat or a spectator, on any path.

High card is the hidden-information test game: each seat holds a secret hand and plays a
card face down. Round 1 is left half played: seats 1 and 2 have a card face down, seat 0
has not. Then every response each viewer can obtain is searched for the others' cards.
"""

from __future__ import annotations

import grpc
import pytest
from google.protobuf.message import Message

from cosmodrome.games.highcard.v1 import highcard_pb2
from cosmodrome.v1 import admin_pb2, games_pb2, lobby_pb2, play_pb2
from tests.support import ADMIN_TOKEN, Api, ServerProcess, auth

CARD_FIELDS = {"cards", "card", "my_hand", "my_played", "last_revealed"}
HIGHCARD = "cosmodrome.games.highcard.v1"


def cards_in(message: Message) -> set[int]:
    """Every card number in any high-card message nested anywhere in `message`."""
    found: set[int] = set()
    for field, value in message.ListFields():
        if field.message_type is not None:
            items = value if field.is_repeated else [value]
            if field.message_type.GetOptions().map_entry:
                continue
            for item in items:
                found |= cards_in(item)
        elif (message.DESCRIPTOR.full_name.startswith(HIGHCARD)
              and field.name in CARD_FIELDS):
            found |= set(value) if field.is_repeated else {value}
    return found


def card(n: int) -> games_pb2.GameMove:
    return games_pb2.GameMove(highcard=highcard_pb2.Move(card=n))


@pytest.fixture(scope="module")
def table(server):
    """(api, match_id, tokens, hands): round 1 with seats 1 and 2 face down."""
    api = Api(server.address)
    match_id, tokens = api.new_match("highcard", players=3, seed=2024)
    state = api.export(match_id).record.state.highcard
    hands = [list(h.cards) for h in state.hands]
    api.submit(match_id, tokens[1], card(hands[1][0]))
    api.submit(match_id, tokens[2], card(hands[2][0]))
    yield api, match_id, tokens, hands
    api.close()


def secrets_hidden_from(viewer: int | None, hands: list[list[int]]) -> set[int]:
    return {c for seat, hand in enumerate(hands) if seat != viewer for c in hand}


def responses_for(api: Api, match_id: str, token: str | None) -> list[Message]:
    """Everything a caller with `token` can read about the match."""
    version = api.view(match_id, token).match.version
    watched = []
    for update in api.play.WatchMatch(play_pb2.WatchMatchRequest(match_id=match_id),
                                      metadata=auth(token), timeout=10):
        watched.append(update)
        if update.entry.version == version:
            break
    return [
        api.view(match_id, token),
        api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id), metadata=auth(token)),
        api.lobby.GetMatch(lobby_pb2.GetMatchRequest(match_id=match_id)),
        api.lobby.ListMatches(lobby_pb2.ListMatchesRequest(game="highcard")),
        *watched,
    ]


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["seat0", "seat1", "spectator"])
def test_no_other_seat_card_on_any_read_path(table, viewer):
    api, match_id, tokens, hands = table
    token = None if viewer is None else tokens[viewer]
    hidden = secrets_hidden_from(viewer, hands)
    for response in responses_for(api, match_id, token):
        leaked = cards_in(response) & hidden
        assert not leaked, f"{type(response).__name__} leaks {leaked}"


def test_seat_sees_its_own_hand_and_face_down_card(table):
    api, match_id, tokens, hands = table
    view = api.view(match_id, tokens[1]).game.highcard
    assert list(view.my_hand) == hands[1][1:]
    assert view.my_played == hands[1][0]
    assert list(view.has_played) == [False, True, True]


def test_spectator_sees_no_hand(table):
    api, match_id, _, _ = table
    view = api.view(match_id).game.highcard
    assert not view.my_hand and view.my_played == 0
    assert list(view.hand_sizes) == [3, 2, 2]


def test_decisions_of_other_seats_carry_no_options(table):
    api, match_id, tokens, hands = table
    view = api.view(match_id, tokens[1])
    assert [d.seat for d in view.decisions] == [0]
    assert not view.decisions[0].options and not view.decisions[0].prompt
    mine = api.view(match_id, tokens[0]).decisions[0]
    assert sorted(o.highcard.card for o in mine.options) == hands[0]


def test_private_event_reaches_only_its_seat(table):
    api, match_id, tokens, hands = table
    logs = {seat: api.play.GetLog(play_pb2.GetLogRequest(match_id=match_id),
                                  metadata=auth(tokens[seat])) for seat in (0, 1, 2)}
    for seat, log in logs.items():
        mine = [e.highcard.you_played.card for entry in log.entries for e in entry.events
                if e.highcard.HasField("you_played")]
        assert mine == ([hands[seat][0]] if seat else [])
        played = [e.highcard.card_played.seat for entry in log.entries for e in entry.events
                  if e.highcard.HasField("card_played")]
        assert played == [1, 2]  # public: who played, never what


def test_error_for_a_card_held_by_another_seat_reveals_nothing(table):
    api, match_id, tokens, hands = table
    state = api.export(match_id).record.state.highcard
    undealt = state.deck[0]
    errors = []
    for n in (hands[1][1], undealt):  # held by seat 1 / held by nobody
        with pytest.raises(grpc.RpcError) as caught:
            api.submit(match_id, tokens[0], card(n))
        errors.append((caught.value.code(), caught.value.details().replace(str(n), "N")))
    assert errors[0] == errors[1]
    assert errors[0][0] == grpc.StatusCode.FAILED_PRECONDITION


def test_admin_export_needs_the_admin_token(table):
    api, match_id, tokens, hands = table
    request = admin_pb2.ExportMatchRequest(match_id=match_id)
    for metadata, code in ((auth(None), grpc.StatusCode.UNAUTHENTICATED),
                           (auth(tokens[0]), grpc.StatusCode.PERMISSION_DENIED),
                           (auth("nope"), grpc.StatusCode.PERMISSION_DENIED)):
        with pytest.raises(grpc.RpcError) as caught:
            api.admin.ExportMatch(request, metadata=metadata)
        assert caught.value.code() == code
    export = api.admin.ExportMatch(request, metadata=auth(ADMIN_TOKEN))
    assert list(export.record.state.highcard.hands[2].cards) == hands[2][1:]


def test_admin_api_is_off_without_an_admin_token(redis_url, table):
    _, match_id, _, _ = table
    with ServerProcess(redis_url=redis_url, admin_token="") as bare:
        api = Api(bare.address)
        with pytest.raises(grpc.RpcError) as caught:
            api.admin.ExportMatch(admin_pb2.ExportMatchRequest(match_id=match_id),
                                  metadata=auth(ADMIN_TOKEN))
        assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
        assert "disabled" in caught.value.details()
        api.close()


def test_revealed_cards_become_public(table):
    api, match_id, tokens, hands = table
    api.submit(match_id, tokens[0], card(hands[0][0]))
    view = api.view(match_id).game.highcard
    assert list(view.last_revealed) == [hands[0][0], hands[1][0], hands[2][0]]
