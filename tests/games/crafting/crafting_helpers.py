"""Shared helpers: a fresh game, rigged positions, moves by name."""

from __future__ import annotations

from cosmodrome.games.crafting import Crafting
from cosmodrome.games.crafting.board import empty_board
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

GAME = Crafting()
CONTENT = GAME.content(pb.Options())
GEO = CONTENT.geometry
H, OX, HE, C = pb.ELEMENT_H, pb.ELEMENT_O, pb.ELEMENT_HE, pb.ELEMENT_C
LIGHT, TIME, GRAVITY, CHEMISTRY = (pb.CONTROL_LIGHT, pb.CONTROL_TIME, pb.CONTROL_GRAVITY,
                                   pb.CONTROL_CHEMISTRY)


def fresh(players: int = 2, seed: int = 1) -> pb.State:
    return GAME.setup(pb.Options(), players, seed)


def options(state: pb.State, seat: int | None = None) -> list[pb.Move]:
    seat = state.active if seat is None else seat
    return [o for d in GAME.decisions(state) if d.seat == seat for o in d.options]


def kinds(state: pb.State, seat: int | None = None) -> set[str]:
    return {o.WhichOneof("kind") for o in options(state, seat)}


def play(state: pb.State, move: pb.Move, seat: int | None = None) -> list:
    return GAME.apply(state, state.active if seat is None else seat, move)


def creation(players: int = 2, seed: int = 1, clear: bool = True) -> pb.State:
    """A state in the active seat's creation menu, his board emptied if `clear`."""
    state = fresh(players, seed)
    state.phase = pb.PHASE_CREATION
    state.step = pb.STEP_UNSPECIFIED
    del state.gains[:]
    if clear:
        me = state.seats[state.active]
        tiles = [c.tile for c in me.board.cells if c.tile >= 0]
        state.lost_tiles.extend(tiles)  # keep the audit's count
        me.board.CopyFrom(empty_board(GEO))
    return state


def me(state: pb.State) -> pb.Player:
    return state.seats[state.active]


def tile_with(size: int) -> int:
    return next(t.id for t in CONTENT.tiles if t.size == size)


def put_tile(state: pb.State, cell: int, tile: int) -> None:
    """Move `tile` from wherever it is onto the active seat's board."""
    for pile in state.nebula_piles:
        if tile in pile.cards:
            pile.cards.remove(tile)
    if tile in state.lost_tiles:
        state.lost_tiles.remove(tile)
    me(state).board.cells[cell].tile = tile


def fill_requirements(state: pb.State, cell: int, supernova_at: int | None = None) -> None:
    """Stars on every corner of `cell` that its tile asks for."""
    board = me(state).board
    tile = CONTENT.tiles[board.cells[cell].tile]
    for v, e in zip(GEO.corners[cell], tile.requires, strict=True):
        if e:
            board.stars[v].element = e
            board.stars[v].supernova = v == supernova_at


def move(**kind) -> pb.Move:
    return pb.Move(**kind)


def pick(space: int, life: bool = False) -> pb.Move:
    return pb.Move(pick=pb.Pick(space=space, life=life))
