"""What the catalog publishes of Crafting the Cosmos (GetGameContent): every content pack the
engine loaded (tiles, powers, objectives), built field by field."""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.games.crafting.v1 import crafting_pb2


def crafting_content(game: Game) -> crafting_pb2.Content:
    return crafting_pb2.Content(packs=[crafting_pack(pack) for _, pack in
                                       sorted(game.contents.items())])


def crafting_pack(pack) -> crafting_pb2.ContentPack:
    return crafting_pb2.ContentPack(
        name=pack.name, description=pack.description,
        tiles=[crafting_pb2.TileInfo(id=t.id, size=t.size, points=t.points,
                                     requires=t.requires) for t in pack.tiles],
        powers=[crafting_pb2.PowerInfo(id=p.id, name=p.name, type=p.type, cost=p.cost)
                for p in pack.powers],
        objectives=[crafting_pb2.ObjectiveInfo(id=i, criterion=c)
                    for i, c in enumerate(pack.objectives)])
