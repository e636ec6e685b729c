"""The `cosmic` ruleset (seed 000): its options, deck, extension cards, lucres, four piles,
consolation from the deck, and the two rules where 000 differs from 001.

Each test is named after the sentence of seed 000 it guards (docs/rules/cosmic-000.md lists
them); the provisional readings (X1-X3, L1-L5, C1, N1, §4) are in its provisional table.
"""

from __future__ import annotations

import pytest

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.cosmic import actions, flow
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.content import CARDS, deck_of
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.rules import dealt_cards
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    FACE_DOWN,
    GAME,
    PASSIVE,
    B,
    able,
    at_aim,
    card_of,
    check_invariants,
    duel,
    give,
    kinds,
    known,
    mv,
    new_game,
    notes,
    options,
    pass_windows,
    pass_windows_events,
    pb,
    play,
    random_game,
    set_tokens,
    take,
    use_power,
)

COSMIC = {"ruleset": pb.RULESET_COSMIC}


def attack(value: int, skip: int = 0) -> int:
    return card_of("attack", value, skip=skip, cosmic=True)


def extension(value: int, skip: int = 0) -> int:
    return card_of("extension", value, skip=skip, cosmic=True)


COMPROMISE = card_of("compromise", cosmic=True)


def card(c: int) -> pb.Move:
    return pb.Move(card=pb.CardChoice(card=c))


def cosmic_duel(off_cards: list[int], def_cards: list[int], powers: list[str] | None = None,
                **opts) -> pb.State:
    """Seat 0 attacks planet 5 of seat 1 (two tokens each side) in the `cosmic` ruleset; at
    the pre-cards window."""
    return duel(powers or ["none"] * 3, off_cards, def_cards, **{**COSMIC, **opts})


def lay(st: pb.State, seat: int, *cards: int, done: bool = True) -> list:
    """`seat` lays `cards` (an extension first, then attack cards), then stops if still
    asked; the events."""
    events = []
    for c in cards:
        events += play(st, seat, card(c))
    if done and X.of(st, seat).choosing:
        events += play(st, seat, DONE)
    return events


def totals(events) -> tuple[int, int]:
    r = [e.payload.revealed for e in events if e.payload.WhichOneof("kind") == "revealed"
         and (e.payload.revealed.total_off or e.payload.revealed.total_def)]
    return r[-1].total_off, r[-1].total_def


def resolve_events(st: pb.State) -> list:
    return pass_windows_events(st)


def winner(events) -> int:
    return [e.payload.encounter_over.winner for e in events
            if e.payload.WhichOneof("kind") == "encounter_over"][0]


# ====================================================================== the ruleset

def test_the_ruleset_sets_each_extension_s_default_and_an_option_set_wins() -> None:
    classic = GAME.setup(pb.Options(), 3, 1).options
    cosmic = GAME.setup(pb.Options(**COSMIC), 3, 1).options
    for name in ("star_discs", "cosmic_deck", "extension_cards", "four_piles",
                 "consolation_from_deck", "challenge_any_occupant", "out_of_cards_ends_turn"):
        assert getattr(classic, name) is False and getattr(cosmic, name) is True, name
    assert (classic.lucres, cosmic.lucres) == (0, 5)
    mixed = GAME.setup(pb.Options(lucres=7, extension_cards=False, **COSMIC), 3, 1)
    assert mixed.options.lucres == 7 and not mixed.options.extension_cards
    assert mixed.options.cosmic_deck
    classic_with_lucres = GAME.setup(pb.Options(lucres=5), 3, 1)
    assert [s.lucres for s in classic_with_lucres.seats] == [5, 5, 5]


@pytest.mark.parametrize("opts, words", [
    ({"extension_cards": True}, "extension_cards needs cosmic_deck"),
    ({"lucres": -1}, "lucres must be between"),
    ({"ruleset": 9}, "ruleset"),
])
def test_options_that_cannot_be_played_are_refused_naming_the_option(opts, words) -> None:
    with pytest.raises(BadOptions, match=words):
        GAME.setup(pb.Options(**opts), 3, 1)


def test_the_cosmic_ruleset_deals_the_0_to_50_deck_and_classic_the_4_to_30_one() -> None:
    for ruleset, low, high in ((pb.RULESET_CLASSIC, 4, 30), (pb.RULESET_COSMIC, 0, 50)):
        st = GAME.setup(pb.Options(ruleset=ruleset), 4, 3)
        cards = list(st.deck) + [c for se in st.seats for c in se.hand]
        values = {CARDS[c].value for c in cards if CARDS[c].kind == "attack"}
        assert (min(values), max(values)) == (low, high)
        assert sorted(cards) == sorted(dealt_cards(st.options) + list(st.flares))  # R04 (S1)
        assert any(CARDS[c].kind == "extension" for c in cards) == (ruleset == pb.RULESET_COSMIC)


def test_moon_zap_is_dealt_in_the_cosmic_deck_now_its_module_has_come() -> None:
    st = GAME.setup(pb.Options(**COSMIC), 4, 3)
    assert [CARDS[c].edict for c in dealt_cards(st.options)].count("moon_zap") == 1


def test_cosmic_ruleset_draws_star_discs() -> None:
    """D01 "Le tirage du disque stellaire détermine l'endroit où vous pouvez engager un duel"."""
    st = GAME.setup(pb.Options(**COSMIC), 4, 3)
    assert st.options.star_discs and len(st.cup) + len(st.discs_out) == 3 * 4
    assert not GAME.setup(pb.Options(), 4, 3).options.star_discs


# ====================================================================== lucres

def test_chaque_joueur_prend_la_somme_de_5_lucres() -> None:
    """R01 "Chaque joueur prend la somme de 5 lucres dans la Banque" (public: L1)."""
    st = new_game(4, **COSMIC)
    assert [se.lucres for se in st.seats] == [5] * 4
    assert [sv.lucres for sv in GAME.view(st, None).seats] == [5] * 4


def test_on_ajoute_aussi_la_somme_des_lucres_que_possede_le_joueur_qui_defend() -> None:
    """LU1: the defence's 10 + 2 tokens + 5 lucres beats the offence's 13 + 2 tokens."""
    st = cosmic_duel([attack(13)], [attack(10)])
    lay(st, 0, attack(13))
    lay(st, 1, attack(10))
    events = resolve_events(st)
    assert totals(events) == (15, 17)
    assert winner(events) == pb.OUTCOME_DEFENCE_WINS


def test_plus_les_lucres_pour_le_camp_defensif_not_the_allies() -> None:
    """LU2 / L2: only the main defender's lucres; not his ally's, not the offence's."""
    st = new_game(3, **COSMIC)
    st.seats[0].lucres, st.seats[2].lucres = 100, 1000
    set_tokens(st, 5, 1, 2)
    give(st, 0, [attack(13)])
    give(st, 1, [attack(10)])
    at_aim(st, 1)
    play(st, 0, pb.Move(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0, 1)
    play(st, 0, DONE)                                        # the offence invites nobody
    play(st, 1, pb.Move(invite=pb.SeatChoice(seat=2)))
    play(st, 1, DONE)
    play(st, 2, pb.Move(join=pb.Join(side=pb.SIDE_DEFENCE)))
    take(st, 2, 10)
    pass_windows(st)
    lay(st, 0, attack(13))
    lay(st, 1, attack(10))
    assert totals(resolve_events(st)) == (13 + 2, 10 + 2 + 1 + 5)


def test_the_lucres_of_an_eliminated_player_go_to_the_bank() -> None:
    """L5: nobody inherits them."""
    st = new_game(3, **COSMIC)
    flow.eliminate(st, Ctx(st, [], 0), 2)
    assert [se.lucres for se in st.seats] == [5, 5, 0]


# ====================================================================== extension cards

def test_les_cartes_d_extension_0_a_5_are_in_the_cosmic_deck_two_of_each() -> None:
    values = sorted(c.value for c in deck_of(True) if c.kind == "extension")
    assert values == [v for v in range(6) for _ in range(2)]


def test_une_carte_d_extension_ne_peut_accompagner_qu_une_carte_d_attaque() -> None:
    """X01: no extension with compromises only; under an extension, no compromise."""
    st = cosmic_duel([extension(2), COMPROMISE], [attack(10)])
    pass_windows(st)
    assert card(extension(2)) not in options(st, 0)
    st = cosmic_duel([extension(2), COMPROMISE, attack(8)], [attack(10)])
    pass_windows(st)
    assert card(extension(2)) in options(st, 0)
    play(st, 0, card(extension(2)))
    assert options(st, 0) == [card(attack(8))]


def test_une_carte_d_extension_est_jouee_avec_au_moins_une_carte_d_attaque() -> None:
    """X02 / X1: no stopping before an attack card is down."""
    st = cosmic_duel([extension(3), attack(8)], [attack(10)])
    pass_windows(st)
    play(st, 0, card(extension(3)))
    assert DONE not in options(st, 0)
    play(st, 0, card(attack(8)))
    assert DONE in options(st, 0)


def _extension_total(k: int, values: list[int]) -> tuple[int, int]:
    cards = [attack(v, skip=i) for i, v in enumerate(values)]
    spare = attack(5)  # one more attack card in hand: the limit, not the hand, stops him
    st = cosmic_duel([extension(k), *cards, spare], [attack(1)], lucres=0)
    lay(st, 0, extension(k), *cards, done=False)
    assert options(st, 0) == [DONE], "at the extension's limit, only Done"
    play(st, 0, DONE)
    lay(st, 1, attack(1))
    return totals(resolve_events(st))


def test_la_carte_d_extension_0_multiplie_la_carte_d_attaque_par_0() -> None:
    """X03: one attack card, worth 0: 40 under extension 0 loses to 1."""
    assert _extension_total(0, [40]) == (0 + 2, 1 + 2)


def test_la_carte_d_extension_1_n_apporte_rien_d_autre() -> None:
    """X04: one attack card, as without the extension."""
    assert _extension_total(1, [12]) == (12 + 2, 1 + 2)


def test_la_carte_d_extension_2_permet_de_jouer_2_cartes_additionnees() -> None:
    assert _extension_total(2, [6, 6]) == (6 + 6 + 2, 1 + 2)


def test_la_carte_d_extension_3_permet_de_jouer_3_cartes_additionnees() -> None:
    assert _extension_total(3, [6, 6, 6]) == (18 + 2, 1 + 2)


def test_la_carte_d_extension_4_permet_de_jouer_4_cartes_additionnees() -> None:
    assert _extension_total(4, [8, 8, 8, 8]) == (32 + 2, 1 + 2)


def test_la_carte_d_extension_5_permet_de_jouer_5_cartes_additionnees() -> None:
    assert _extension_total(5, [6, 6, 6, 6, 6]) == (30 + 2, 1 + 2)


def test_une_extension_4_permet_aussi_3_ou_2_ou_1_cartes() -> None:
    """X09: fewer than the limit (but one at least, X1)."""
    st = cosmic_duel([extension(4), attack(6), attack(6, 1), attack(8)], [attack(1)], lucres=0)
    lay(st, 0, extension(4), attack(6), attack(8))       # two of four, then Done
    assert CARDS[st.enc.card_off].value + sum(CARDS[c].value for c in st.enc.ext_off.extra) == 14
    lay(st, 1, attack(1))
    assert totals(resolve_events(st)) == (14 + 2, 1 + 2)


def test_les_cartes_d_extension_sont_toujours_jouees_face_cachee() -> None:
    """X10: the extension and its cards are face down to all but their player until the reveal."""
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)])
    lay(st, 0, extension(2), attack(6), attack(8))
    for viewer in (1, 2, None):
        ext = GAME.view(st, viewer).enc.ext_off
        assert ext.extension == FACE_DOWN and list(ext.extra) == [FACE_DOWN]
    mine = GAME.view(st, 0).enc.ext_off
    assert mine.extension == known(extension(2)) and list(mine.extra) == [known(attack(8))]
    lay(st, 1, attack(10))
    while not st.enc.revealed:
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, PASSIVE[d.kind])
    for viewer in (1, 2, None):
        assert GAME.view(st, viewer).enc.ext_off.extension == known(extension(2))


def test_les_cartes_d_extension_ne_sont_pas_defaussees_avant_la_revelation() -> None:
    """X11 read with X12 (X2): not discarded "immédiatement", the reveal needs them."""
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)])
    lay(st, 0, extension(2), attack(6), attack(8))
    lay(st, 1, attack(10))
    assert st.step == pb.STEP_PRE_REVEAL
    assert extension(2) not in st.discard and st.enc.ext_off.card == extension(2)


def test_les_cartes_d_extension_sont_defaussees_lorsque_le_duel_est_resolu() -> None:
    """X12: with the encounter cards, at resolution."""
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)])
    lay(st, 0, extension(2), attack(6), attack(8))
    lay(st, 1, attack(10))
    resolve_events(st)
    assert {extension(2), attack(6), attack(8), attack(10)} <= set(st.discard)
    assert GAME.audit(st) == []


def test_the_sorcier_swaps_whole_sets_extension_and_all() -> None:
    """X3: the Sorcier swaps the face-down sets."""
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)],
                     powers=["sorcier", "none", "none"], lucres=0)
    lay(st, 0, extension(2), attack(6), attack(8))
    lay(st, 1, attack(10))
    use_power(st, 0, "sorcier")
    assert st.enc.ext_def.card == extension(2) and not st.enc.ext_off.HasField("card")
    assert totals(resolve_events(st)) == (10 + 2, 14 + 2)


def test_the_virus_multiplies_the_sum_of_the_cards() -> None:
    """X3 / L3: the Virus multiplies the extension's sum by its tokens."""
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(1)],
                     powers=["virus", "none", "none"], lucres=0)
    lay(st, 0, extension(2), attack(6), attack(8))
    lay(st, 1, attack(1))
    events = resolve_events(st)
    if any(d.kind == "window" for d in GAME.decisions(st)):
        events += resolve_events(st)
    assert totals(events)[0] == (6 + 8) * 2


def test_nouvelle_main_vous_devez_jeter_toutes_vos_extensions() -> None:
    """N01 (the extension part; flares come with the flares): a new hand discards them."""
    st = new_game(3, **COSMIC)
    give(st, 0, [extension(3), extension(5)])
    ctx = Ctx(st, [], 0)
    actions.renew_hand(st, ctx, pb.Task(seat=0, new_hand=pb.NewHandTask()), kept=[])
    assert {extension(3), extension(5)} <= set(st.discard)
    assert len(st.seats[0].hand) >= 7 and extension(3) not in st.seats[0].hand


def test_si_vous_ne_tirez_que_des_edits_et_des_extensions_retirez_sept_cartes() -> None:
    """N02: a new hand of edicts and extensions only is drawn again."""
    st = new_game(3, edicts=True, **COSMIC)
    give(st, 0, [])
    junk = [c.id for c in deck_of(True) if c.kind == "extension"][:5] + \
        [card_of("edict", edict="zap", cosmic=True), card_of("edict", edict="champ", cosmic=True)]
    deck = [c for c in st.deck if c not in junk] + junk[::-1]   # the top seven: junk
    del st.deck[:]
    st.deck.extend(deck)
    del st.piles[:]
    actions.draw_new_hand(st, Ctx(st, [], 0), 0, 0)
    while st.tasks:
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, PASSIVE.get(d.kind, DONE))
    assert B.has_encounter_card(st, 0)
    assert not set(junk) & set(st.seats[0].hand)


def test_le_joueur_defensif_sans_carte_de_duel_jette_ses_extensions() -> None:
    """N04 (extension part): a defender with only an extension draws a new hand, at once."""
    st = cosmic_duel([attack(8)], [extension(4)])
    pass_windows(st)
    assert extension(4) in st.discard
    assert B.has_encounter_card(st, 1) and len(st.seats[1].hand) >= 7


def test_la_peste_defausse_aussi_une_carte_extension() -> None:
    """E01 (extension part; the flare comes with the flares)."""
    peste = card_of("edict", edict="peste", cosmic=True)
    st = cosmic_duel([peste, attack(6)], [attack(8), COMPROMISE, extension(2), attack(10)],
                     edicts=True)
    play(st, 0, pb.Move(edict=pb.PlayEdict(card=peste, target=1)))
    asked = []
    for _ in range(100):
        ds = [d for d in GAME.decisions(st) if d.kind == "plague_discard"]
        if not ds:
            ds = [d for d in GAME.decisions(st) if d.kind in PASSIVE or d.kind == "take_token"]
            if not ds:
                break
            GAME.apply(st, ds[0].seat, ds[0].options[0] if ds[0].kind == "take_token"
                       else PASSIVE[ds[0].kind])
            continue
        asked.append(st.tasks[0].plague.card_kind)
        GAME.apply(st, 1, ds[0].options[0])
    assert extension(2) in st.discard and pb.CardInfo.KIND_EXTENSION in asked


# ====================================================================== four piles

def test_constituez_quatre_paquets_egaux_et_distribuez_sept_cartes() -> None:
    """R05: four equal piles, then seven cards each, drawn from the first pile."""
    st = GAME.setup(pb.Options(**COSMIC), 4, 5)
    total = len(dealt_cards(st.options)) + len(st.flares)
    piles = [total // 4 + (1 if i < total % 4 else 0) for i in range(4)]
    assert max(piles) - min(piles) <= 1
    for _ in range(4 * 7):  # each card from the first pile that has one
        piles[next(i for i, n in enumerate(piles) if n)] -= 1
    assert len(st.piles) == 4 and sum(st.piles) == len(st.deck)
    assert piles == list(st.piles)
    assert all(len(se.hand) == 7 for se in st.seats)
    assert list(GAME.view(st, None).piles) == list(st.piles)


def test_la_defausse_est_battue_scindee_equitablement_en_quatre_paquets() -> None:
    """R12: when every pile is empty the discard is shuffled and split in four."""
    st = new_game(3, **COSMIC)
    st.discard.extend(st.deck)
    del st.deck[:]
    st.piles[:] = [0, 0, 0, 0]
    n = len(st.discard)
    actions.draw_card(st, Ctx(st, [], 0))
    assert sorted(st.piles, reverse=True)[0] - min(st.piles) <= 1 or st.piles[0] == n // 4 - 1
    assert sum(st.piles) == len(st.deck) == n - 1
    assert max(st.piles[1:]) - min(st.piles[1:]) <= 1


# ====================================================================== consolation

def test_consolation_de_la_main_de_votre_adversaire_ou_de_la_pile() -> None:
    """CO1 / C1: each card from the opponent's hand or the deck, chosen card by card."""
    st = cosmic_duel([COMPROMISE, attack(6)], [attack(10), attack(4), attack(5)], edicts=False)
    lay(st, 0, COMPROMISE)
    lay(st, 1, attack(10))
    pass_windows(st)
    assert ("consolation_source" in {k for _, k in kinds(st)})
    from_hand = pb.Move(consolation=pb.ConsolationFrom(source=pb.CARD_SOURCE_HAND))
    from_deck = pb.Move(consolation=pb.ConsolationFrom(source=pb.CARD_SOURCE_DECK))
    assert options(st, 0) == [from_hand, from_deck]
    hand_before, deck_before = len(st.seats[1].hand), len(st.deck)
    events = play(st, 0, from_deck)
    assert len(st.deck) == deck_before - 1
    assert notes(events, pb.NOTE_KIND_CONSOLATION_FROM_DECK)
    play(st, 0, from_hand)
    assert len(st.seats[1].hand) == hand_before - 1
    assert "consolation_source" not in {k for _, k in kinds(st)}
    assert len(st.seats[0].hand) == 1 + 2  # the attack 6 kept, two cards for two tokens


def test_classic_consolation_comes_from_the_hand_only() -> None:
    st = duel(["none"] * 3, [card_of("compromise"), card_of("attack", 6)],
              [card_of("attack", 10), card_of("attack", 4), card_of("attack", 5)])
    pass_windows(st)
    play(st, 0, card(card_of("compromise")))
    play(st, 1, card(card_of("attack", 10)))
    pass_windows(st)
    assert "consolation_source" not in {k for _, k in kinds(st)}
    assert len(st.seats[0].hand) == 3


# ====================================================================== 000 against 001

def test_a_court_de_cartes_de_duel_votre_tour_est_termine_sans_retirer() -> None:
    """N03 / N1: the offence out of encounter cards when they are due draws nothing, loses
    the encounter as with a compromise, takes no consolation; his turn ends."""
    st = cosmic_duel([extension(2)], [attack(10)])
    events = pass_windows_events(st)
    assert extension(2) in st.seats[0].hand and len(st.seats[0].hand) == 1  # no new hand
    events += lay(st, 1, attack(10))
    events += pass_windows_events(st)
    assert notes(events, pb.NOTE_KIND_OUT_OF_CARDS_LOSES)
    assert winner(events) == pb.OUTCOME_DEFENCE_WINS
    assert len(st.seats[0].hand) == 1               # no consolation either
    for _ in range(50):
        if st.enc.offense != 0:
            break
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, PASSIVE.get(d.kind, d.options[0]))
    assert st.enc.offense == 1 and len(st.seats[0].hand) == 1


def test_a_court_de_cartes_with_the_laser_the_laser_still_picks_the_opponents_card() -> None:
    """N1 with the Laser: the offence used the Laser, then is out of encounter cards when
    they are due. His nothing is down, so the Laser's pick follows and the encounter ends
    (it stalled: the pick waited for a card that never came)."""
    st = cosmic_duel([extension(2)], [attack(10), attack(4)], powers=["laser", "none", "none"])
    use_power(st, 0, "laser", 1)
    events = pass_windows_events(st)
    assert able(st) == [(0, "laser_pick")]
    events += play(st, 0, mv(pick=pb.Pick(index=0))) + pass_windows_events(st)
    assert notes(events, pb.NOTE_KIND_OUT_OF_CARDS_LOSES)
    assert winner(events) == pb.OUTCOME_DEFENCE_WINS


def test_classic_an_offence_out_of_cards_draws_a_new_hand_when_they_are_due() -> None:
    st = duel(["none"] * 3, [card_of("edict", edict="zap")], [card_of("attack", 10)],
              edicts=True)
    pass_windows(st)
    assert B.has_encounter_card(st, 0)


def test_vous_devez_provoquer_n_importe_quel_joueur_qui_se_trouve_dans_le_systeme() -> None:
    """D02 / §4: in `cosmic`, a third player's base in the drawn system may be challenged;
    `classic` keeps 001's owner-only reading."""
    for ruleset, allowed in ((pb.RULESET_COSMIC, True), (pb.RULESET_CLASSIC, False)):
        st = new_game(3, ruleset=ruleset)
        set_tokens(st, 6, 2, 2)
        at_aim(st, 1)
        aims = [o.aim for o in options(st, 0)]
        assert (pb.Aim(planet=6, defense=2) in aims) is allowed
        assert pb.Aim(planet=6, defense=1) in aims
        assert not any(a.defense == 2 and a.planet != 6 for a in aims)
    st = new_game(3, **COSMIC)
    set_tokens(st, 6, 2, 2)
    at_aim(st, 1)
    play(st, 0, pb.Move(aim=pb.Aim(planet=6, defense=2)))
    assert (st.enc.defense, st.enc.planet, st.enc.auto_win) == (2, 6, False)


# ====================================================================== whole games

@pytest.mark.parametrize("players", range(2, 9))
def test_random_cosmic_ruleset_games_keep_every_card_and_token(players: int) -> None:
    st, _ = random_game(players, seed=40 + players, deal_timeout_ms=0, **COSMIC)
    check_invariants(st, len(dealt_cards(st.options)) + len(st.flares))


def test_audit_counts_extension_cards_lucres_and_piles() -> None:
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)])
    lay(st, 0, extension(2), attack(6), attack(8))
    assert GAME.audit(st) == []
    st.enc.ext_off.extra.append(attack(8))           # one card in two places
    assert any("2 places" in p for p in GAME.audit(st))
    del st.enc.ext_off.extra[-1]
    st.piles[0] += 1
    assert any("piles" in p for p in GAME.audit(st))
    st.piles[0] -= 1
    st.seats[2].lucres = -1
    assert any("lucres" in p for p in GAME.audit(st))


def test_the_position_builder_accepts_lucres() -> None:
    from cosmodrome.games.cosmic.position import BadPosition, Position, build
    st = build(Position(players=3, lucres={1: 12}), pb.Options(**COSMIC))
    assert [se.lucres for se in st.seats] == [5, 12, 5] and GAME.audit(st) == []
    with pytest.raises(BadPosition, match="lucres"):
        build(Position(players=3, lucres={4: 1}), pb.Options(**COSMIC))


def test_flow_card_options_list_every_step_of_an_extension_play() -> None:
    """The decision is split: extension, attack cards one at a time, Done (listable)."""
    st = cosmic_duel([extension(2), attack(6), attack(8), COMPROMISE], [attack(10)])
    pass_windows(st)
    first = flow.card_options(st, 0)
    assert card(extension(2)) in first and card(COMPROMISE) in first
    play(st, 0, card(extension(2)))
    play(st, 0, card(attack(6)))
    assert flow.card_options(st, 0) == [card(attack(8)), DONE]
    play(st, 0, card(attack(8)))
    assert flow.card_options(st, 0) == [DONE]   # at the limit: Done, as below it
    play(st, 0, DONE)
    assert not X.of(st, 0).choosing and 0 not in flow.card_deciders(st)


def test_the_terminal_renderer_shows_lucres_piles_and_extension_plays() -> None:
    from cosmodrome.games.cosmic.published import cosmic_content
    from cosmodrome_client.renderers import Context
    from cosmodrome_client.renderers import cosmic as text
    st = cosmic_duel([extension(2), attack(6), attack(8)], [attack(10)])
    lay(st, 0, extension(2), attack(6), attack(8))
    content = cosmic_content(GAME)
    names = ("ada", "bob", "cy")
    mine = "\n".join(text.board(GAME.view(st, 0), Context(names, 0, content=content)))
    theirs = "\n".join(text.board(GAME.view(st, 1), Context(names, 1, content=content)))
    assert "5 lucres" in mine and "in four piles" in mine
    assert "attack 6 (yours) + attack 8 + extension 2, defence" in mine
    assert "face down + face down + extension face down, defence" in theirs
    assert "extension 2" not in theirs.split("Your hand")[1].split("Encounter")[1]
