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
                     cosmic_pb2.CardInfo.KIND_EDICT, cosmic_pb2.CardInfo.KIND_EXTENSION,
                     cosmic_pb2.CardInfo.KIND_FLARE}
    # one card table: the classic deck (seed 001's 4-30), then the cosmic one (000's 0-50)
    attacks = [c.value for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_ATTACK]
    assert min(attacks) == 0 and max(attacks) == 50
    extensions = [c.value for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_EXTENSION]
    assert set(extensions) == set(range(6))
    assert all(c.edict for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_EDICT)
    flares = {c.power for c in content.cards if c.kind == cosmic_pb2.CardInfo.KIND_FLARE}
    assert len(flares) == 20  # seed 000: one flare per power, named by its power
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


async def test_crafting_content_is_every_pack_and_names_tiles_for_the_renderer(client):
    from cosmodrome.games.crafting.v1 import crafting_pb2
    from cosmodrome_client.renderers import Context
    from cosmodrome_client.renderers.crafting import tile

    content = await client.game_content("crafting")
    assert isinstance(content, crafting_pb2.Content)
    [pack] = [p for p in content.packs if p.name == "provisional"]
    assert [t.id for t in pack.tiles] == list(range(48))
    assert [p.id for p in pack.powers] == list(range(32)) and all(p.name for p in pack.powers)
    assert len(pack.objectives) == 16 and all(o.criterion for o in pack.objectives)
    first = pack.tiles[0]
    event = crafting_pb2.Event(tile_drawn=crafting_pb2.TileDrawn(seat=0, tile=0))
    from cosmodrome_client.renderers.crafting import event as describe
    words = await client.game_words("crafting")  # the catalog's words, which the renderer fills
    assert f"size {first.size}, {first.points} pts" in describe(event, Context(content=content,
                                                                               words=words))
    assert tile(0) == "tile 0"  # without the content: the id
