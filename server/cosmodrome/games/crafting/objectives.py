"""Universal objectives: what each criterion counts, and the majority scoring of the seed.

The 16 criteria are provisional (the seed names none; public reviews give their themes: large
stocks of a resource, nebulae of some quality, most stars in a part of the board).
"""

from __future__ import annotations

from cosmodrome.games.crafting.content import SEED, Content
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

STAR_CRITERIA = {"stars_H": pb.ELEMENT_H, "stars_O": pb.ELEMENT_O, "stars_He": pb.ELEMENT_HE,
                 "stars_C": pb.ELEMENT_C}

# What each criterion counts, in words for the published card (GetGameContent); count() below
# is the rule. A region criterion ("stars_<region>") reads REGION_TEXT.
TEXTS = {
    "stars_H": "Most H stars on your board", "stars_O": "Most O stars on your board",
    "stars_He": "Most He stars on your board", "stars_C": "Most C stars on your board",
    "supernovae": "Most supernovae", "proto_life": "Most proto-lives (purple)",
    "stable_life": "Most stable lives (green)", "life": "Most lives, proto or stable",
    "completed_nebulae": "Most completed nebulae", "large_nebulae": "Most size-3 nebulae placed",
    "advanced_life": "Most advanced-life tokens", "power_cards": "Most power cards",
    "energy_cards": "Most energy cards in hand",
    "discharged_crystals": "Most time crystals discharged",
}
REGION_TEXT = "Most stars in the {region} of your board"


def region_of(criterion: str, content: Content) -> str:
    """The board region a criterion counts stars in, "" for none."""
    region = criterion.removeprefix("stars_")
    return region if criterion not in TEXTS and region in content.regions else ""


def text(criterion: str, content: Content) -> str:
    region = region_of(criterion, content)
    return REGION_TEXT.format(region=region) if region else TEXTS[criterion]


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
    region = content.regions[region_of(criterion, content)]
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
