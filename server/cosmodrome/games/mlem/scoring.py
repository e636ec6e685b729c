"""Scoring and objectives, computed from the board alone.

Seed (Fin de Partie): each occupied moon scores its points for its occupant; each planet scores
most cats / second most / presence by its printed values, earlier arrival breaking ties; each
claimed objective scores 5 (layout.objective_points); highest total wins, ties share.
Abilities read here (docs/rules/mlem.md): PLANET_DOUBLE doubles its owner's points for the
planet it sits on; MOON_DOUBLE doubles its moon's points; DEEP_DOUBLE doubles its Comet or
Galaxy points.
"""

from __future__ import annotations

from cosmodrome.games.mlem.track import Layout
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

PLANET_DOUBLE, MOON_DOUBLE, DEEP_DOUBLE = (pb.CAT_KIND_PLANET_DOUBLE, pb.CAT_KIND_MOON_DOUBLE,
                                          pb.CAT_KIND_DEEP_DOUBLE)
OBJECTIVES = (pb.OBJECTIVE_FOUR_PLANETS, pb.OBJECTIVE_THREE_ON_ONE, pb.OBJECTIVE_FOUR_MOONS,
              pb.OBJECTIVE_TWO_DEEP)


def planet_ranking(cats) -> list[int]:
    """Seats present on a planet, best first: most cats, then earliest arrival (lowest index)."""
    count: dict[int, int] = {}
    for cat in cats:  # dicts keep first-insertion order: seats in order of first arrival
        count[cat.owner] = count.get(cat.owner, 0) + 1
    return sorted(count, key=lambda s: -count[s])  # stable sort keeps arrival order on ties


def planet_points(layout: Layout, index: int, cats) -> dict[int, int]:
    """Points per seat for one planet (PLANET_DOUBLE applied)."""
    values = layout.planets[index].values
    doubled = {c.owner for c in cats if c.kind == PLANET_DOUBLE}
    return {seat: values[min(rank, 2)] * (2 if seat in doubled else 1)
            for rank, seat in enumerate(planet_ranking(cats))}


def scores(state: pb.State, layout: Layout) -> list[int]:
    """Every seat's total if the game ended now."""
    total = [0] * state.players
    for slot, moon in zip(state.moons, layout.moons, strict=True):
        if slot.occupied:
            cat = slot.cat
            total[cat.owner] += moon.points * (2 if cat.kind == MOON_DOUBLE else 1)
    for i, pile in enumerate(state.planets):
        if pile.cats:
            for seat, p in planet_points(layout, i, pile.cats).items():
                total[seat] += p
    for cats, points in ((state.comet, layout.comet_points), (state.galaxy, layout.galaxy_points)):
        for cat in cats:
            total[cat.owner] += points * (2 if cat.kind == DEEP_DOUBLE else 1)
    for seat, board in enumerate(state.boards):
        total[seat] += layout.objective_points * len(board.objectives)
    return total


def winners(totals: list[int]) -> list[int]:
    best = max(totals)
    return [s for s, t in enumerate(totals) if t == best]


def claim_objectives(state: pb.State, seat: int) -> list[int]:
    """Claims for `seat` every free objective it now fulfils; returns them. "Un seul joueur
    peut revendiquer chaque Objectif, mais un joueur peut en revendiquer plusieurs": each
    objective is recorded once, on its claimant's board."""
    claimed = {o for board in state.boards for o in board.objectives}
    new = [o for o in OBJECTIVES if o not in claimed and fulfils(state, seat, o)]
    state.boards[seat].objectives.extend(new)
    return new


def fulfils(state: pb.State, seat: int, objective: int) -> bool:
    """Whether `seat`'s landed cats meet an objective's condition now."""
    if objective == pb.OBJECTIVE_FOUR_PLANETS:
        return sum(any(c.owner == seat for c in p.cats) for p in state.planets) >= 4
    if objective == pb.OBJECTIVE_THREE_ON_ONE:
        return any(sum(c.owner == seat for c in p.cats) >= 3 for p in state.planets)
    if objective == pb.OBJECTIVE_FOUR_MOONS:
        return sum(m.occupied and m.cat.owner == seat for m in state.moons) >= 4
    if objective == pb.OBJECTIVE_TWO_DEEP:
        return (sum(c.owner == seat for c in state.comet)
                + sum(c.owner == seat for c in state.galaxy)) >= 2
    raise ValueError(f"unknown objective {objective}")
