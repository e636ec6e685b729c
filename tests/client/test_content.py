"""Game content for clients (CatalogService.GetGameContent): typed, complete, from the
server's own data, so clients never import server modules."""

from __future__ import annotations

import pytest

from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.games.mlem.v1 import mlem_pb2
from cosmodrome_client import CosmodromeError


async def test_cosmic_content_names_every_card_and_power(client):
    content = await client.game_content("cosmic")
    assert isinstance(content, cosmic_pb2.Content)
    assert [c.id for c in content.cards] == list(range(len(content.cards)))
    kinds = {c.kind for c in content.cards}
    assert kinds == {cosmic_pb2.CardInfo.KIND_ATTACK, cosmic_pb2.CardInfo.KIND_COMPROMISE,
                     cosmic_pb2.CardInfo.KIND_EDICT}
    attacks = [c.value for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_ATTACK]
    assert min(attacks) >= 4 and max(attacks) <= 30  # seed 001's range
    assert all(c.edict for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_EDICT)
    names = {p.name: p for p in content.powers}
    assert len(names) == 20 and names["oracle"].english == "Oracle" and names["oracle"].mandatory


async def test_mlem_content_is_every_layout_the_server_loaded(client):
    content = await client.game_content("mlem")
    assert isinstance(content, mlem_pb2.Content)
    [layout] = [la for la in content.layouts if la.name == "provisional"]
    spaces = layout.spaces
    assert spaces[0].kind == mlem_pb2.SPACE_KIND_EARTH
    assert spaces[-1].kind == mlem_pb2.SPACE_KIND_DEEP_SPACE and not spaces[-1].faces
    for s in spaces:
        assert s.HasField("planet") == (s.kind == mlem_pb2.SPACE_KIND_PLANET)
        assert bool(s.moons) == (s.kind == mlem_pb2.SPACE_KIND_MOON)
    linked = sorted(i for s in spaces for i in s.moons)
    assert linked == list(range(len(layout.moons)))  # each moon on exactly one space


async def test_a_game_without_content_has_an_empty_one(client):
    assert await client.game_content("tictactoe") is None


async def test_content_of_an_unknown_game_is_not_found(client):
    with pytest.raises(CosmodromeError) as e:
        await client.game_content("chess")
    assert e.value.code.name == "NOT_FOUND" and "ListGames" in e.value.message


async def test_content_of_a_huge_name_is_refused_without_echoing_it(client):
    with pytest.raises(CosmodromeError) as e:
        await client.game_content("x" * 10_000)
    assert e.value.code.name == "INVALID_ARGUMENT" and len(e.value.message) < 200
