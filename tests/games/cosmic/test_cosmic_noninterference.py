"""Non-interference for Cosmic: what a viewer may not know changes nothing he is shown.

`perturb` changes, for one viewer, every secret he may not know: the other hands and the deck
order (cards he knows of stay put), face-down cards he may not read, the powers of others not
yet disclosed, the deal drafts of others and the PRNG state; every count he can see stays.
`reveals` says which moves, by rule, show him something hidden: the events and view after them
are then not compared.
"""

from __future__ import annotations

import random

import pytest

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import flares, pieces
from cosmodrome.games.cosmic.content import CARDS, FLARE_OF
from cosmodrome.games.cosmic.powers import POWERS, excluded
from tests.games.cosmic.cosmic_helpers import (
    GAME,
    card_of,
    cards_down,
    duel,
    pass_windows,
    pb,
    place_all,
    play,
    use_power,
)
from tests.noninterference import (
    Secrets,
    Tally,
    check_noninterference,
    compare_position,
    copy_of,
)

A4, A6, A10, A12, A20 = (card_of("attack", v) for v in (4, 6, 10, 12, 20))
C1, C2 = card_of("compromise"), card_of("compromise", skip=1)


def _known_cards(st: pb.State, viewer: int | None) -> set[int]:
    """Cards whose place the viewer knows: his hand, what he was shown, the face-up ones."""
    known = set(st.discard)
    if viewer is not None:
        known |= set(st.seats[viewer].hand)
        for k in st.knowledge:
            if k.viewer == viewer:
                known |= set(k.cards)
    e = st.enc
    view = GAME.view(st, viewer).enc
    for slot, shown in ((e.card_off, view.card_off), (e.card_def, view.card_def)):
        if shown.face == pb.CARD_FACE_KNOWN:
            known.add(slot)
    for offence_slot in (True, False):  # seed 000: by the rules, not by what the view shows
        if _extension_readable(st, viewer, offence_slot):
            known |= set(X.cards(X.slot(e, offence_slot)))
    if e.HasField("set_aside"):
        known.add(e.set_aside)
    # kept in place for consistency: the cards a deal names, a gift announced
    d = st.deal
    for t in (d.draft_off, d.draft_def, d.offer):
        known |= set(t.off_cards) | set(t.def_cards)
    if e.pending.use.HasField("card"):
        known.add(e.pending.use.card)
    return known


def _extension_readable(st: pb.State, viewer: int | None, offence_slot: bool) -> bool:
    """Seed 000: who may read a slot's extension play: all once revealed; its player (wherever
    a Sorcier swap put it); all, for the Oracle's opponent's turned cards."""
    e = st.enc
    if e.revealed:
        return True
    player = e.offense if offence_slot != e.swapped else e.defense
    oracle_turned = e.HasField("oracle_seat") and (e.oracle_seat == e.defense) == offence_slot
    return viewer == player or oracle_turned


def _has_flare(cards: list[int]) -> bool:
    return any(CARDS[c].kind == "flare" for c in cards)


def _perturb_cards(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Deal the unknown cards again over the same places: each other hand keeps its size and
    whether it holds an encounter card (the rules make that public when it matters); a
    face-down card stays an encounter card."""
    known = _known_cards(st, viewer)
    e = st.enc
    hands = [s for s in range(st.players) if s != viewer]
    slots = [[c for c in st.seats[s].hand if c not in known] for s in hands]
    faces = [f for f in ("card_off", "card_def")
             if e.HasField(f) and getattr(e, f) not in known]
    deck = list(st.deck)
    pool = [c for group in slots for c in group] + deck + [getattr(e, f) for f in faces]
    # a seat a moon asks to discard a flare has shown whether he holds one (moon 26)
    asked = {t.seat for t in st.tasks if t.WhichOneof("kind") == "moon_question"}
    for _ in range(30):
        rng.shuffle(pool)
        cut = 0
        new_hands = []
        for group in slots:
            new_hands.append(pool[cut:cut + len(group)])
            cut += len(group)
        new_deck = pool[cut:cut + len(deck)]
        new_faces = pool[cut + len(deck):]
        ok = all(B.is_encounter(c) for c in new_faces) and all(
            any(B.is_encounter(c) for c in [*(x for x in st.seats[s].hand if x in known), *nh])
            == B.has_encounter_card(st, s) and _attack_kept(st, s, known, nh)
            and (s not in asked or _has_flare([*st.seats[s].hand]) == _has_flare(
                [*(x for x in st.seats[s].hand if x in known), *nh]))
            for s, nh in zip(hands, new_hands, strict=True))
        if ok:
            break
    else:
        return
    for s, group, nh in zip(hands, slots, new_hands, strict=True):
        hand = [c for c in st.seats[s].hand if c not in group] + nh
        del st.seats[s].hand[:]
        st.seats[s].hand.extend(hand)
    del st.deck[:]
    st.deck.extend(new_deck)
    for f, c in zip(faces, new_faces, strict=True):
        setattr(e, f, c)


def _perturb_extension_plays(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Seed 000: each face-down card of an extension play he may not read is exchanged with
    an unknown card of the same kind (an extension, an attack card) in another's hand or the
    deck, so every hand keeps what the rules make public."""
    known = _known_cards(st, viewer)
    places = [st.seats[s].hand for s in range(st.players) if s != viewer] + [st.deck]
    for ext in (st.enc.ext_off, st.enc.ext_def):
        laid = [(ext, "card")] if ext.HasField("card") and ext.card not in known else []
        laid += [(ext.extra, i) for i, c in enumerate(ext.extra) if c not in known]
        for holder, key in laid:
            c = getattr(holder, key) if key == "card" else holder[key]
            same = [(pl, i) for pl in places for i, x in enumerate(pl)
                    if x not in known and CARDS[x].kind == CARDS[c].kind]
            if not same:
                continue
            pl, i = same[rng.randrange(len(same))]
            if key == "card":
                holder.card, pl[i] = pl[i], c
            else:
                holder[key], pl[i] = pl[i], c


def _attack_kept(st: pb.State, seat: int, known: set[int], new_hand: list[int]) -> bool:
    """Seed 000: a player who laid an extension (a card, or moon 3's standing one) and no
    attack card yet holds one (the rules offer an extension only with an attack card): a new
    hand for him keeps one. One laying three cards (moon 59) was offered them because his hand
    can complete the set: his hand is not dealt again."""
    ext = X.of(st, seat) if seat in (st.enc.offense, B.defender(st)) else None
    if ext is None or not X.laid(ext):
        return True
    hand = [*(x for x in st.seats[seat].hand if x in known), *new_hand]
    if ext.triple:
        return sorted(hand) == sorted(st.seats[seat].hand)
    first = B.played(st, "off" if seat == st.enc.offense else "def")
    return first != B.NO_CARD_YET or any(B.is_attack(c) for c in hand)


def _perturb_powers(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Undisclosed powers of others are exchanged with one another and the undealt pool,
    but those of a seat the viewer's power copies (the Insect has them: he knows them)."""
    copied = set()
    if viewer is not None:
        for piece in pieces.held(st, viewer):
            copied |= set(piece.copies(st, viewer))
    places = [(s, i) for s, se in enumerate(st.seats) if s != viewer
              and not copied & set(se.powers)
              for i in range(len(se.powers)) if not se.disclosed[i]]
    if not places:
        return
    pool = [st.seats[s].powers[i] for s, i in places] + list(st.power_pool)
    for _ in range(30):
        rng.shuffle(pool)
        chosen = pool[:len(places)]
        shown = [p for s, se in enumerate(st.seats) for i, p in enumerate(se.powers)
                 if (s, i) not in places]
        if not any(excluded(p, [q for q in [*chosen, *shown] if q != p]) for p in chosen):
            break
    else:
        return
    for (s, i), p in zip(places, chosen, strict=True):
        for z in st.enc.zapped:  # a Zap on him is public: it stops his powers, whichever
            if z.seat == s and z.power == st.seats[s].powers[i]:
                z.power = p
        st.seats[s].powers[i] = p
    del st.power_pool[:]
    st.power_pool.extend(pool[len(places):])


def _perturb_deal(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """The drafts he may not read; once the deal is over, everything it left behind."""
    e, d = st.enc, st.deal
    if st.step == pb.STEP_DEAL and e.winner == pb.OUTCOME_DEAL_DUE:
        for drafter, draft in ((e.offense, d.draft_off), (e.defense, d.draft_def)):
            if drafter != viewer:
                draft.def_random = rng.randrange(3)
        return
    for terms in (d.draft_off, d.draft_def, d.offer):
        terms.off_random, terms.def_random = rng.randrange(3), rng.randrange(3)
        for cards in (terms.off_cards, terms.def_cards):
            cards[:] = [rng.randrange(len(CARDS)) for _ in cards]


def _perturb_moons(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Moons he has not seen (seed 000) exchange numbers with one another and the moon deck:
    what is on the board, where, and every token on it stay."""
    unseen = [mo for mo in st.moons if not (mo.face_up or all(mo.known_by) or (
        viewer is not None and mo.known_by[viewer]))]
    pool = [mo.number for mo in unseen] + list(st.moon_deck)
    rng.shuffle(pool)
    for mo, number in zip(unseen, pool, strict=False):
        mo.number = number
    st.moon_deck[:] = pool[len(unseen):]


def _perturb_powers_aside(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Undisclosed powers others set aside on moon 38 are exchanged with the pool."""
    for s, se in enumerate(st.seats):
        for i, p in enumerate(se.powers_aside):
            if s != viewer and not se.disclosed_aside[i] and st.power_pool:
                j = rng.randrange(len(st.power_pool))
                se.powers_aside[i], st.power_pool[j] = st.power_pool[j], p
def _perturb_flares(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    """Seed 000: which flares are in the game is secret (R03: the extra ones are shown to no
    one): each flare he does not know of, in another's hand or the deck, is exchanged with one
    never dealt; those of the powers he knows of (his own, the disclosed ones) stay."""
    known = _known_cards(st, viewer) | set(st.enc.flares_played)
    for s, se in enumerate(st.seats):
        known |= {FLARE_OF[POWERS[p].name] for i, p in enumerate(se.powers)
                  if s == viewer or se.disclosed[i]}
    places = [st.seats[s].hand for s in range(st.players) if s != viewer] + [st.deck]
    for place in places:
        for i, c in enumerate(place):
            if CARDS[c].kind == "flare" and c not in known and st.flare_pool:
                j = rng.randrange(len(st.flare_pool))
                place[i], st.flare_pool[j] = st.flare_pool[j], c
                st.flares[list(st.flares).index(c)] = place[i]
    rng.shuffle(st.flare_pool)


def perturb(st: pb.State, viewer: int | None, rng: random.Random) -> None:
    _perturb_flares(st, viewer, rng)
    _perturb_cards(st, viewer, rng)
    _perturb_extension_plays(st, viewer, rng)
    _perturb_powers(st, viewer, rng)
    _perturb_powers_aside(st, viewer, rng)
    _perturb_deal(st, viewer, rng)
    _perturb_moons(st, viewer, rng)
    st.rng = rng.getrandbits(64)


def reveals(st: pb.State, seat: int, move: pb.Move, viewer: int | None) -> bool:
    """By rule the move shows the viewer something hidden: a public random draw (destiny, a
    reveal), cards he now sees himself, or a moment at which a mandatory power acts and so
    discloses itself (a launch: Macron; the cards due: Oracle; the reveal: Empathe; the
    resolution: Virus, Vide; a new encounter or turn: all of these may follow). A proposal
    shows the proposer's draft to the table."""
    if move.WhichOneof("kind") == "deal_propose" or (
            move.WhichOneof("kind") in ("keep_power", "new_power") and seat == viewer):
        return True  # a proposal shows a draft; a power drawn is seen by its drawer
    if st.tasks and st.tasks[0].WhichOneof("kind") == "new_hand" and seat == st.tasks[0].seat:
        return True  # a new hand is drawn: whether it holds an encounter card (else it is
        #              drawn again) is public by rule, and it comes from the hidden deck
    if move.WhichOneof("kind") == "flares_kept" and (seat != viewer or set(
            flares.in_hand(st, seat)) - set(move.flares_kept.cards)):
        return True  # flares thrown away at a new hand land face up on the discard (FL5):
        #              how many another holds (none, in this position) shows then
    after = copy_of(GAME, st)
    for ev in GAME.apply(after, seat, move):
        kind = ev.payload.WhichOneof("kind")
        if ev.visible_to(viewer) and kind in (
                "destiny", "revealed", "power_used", "cards_seen", "game_over",
                "moon_known", "moon_acted", "flare_played"):
            return True
        if kind == "note" and ev.payload.note.kind == pb.NOTE_KIND_NEW_HAND:
            return True  # a new hand: the cards he throws away are laid face up (N04)
        if kind == "tokens_moved" and ev.payload.tokens_moved.destination in (
                pb.PLACE_BLACK_HOLE, pb.PLACE_REMOVED):
            return True  # tokens lost: a power acting on losses (the Vide) discloses itself
    e, a = st.enc, after.enc
    return (st.step in (pb.STEP_AIM, pb.STEP_ALLIES) or a.winner != e.winner
            or a.revealed != e.revealed or a.number != e.number or after.turn != st.turn
            or (after.step == pb.STEP_CARDS) != (st.step == pb.STEP_CARDS)
            or any(x.disclosed != y.disclosed
                   for x, y in zip(st.seats, after.seats, strict=True)))


SECRETS = Secrets(perturb=perturb, reveals=reveals, secret_choices=frozenset())

VARIANTS = {
    "default": {},
    "two_powers": {"powers_per_player": 2},
    "two_of_three": {"two_of_three": True},
    "rotation": {"power_rotation": True},
    "star_discs": {"star_discs": True},
    "no_edicts": {"no_edicts": True},
    "moons": {"moons": pb.MOON_SET_GAME_EFFECT},
    "moons_all": {"moons": pb.MOON_SET_ALL},  # cut-text and table moons (36, 58: reduced views)
    "cosmic": {"ruleset": pb.RULESET_COSMIC},  # seed 000: extension cards, piles, lucres, flares
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_cosmic_views_decisions_and_events_do_not_depend_on_hidden_state(variant: str) -> None:
    options = pb.Options(**VARIANTS[variant])
    tally = check_noninterference(GAME, SECRETS, players=4, seeds=range(2), options=options,
                                  every=11, moves_per_position=2)
    assert tally.moves_compared


def test_every_power_is_covered_by_the_noninterference_runs() -> None:
    """Powers dealt at random: over the seeds the runs use, each power is in play somewhere."""
    seen = set()
    for variant in VARIANTS.values():
        for seed in range(2):
            st = GAME.setup(pb.Options(**variant), 4, seed)
            seen |= {p for se in st.seats for p in [*se.powers, *se.drawn_powers]}
    assert len(seen) >= len(POWERS) // 2


def test_the_moons_run_changes_unseen_moons() -> None:
    """The `moons` run perturbs something: an unseen moon's number differs after perturb."""
    st = GAME.setup(pb.Options(**VARIANTS["moons"]), 4, 0)
    before = [mo.number for mo in st.moons]
    changed = False
    for seed in range(5):
        other = GAME.State()
        other.CopyFrom(st)
        perturb(other, 0, random.Random(seed))
        after = [mo.number for mo in other.moons]
        assert after[:2] == before[:2]  # seat 0's own moons: he has seen them
        changed |= after != before
    assert changed


def _after_a_deal() -> pb.State:
    st = duel(["none"] * 3, [C1, A10, A4], [C2, A12, A6])
    cards_down(st, C1, C2)
    pass_windows(st)
    place_all(st)
    play(st, 0, pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=A10)))
    play(st, 0, pb.Move(deal_propose=pb.Done()))
    play(st, 1, pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)))
    play(st, 1, pb.Move(deal_abandon=pb.Done()))
    return st


def _after_a_gift() -> pb.State:
    st = duel(["philanthrope", "none", "none"], [A10, A4], [A12, A6])
    use_power(st, 0, "philanthrope", 1, card=A10)
    return st


def _at_the_laser_pick() -> pb.State:
    zap = card_of("edict", edict="zap")
    st = duel(["laser", "none", "none"], [A10, A4], [A12, zap, C2, A20], edicts=True)
    use_power(st, 0, "laser", 1)
    pass_windows(st)
    play(st, 0, pb.Move(card=pb.CardChoice(card=A10)))
    return st


def _extensions_face_down() -> pb.State:
    """Seed 000: the offence has laid an extension and two attack cards, the defence one."""
    ext, a6, a8, a10 = (card_of(k, v, cosmic=True) for k, v in
                        (("extension", 2), ("attack", 6), ("attack", 8), ("attack", 10)))
    st = duel(["none"] * 3, [ext, a6, a8, a10], [card_of("attack", 12, cosmic=True),
                                                  card_of("extension", 3, cosmic=True)],
              ruleset=pb.RULESET_COSMIC)
    pass_windows(st)
    for c in (ext, a6, a8):
        play(st, 0, pb.Move(card=pb.CardChoice(card=c)))
    return st


def _flares_in_hands() -> pb.State:
    """Seed 000: flares in hands (one played face up), unseen ones in the deck."""
    from tests.games.cosmic.test_cosmic_flares import flare_move, hold_flare
    st = duel(["none", "esprit", "none"], [A10, A4], [A12, A6], flares=True)
    hold_flare(st, 0, "clone")
    hold_flare(st, 2, "esprit")
    play(st, 2, flare_move("esprit", 0))
    return st


@pytest.mark.parametrize("position", [_after_a_deal, _after_a_gift, _at_the_laser_pick,
                                      _extensions_face_down, _flares_in_hands])
def test_cosmic_noninterference_where_secrets_leaked_before(position) -> None:
    """The positions of the three leaks issue 9 found (a finished deal's drafts, the
    Philanthrope's gift, the Laser's count of the defender's encounter cards), checked for
    every seat and a spectator with the same harness."""
    tally = Tally()
    for seed in range(6):
        st = position()
        rng = random.Random(seed)
        for viewer in [*range(st.players), None]:
            compare_position(GAME, SECRETS, st, viewer, rng, tally, moves_per_position=3)
    assert tally.changed == tally.positions  # the secrets there were really changed


def test_the_flares_perturbation_changes_unseen_flares_only() -> None:
    """Seed 000: the flares in the game that a viewer does not know of change; his own
    power's flare and those in his hand stay."""
    st = GAME.setup(pb.Options(ruleset=pb.RULESET_COSMIC), 4, 0)
    own = FLARE_OF[POWERS[st.seats[0].powers[0]].name]
    changed = False
    for seed in range(5):
        other = GAME.State()
        other.CopyFrom(st)
        _perturb_flares(other, 0, random.Random(seed))
        assert own in other.flares and list(other.seats[0].hand) == list(st.seats[0].hand)
        assert sorted([*other.flares, *other.flare_pool]) == sorted([*st.flares, *st.flare_pool])
        changed |= sorted(other.flares) != sorted(st.flares)
    assert changed
