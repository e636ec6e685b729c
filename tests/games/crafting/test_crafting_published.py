"""What the catalog publishes of Crafting (GetGameContent) is what the rules use: the board
geometry a frontend draws (spaces, positions, adjacency, regions), the power cards' effects as
data and the objectives' texts, all from the engine's own content (one source)."""

from __future__ import annotations

import random

import pytest

from cosmodrome.games.crafting import objectives
from cosmodrome.games.crafting.content import CRITERIA
from cosmodrome.games.crafting.published import crafting_pack
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.games.crafting.crafting_helpers import CONTENT, GAME, GEO, creation, me, options, play

PACK = crafting_pack(CONTENT)
BOARD = PACK.board
# two corners of one hexagon side are (1, 1) or (0, 2) apart in the grid (content.CORNERS)
SIDE_STEPS = {(1, 1), (0, 2)}
HEX_STEPS = {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}


def test_published_geometry_is_the_geometry_the_rules_use() -> None:
    assert [(c.q, c.r) for c in BOARD.cells] == list(GEO.cells)
    assert [tuple(c.corners) for c in BOARD.cells] == list(GEO.corners)
    assert [tuple(c.sides) for c in BOARD.cells] == list(GEO.sides)
    assert [s.index for s in BOARD.stars] == list(range(GEO.star_count))
    assert [tuple(s.cells) for s in BOARD.stars] == list(GEO.star_cells)
    assert [tuple(s.neighbours) for s in BOARD.stars] == list(GEO.star_links)
    assert [e.index for e in BOARD.lives] == list(range(GEO.life_count))
    assert [tuple(e.cells) for e in BOARD.lives] == list(GEO.life_cells)
    assert [tuple(e.neighbours) for e in BOARD.lives] == list(GEO.life_links)
    assert (BOARD.center_star, BOARD.life_start) == (CONTENT.center_star, CONTENT.life_start)
    assert tuple(BOARD.start_nebulae) == CONTENT.start_nebulae
    assert BOARD.charge_at == CONTENT.charge_at
    assert {r.name: frozenset(r.stars) for r in BOARD.regions} == CONTENT.regions
    assert list(PACK.energy_deck) == list(CONTENT.energy_split)


def test_published_positions_agree_with_the_published_adjacency() -> None:
    """A frontend may draw from positions alone: star spaces one side apart in the grid are
    exactly the published neighbours; a life space's ends are neighbouring stars; lives
    sharing an end are neighbours; cells sharing a side are hex neighbours."""
    for s in BOARD.stars:
        apart = {t.index for t in BOARD.stars
                 if (abs(t.x - s.x), abs(t.y - s.y)) in SIDE_STEPS}
        assert apart == set(s.neighbours), s.index
    for e in BOARD.lives:
        a, b = e.ends
        assert b in BOARD.stars[a].neighbours
        sharing = {f.index for f in BOARD.lives if f.index != e.index and set(f.ends) & {a, b}}
        assert sharing == set(e.neighbours), e.index
    for c in BOARD.cells:
        hexes = {d.index for d in BOARD.cells if (d.q - c.q, d.r - c.r) in HEX_STEPS}
        assert hexes == set(c.neighbours), c.index
        centre = (2 * c.q + c.r, 3 * c.r)
        for v in c.corners:  # every corner one hex radius from the centre
            assert abs(BOARD.stars[v].x - centre[0]) <= 1
            assert abs(BOARD.stars[v].y - centre[1]) <= 2


@pytest.mark.parametrize("seed", [3, 4])
def test_random_games_only_offer_what_the_published_geometry_allows(seed) -> None:
    """In whole random games: a proto-life is offered only next to a published life
    neighbour (or on the start space), and a nebula completes only with the published
    corners holding what its tile asks."""
    rnd = random.Random(seed)
    state = GAME.setup(pb.Options(), 2, seed)
    checked = 0
    while state.phase != pb.PHASE_OVER:
        board = me(state).board
        for o in options(state):
            if o.WhichOneof("kind") == "pick" and state.step == pb.STEP_LIFE_SPACE:
                lives = {e for e, life in enumerate(board.lives) if life}
                assert (o.pick.space in {n for e in lives for n in BOARD.lives[e].neighbours}
                        if lives else o.pick.space == BOARD.life_start)
                checked += 1
            if o.WhichOneof("kind") == "complete_nebula":
                cell = BOARD.cells[o.complete_nebula.cell]
                tile = PACK.tiles[board.cells[cell.index].tile]
                for v, need in zip(cell.corners, tile.requires, strict=True):
                    star = board.stars[v]
                    assert not need or star.element == need or star.supernova
                checked += 1
        decision = rnd.choice(GAME.decisions(state))
        play(state, rnd.choice(list(decision.options)), decision.seat)
    assert checked > 10


def test_published_power_effects_are_what_an_activation_gives() -> None:
    for info, power in zip(PACK.powers, CONTENT.powers, strict=True):
        assert [(a.gain, a.count) for a in info.effect] == list(power.gain)
        assert info.text.startswith(f"Pay {power.cost} ")
        assert all(str(a.count) in info.text for a in info.effect)


def test_activating_a_power_gives_its_published_effect() -> None:
    state = creation()
    card = next(p for p in PACK.powers if [a.gain for a in p.effect] == [pb.GAIN_SUPERNOVA])
    me(state).powers.append(card.id)
    me(state).hand[card.type - 1] = card.cost
    play(state, pb.Move(activate_power=pb.ActivatePower(card=card.id)))
    assert me(state).supernova == card.effect[0].count


def test_every_objective_has_a_text_and_a_region_objective_counts_its_published_stars() -> None:
    assert {o.criterion for o in PACK.objectives} <= set(CRITERIA) | {
        f"stars_{r.name}" for r in BOARD.regions}
    assert all(o.text for o in PACK.objectives)
    for o in PACK.objectives:
        if not o.region:
            continue
        region = next(r for r in BOARD.regions if r.name == o.region)
        player = pb.Player(board=creation().seats[0].board)
        for v in region.stars:
            player.board.stars[v].element = pb.ELEMENT_H
        assert objectives.count(player, CONTENT, o.criterion) == len(region.stars)
        assert set(region.cells) <= {c.index for c in BOARD.cells
                                     if set(c.corners) <= set(region.stars)}
