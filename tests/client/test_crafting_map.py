"""The terminal draws a Crafting board as a map from the published geometry alone
(ContentPack.board): every space a move may name is on it, by that number, where its
neighbours are."""

from __future__ import annotations

import random

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from cosmodrome.games.crafting.rules import Crafting
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from cosmodrome_client import unwrap
from cosmodrome_client.renderers import Context
from cosmodrome_client.renderers.crafting import MAP_KEY, board, board_map

CONTENT = unwrap(game_content(records()["crafting"]))
PACK = CONTENT.packs[0]
WORDS = game_content(records()["crafting"]).words


def played(moves: int, seed: int = 5) -> pb.View:
    engine = Crafting()
    state = engine.setup(pb.Options(), 2, seed)
    rnd = random.Random(seed)
    for _ in range(moves):
        d = rnd.choice(engine.decisions(state))
        engine.apply(state, d.seat, rnd.choice(list(d.options)))
    return engine.view(state, 0)


def labels(lines: list[str]) -> list[str]:
    return [word for line in lines for word in line.split()]


def test_an_empty_board_names_every_star_life_and_nebula_space_once() -> None:
    empty = pb.Board(stars=[pb.Star()] * len(PACK.board.stars),
                     cells=[pb.Cell(tile=-1)] * len(PACK.board.cells),
                     lives=[0] * len(PACK.board.lives))
    words = labels(board_map(empty, PACK.board))
    assert sorted(w for w in words if w.isdigit()) == sorted(
        str(s.index) for s in PACK.board.stars)
    assert sorted(w for w in words if w.startswith("~")) == sorted(
        f"~{e.index}" for e in PACK.board.lives)
    assert sorted(w for w in words if w.startswith("[")) == sorted(
        f"[{c.index}]" for c in PACK.board.cells)


def test_the_map_puts_each_cell_between_its_corners_and_sides() -> None:
    """Every cell: its top and bottom corners three lines above and below it in its column,
    its left and right sides on its line, left and right of it."""
    g = PACK.board
    lines = board_map(pb.Board(stars=[pb.Star()] * len(g.stars),
                               cells=[pb.Cell(tile=-1)] * len(g.cells),
                               lives=[0] * len(g.lives)), g)

    def where(label: str) -> tuple[int, int]:
        (found,) = [(row, _column(line, label))
                    for row, line in enumerate(lines) if label in line.split()]
        return found

    for c in g.cells:
        row, column = where(f"[{c.index}]")
        top, bottom = (where(str(c.corners[k])) for k in (0, 3))
        assert (top, bottom) == ((row - 3, column), (row + 3, column)), c.index
        right, left = (where(f"~{c.sides[k]}") for k in (1, 4))
        assert left[0] == right[0] == row and left[1] < column < right[1], c.index


def _column(line: str, label: str) -> int:
    """The column of a label's middle."""
    start = f" {line} ".index(f" {label} ")
    return start + len(label) // 2


def test_a_played_board_shows_its_pieces_and_what_each_tile_asks() -> None:
    view = played(200)
    lines = board(view, Context(("ada", "bob"), 0, content=CONTENT, words=WORDS))
    me = view.seats[0].board
    drawn = labels(lines[lines.index("your board:") + 1:lines.index(MAP_KEY[0])])
    shown = {"H", "O", "He", "C", "H*", "O*", "He*", "C*"}
    assert sum(w in shown for w in drawn) >= sum(bool(s.element) for s in me.stars) > 0
    assert drawn.count("p") + drawn.count("S") >= sum(bool(x) for x in me.lives) > 0
    for c, cell in enumerate(me.cells):
        if cell.tile >= 0:
            assert any(line.startswith(f"  nebula {c}: tile {cell.tile} ") for line in lines)


def test_a_power_card_is_named_with_what_it_does() -> None:
    """A power offered to keep or activate reads as its published card, effect included."""
    from cosmodrome_client.renderers.crafting import power

    for info in PACK.powers:
        assert power(info.id, PACK) == f"{info.name} ({info.text.rstrip('.')})"
        assert f"Pay {info.cost} " in power(info.id, PACK)
