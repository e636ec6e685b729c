"""What each viewer may see: hands, deck orders, drawn powers and advanced-life values stay
hidden (the lead's non-interference harness), and the view is built field by field."""

from __future__ import annotations

import random

from cosmodrome.games.crafting import Crafting
from cosmodrome.games.crafting.content import CONTROLS
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from tests.noninterference import Secrets, check_noninterference

GAME = Crafting()


def _deal(pool: list, sizes: list[int]) -> list[list]:
    out, start = [], 0
    for n in sizes:
        out.append(pool[start:start + n])
        start += n
    return out


def perturb(state: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Everything `viewer` may not know, changed with every count he sees kept."""
    others = [s for s in range(state.players) if s != viewer]
    # energy: the deck and the other seats' hands are one unknown pool
    pool = list(state.energy_deck)
    for s in others:
        pool += [c for c in CONTROLS for _ in range(state.seats[s].hand[c - 1])]
    rng.shuffle(pool)
    parts = _deal(pool, [len(state.energy_deck)] + [sum(state.seats[s].hand) for s in others])
    state.energy_deck[:] = parts[0]
    for s, cards in zip(others, parts[1:], strict=True):
        state.seats[s].hand[:] = [cards.count(c) for c in CONTROLS]
    # objectives: which 6 of the 16 and their order, beyond those shown
    shown = {o for o in state.objective_track if o >= 0} | set(state.objectives_scored)
    unseen = [o for o in range(len(GAME.content(state).objectives)) if o not in shown]
    state.objective_deck[:] = rng.sample(unseen, len(state.objective_deck))
    # power decks (and another seat's draw)
    for i, deck in enumerate(state.power_decks):
        cards = list(deck.cards)
        mixed = state.buying == CONTROLS[i] and viewer != state.active
        if mixed:
            cards += list(state.drawn_powers)
        rng.shuffle(cards)
        if mixed:
            state.drawn_powers[:] = cards[:len(state.drawn_powers)]
            cards = cards[len(state.drawn_powers):]
        deck.cards[:] = cards
    for pile in state.nebula_piles:
        cards = list(pile.cards)
        rng.shuffle(cards)
        pile.cards[:] = cards
    # advanced life: the stack and the other seats' tokens (until the end reveals them)
    if state.phase != pb.PHASE_OVER:
        tokens = [a for s in others for a in state.seats[s].advanced]
        values = list(state.advanced_stack) + [a.value for a in tokens]
        rng.shuffle(values)
        state.advanced_stack[:] = values[:len(state.advanced_stack)]
        for a, value in zip(tokens, values[len(state.advanced_stack):], strict=True):
            a.value = value
    state.rng = rng.getrandbits(64)


def reveals(state: pb.State, seat: int, move: pb.Move, viewer: int | None) -> bool:
    """Drawing from a face-down pile shows the drawn piece: tiles, objectives and the display
    refill to everyone, energy cards, powers and advanced life to the drawer only."""
    after = pb.State()
    after.CopyFrom(state)
    GAME.apply(after, seat, move)
    # the display is refilled from the deck at the end of the energy phase
    public = state.phase != pb.PHASE_CREATION and after.phase == pb.PHASE_CREATION
    public |= any(len(a.cards) != len(b.cards)
                  for a, b in zip(state.nebula_piles, after.nebula_piles, strict=True))
    public |= len(after.objective_deck) != len(state.objective_deck)
    public |= after.phase == pb.PHASE_OVER
    own = viewer == seat and (
        len(after.energy_deck) != len(state.energy_deck) or after.rng != state.rng
        or len(after.advanced_stack) != len(state.advanced_stack)
        or list(after.drawn_powers) != list(state.drawn_powers))
    return public or own


SECRETS = Secrets(perturb=perturb, reveals=reveals)


def test_crafting_views_decisions_and_events_do_not_depend_on_hidden_state():
    for players in (2, 3, 4):
        tally = check_noninterference(GAME, SECRETS, players=players, seeds=range(2),
                                      every=11)
        assert tally.moves_compared > 50


def test_view_shows_a_seat_its_own_hand_and_others_only_their_sizes():
    state = GAME.setup(pb.Options(), 3, seed=4)
    for viewer in range(3):
        view = GAME.view(state, viewer)
        for seat, pv in enumerate(view.seats):
            assert pv.hand_size == sum(state.seats[seat].hand)
            assert list(pv.hand) == (list(state.seats[seat].hand) if seat == viewer else [])
    assert all(not pv.hand for pv in GAME.view(state, None).seats)


def test_view_never_holds_deck_orders_or_the_prng():
    state = GAME.setup(pb.Options(), 2, seed=9)
    view = GAME.view(state, 0)
    assert view.energy_deck_size == len(state.energy_deck)
    assert list(view.power_deck_sizes) == [8, 8, 8, 8]
    assert view.objective_deck_size == 5
    names = {f.name for f in pb.View.DESCRIPTOR.fields}
    assert not names & {"rng", "energy_deck", "objective_deck", "power_decks",
                        "nebula_piles", "advanced_stack"}
