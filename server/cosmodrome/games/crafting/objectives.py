"""Universal objectives: what each criterion counts, and the majority scoring of the seed.

The 16 criteria are provisional (the seed names none; public reviews give their themes: large
stocks of a resource, nebulae of some quality, most stars in a part of the board).
"""

from __future__ import annotations

from cosmodrome.games.crafting.content import SEED, Content
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

STAR_CRITERIA = {"stars_H": pb.ELEMENT_H, "stars_O": pb.ELEMENT_O, "stars_He": pb.ELEMENT_HE,
                 "stars_C": pb.ELEMENT_C}


def count(player: pb.Player, content: Content, criterion: str) -> int:
    """A seat's count on a criterion. "Pour les objectifs liés aux étoiles, les supernovae
    comptent comme des étoiles mais uniquement de leur propre type (pas comme joker).\""""
    board = player.board
    if criterion in STAR_CRITERIA:
        element = STAR_CRITERIA[criterion]
        return sum(s.element == element for s in board.stars)
    if criterion == "supernovae":
        return sum(bool(s.element) and s.supernova for s in board.stars)
    if criterion == "proto_life":
        return sum(life == pb.LIFE_PROTO for life in board.lives)
    if criterion == "stable_life":
        return sum(life == pb.LIFE_STABLE for life in board.lives)
    if criterion == "life":
        return sum(bool(life) for life in board.lives)
    if criterion == "completed_nebulae":
        return sum(c.completed for c in board.cells)
    if criterion == "large_nebulae":
        return sum(c.tile >= 0 and content.tiles[c.tile].size == 3 for c in board.cells)
    if criterion == "advanced_life":
        return len(player.advanced)
    if criterion == "power_cards":
        return len(player.powers)
    if criterion == "energy_cards":
        return sum(player.hand)
    if criterion == "discharged_crystals":
        return player.discharged
    region = content.regions[criterion.removeprefix("stars_")]
    return sum(bool(board.stars[v].element) for v in region)


def majority_points(counts: list[int]) -> list[int]:
    """1st place 6, 2nd place 3; "En cas d'égalité pour la 1re place, chaque joueur à égalité
    marque 6 points et personne ne marque de 2e place"; tied 2nd places each score 3; "Tu dois
    posséder au moins 1 exemplaire de la ressource concernée pour pouvoir scorer.\""""
    first, second = SEED.objective_points
    values = sorted({c for c in counts if c >= 1}, reverse=True)
    if not values:
        return [0] * len(counts)
    top = values[0]
    winners = [c == top for c in counts]
    if sum(winners) > 1 or len(values) == 1:
        return [first if w else 0 for w in winners]
    runner_up = values[1]
    return [first if c == top else second if c == runner_up else 0 for c in counts]
