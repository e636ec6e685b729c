"""A player's board: placement, completion, life and graviton rules over Board messages.

Pure functions of a Board and the content's Geometry; the flow (rules.py) decides when they
apply. Stars sit on nebula corners, life on nebula sides (public BGA help); the geometry is
provisional data (content.py).
"""

from __future__ import annotations

from cosmodrome.games.crafting.content import Content, Geometry
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

EMPTY_CELL = -1


def empty_board(geometry: Geometry) -> pb.Board:
    return pb.Board(stars=[pb.Star() for _ in range(geometry.star_count)],
                    cells=[pb.Cell(tile=EMPTY_CELL) for _ in geometry.cells],
                    lives=[pb.LIFE_UNSPECIFIED] * geometry.life_count)


def empty_stars(board: pb.Board) -> list[int]:
    return [v for v, s in enumerate(board.stars) if not s.element]


def empty_cells(board: pb.Board) -> list[int]:
    return [c for c, cell in enumerate(board.cells) if cell.tile == EMPTY_CELL]


def has_life(board: pb.Board) -> bool:
    return any(board.lives)


def life_spaces(board: pb.Board, content: Content) -> list[int]:
    """Where a proto-life may go: "un espace vie vide adjacent à une vie déjà présente sur ton
    plateau. Si tu n'as plus aucune vie sur ton plateau, place-la sur l'espace de départ.\""""
    lives = board.lives
    if not any(lives):
        return [content.life_start]
    links = content.geometry.life_links
    return sorted({n for e, life in enumerate(lives) if life for n in links[e] if not lives[n]})


def completable(board: pb.Board, content: Content, cell: int) -> bool:
    """"si une nébuleuse est entourée par des étoiles correspondant exactement aux éléments
    qu'elle demande (les supernovae comptent comme n'importe quel type d'étoile)": every corner
    that asks an element holds a star of that element or a supernova (provisional reading: the
    requirements are tied to corners; corners that ask nothing do not matter)."""
    c = board.cells[cell]
    if c.tile == EMPTY_CELL or c.completed:
        return False
    stars = board.stars
    for v, need in zip(content.geometry.corners[cell], content.tiles[c.tile].requires,
                       strict=True):
        if need and not (stars[v].element == need
                         or (stars[v].element and stars[v].supernova)):
            return False
    return True


def advanced_life_ready(board: pb.Board, content: Content, cell: int) -> bool:
    """"si une nébuleuse complétée (sans vie avancée dessus) est entourée de 6 jetons vie\""""
    c = board.cells[cell]
    return (c.completed and not c.advanced_life
            and all(board.lives[e] for e in content.geometry.sides[cell]))


def graviton_targets(board: pb.Board, content: Content, space: int, life: bool) -> list[int]:
    """Empty spaces of the same kind a graviton moves a piece to: an adjacent empty space, or
    one reached by jumping over consecutive occupied spaces (provisional reading: along any
    path of occupied spaces)."""
    links = content.geometry.life_links if life else content.geometry.star_links
    occupied = ((lambda s: bool(board.lives[s])) if life
                else (lambda s: bool(board.stars[s].element)))
    targets: set[int] = set()
    seen = {space}
    frontier = [space]
    while frontier:
        here = frontier.pop()
        for n in links[here]:
            if n in seen:
                continue
            seen.add(n)
            if occupied(n):
                frontier.append(n)
            else:
                targets.add(n)
    return sorted(targets)


def graviton_sources(board: pb.Board, content: Content) -> list[tuple[int, bool]]:
    """Pieces a graviton can move: any star but a supernova ("Les supernovae ne peuvent pas
    être déplacées"), any life, each with somewhere to go."""
    return list(_graviton_sources(board, content))


def can_use_graviton(board: pb.Board, content: Content) -> bool:
    """Whether any piece can move."""
    return next(_graviton_sources(board, content), None) is not None


def _graviton_sources(board: pb.Board, content: Content):
    if content.geometry.connected:  # every piece reaches an empty space of its kind, if any
        stars, lives = board.stars, board.lives
        if any(not s.element for s in stars):
            yield from ((v, False) for v, s in enumerate(stars) if s.element and not s.supernova)
        if not all(lives):
            yield from ((e, True) for e, life in enumerate(lives) if life)
        return
    for v, s in enumerate(board.stars):
        if s.element and not s.supernova and graviton_targets(board, content, v, False):
            yield v, False
    for e, life in enumerate(board.lives):
        if life and graviton_targets(board, content, e, True):
            yield e, True
