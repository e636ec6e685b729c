"""Seed 000's flares: the mechanics (R02-R04, F02-F07, FL1-FL5), the option, La Peste's flare
(E01) and moons 25 and 26. The 20 effects, one test each: test_cosmic_flares_effects.py."""

from __future__ import annotations

from cosmodrome.games.cosmic import flares
from cosmodrome.games.cosmic.content import CARDS, FLARE_CARDS, FLARE_OF
from cosmodrome.games.cosmic.powers import POWER_ID
from cosmodrome.games.cosmic.rules import dealt_cards
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    able,
    card_of,
    cards_down,
    duel,
    mv,
    new_game,
    pass_until,
    pb,
    play,
)
from tests.games.cosmic.moon_helpers import drive, land, moon_events, moon_game

A4, A5, A6 = card_of("attack", 4), card_of("attack", 5), card_of("attack", 6)
A10, A20 = card_of("attack", 10), card_of("attack", 20)
OFF, DEF, THIRD = 0, 1, 2
COSMIC = pb.Options(ruleset=pb.RULESET_COSMIC)


def hold_flare(st: pb.State, seat: int, power: str) -> int:
    """Put `power`'s flare in `seat`'s hand (from wherever it is; into the game if undealt)."""
    card = FLARE_OF[power]
    if card in st.flare_pool:
        st.flare_pool.remove(card)
        st.flares.append(card)
    for place in [st.deck, st.discard, *(se.hand for se in st.seats)]:
        if card in place:
            place.remove(card)
    st.seats[seat].hand.append(card)
    return card


def flare_move(power: str, target: int = -1, **detail) -> pb.Move:
    use = pb.UsePower(power=POWER_ID[power], **detail)
    if target >= 0:
        use.target = target
    return pb.Move(flare=pb.PlayFlare(card=FLARE_OF[power], use=use))


def flare_moves(st: pb.State, seat: int) -> list[pb.Move]:
    """The flare plays offered to `seat` once the window reaches him (others pass first)."""
    for _ in range(20):
        ds = GAME.decisions(st)
        if any(d.seat == seat for d in ds) or not ds or ds[0].kind != "window":
            break
        GAME.apply(st, ds[0].seat, DONE)
    return [o for d in GAME.decisions(st) if d.seat == seat for o in d.options
            if o.WhichOneof("kind") == "flare"]


def flare_events(events: list) -> list[pb.FlarePlayed]:
    return [e.payload.flare_played for e in events
            if e.payload.WhichOneof("kind") == "flare_played"]


# ====================================================================== setup (R02-R04, S1)

def test_chaque_joueur_tire_un_flaire_et_s_approprie_le_pouvoir_rattache() -> None:
    """R02: the power each player holds is the one of a flare drawn: its flare is in play."""
    for seed in range(4):
        st = GAME.setup(COSMIC, 4, seed)
        for se in st.seats:
            (pid,) = se.powers
            assert FLARE_OF[GAME_POWER_NAMES[pid]] in st.flares


def test_tirez_1_autre_flaire_par_joueur_montre_a_aucun_joueur() -> None:
    """R03: one more flare per player, drawn at random, in the game; nobody is shown which."""
    players = 5
    extras = set()
    for seed in range(6):
        st = GAME.setup(COSMIC, players, seed)
        powers = {FLARE_OF[GAME_POWER_NAMES[p]] for se in st.seats for p in se.powers}
        extra = set(st.flares) - powers
        assert len(extra) == players and len(st.flares) == 2 * players
        extras |= extra
        assert sorted([*st.flares, *st.flare_pool]) == [c.id for c in FLARE_CARDS]
        for viewer in [*range(players), None]:
            v = GAME.view(st, viewer)
            mine = set(v.my_hand)
            shown = {c for k in v.knowledge for c in k.cards}
            assert not (extra - mine) & shown  # the unseen flares are shown to no one
    assert len(extras) > players  # drawn at random


def test_le_paquet_melange_duel_extension_edit_et_tous_les_flaires_tires() -> None:
    """R04 (S1): the deck holds the cosmic deck's cards and every flare drawn, both kinds:
    the powers' flares and the unseen ones; the audit finds each in one place."""
    st = GAME.setup(COSMIC, 4, 3)
    cards = [*st.deck, *(c for se in st.seats for c in se.hand)]
    assert sorted(cards) == sorted(dealt_cards(st.options) + list(st.flares))
    kinds = {CARDS[c].kind for c in cards}
    assert {"attack", "compromise", "extension", "edict", "flare"} <= kinds
    assert GAME.audit(st) == []


def test_a_host_can_turn_flares_off_and_classic_has_none() -> None:
    for options in (pb.Options(ruleset=pb.RULESET_COSMIC, flares=False), pb.Options()):
        st = GAME.setup(options, 4, 1)
        assert not st.flares and not st.options.flares
        assert not any(flares.is_flare(c) for c in [*st.deck, *st.seats[0].hand])
    st = GAME.setup(pb.Options(flares=True), 4, 1)  # classic with flares
    assert len(st.flares) == 8 and st.options.flares


# ====================================================================== play (F02-F06, FL1)

def test_une_carte_de_flaire_ne_peut_pas_etre_jouee_pour_resoudre_un_duel() -> None:
    """F02: a flare in hand is never offered as an encounter card."""
    st = duel(["none"] * 3, [A10, A4], [A20], flares=True)
    card = hold_flare(st, OFF, "clone")
    pass_until(st, pb.STEP_CARDS)
    cards = [o.card.card for d in GAME.decisions(st) if d.seat == OFF for o in d.options
             if o.WhichOneof("kind") == "card"]
    assert cards and card not in cards


def test_la_carte_de_flaire_n_est_pas_defaussee_le_joueur_la_remet_dans_sa_main() -> None:
    """F04: played face up (a public event), it stays in the hand, playable again at the next
    encounter; once per encounter (FL4)."""
    st = duel(["none"] * 3, [A10, A4], [A20, A5], flares=True)
    card = hold_flare(st, THIRD, "esprit")
    events = play(st, THIRD, flare_move("esprit", DEF))
    (fp,) = flare_events(events)
    assert (fp.seat, fp.card, fp.sauvage) == (THIRD, card, False)
    assert all(e.audience is None for e in events if e.payload.WhichOneof("kind") == "flare_played")
    assert card in st.seats[THIRD].hand and card not in st.discard
    assert flare_moves(st, THIRD) == []  # once per encounter
    st.enc.ClearField("flares_played")  # a new encounter: playable again
    assert flare_moves(st, THIRD)


def test_un_flaire_d_un_pouvoir_etranger_agit_en_parasite() -> None:
    """F05: the Mind's flare in a non-Mind's hand: only a main player's hand (parasite)."""
    st = duel(["none"] * 4, [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "esprit")
    targets = {m.flare.use.target for m in flare_moves(st, THIRD)}
    assert targets == {OFF, DEF}


def test_un_flaire_de_son_propre_pouvoir_agit_en_sauvage() -> None:
    """F06: the Mind's own flare: any player's hand (sauvage), and the play says so."""
    st = duel(["none", "none", "esprit", "none"], [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "esprit")
    targets = {m.flare.use.target for m in flare_moves(st, THIRD)}
    assert targets == {OFF, DEF, 3}
    (fp,) = flare_events(play(st, THIRD, flare_move("esprit", 3)))
    assert fp.sauvage
    assert GAME.view(st, OFF).seats[THIRD].powers == [POWER_ID["esprit"]]  # disclosed


def test_fl1_a_sauvage_flare_needs_its_power_usable() -> None:
    """FL1: the power zapped (or lost), its own flare cannot act en sauvage."""
    st = duel(["none", "none", "esprit"], [A10, A4], [A20, A5], flares=True)
    hold_flare(st, THIRD, "esprit")
    assert flare_moves(st, THIRD)
    st.enc.zapped.add(seat=THIRD, power=POWER_ID["esprit"])
    assert flare_moves(st, THIRD) == []


def test_fl2_sauvage_or_parasite_is_relative_to_the_holder_now() -> None:
    """FL2: the Mind's flare acts en sauvage in the Mind's hand, en parasite once passed on."""
    st = duel(["none", "none", "esprit", "none"], [A10, A4], [A20, A5], flares=True)
    card = hold_flare(st, THIRD, "esprit")
    assert 3 in {m.flare.use.target for m in flare_moves(st, THIRD)}
    st.seats[THIRD].hand.remove(card)
    st.seats[3].hand.append(card)
    assert {m.flare.use.target for m in flare_moves(st, 3)} == {OFF, DEF}


def test_flares_in_hand_are_secret() -> None:
    """Views: a flare in hand is seen by its holder only (F04: until it is played)."""
    st = duel(["none"] * 3, [A10, A4], [A20, A5], flares=True)
    card = hold_flare(st, THIRD, "clone")
    assert card in GAME.view(st, THIRD).my_hand
    for viewer in (OFF, DEF, None):
        v = GAME.view(st, viewer)
        assert card not in v.my_hand and all(card not in k.cards for k in v.knowledge)
        assert v.seats[THIRD].hand_size == len(st.seats[THIRD].hand)  # FL3: counts in hand


# ====================================================================== new hand (F07, FL5)

def _out_of_cards(flare_powers: list[str]) -> tuple[pb.State, list[int]]:
    """Seat 1, the defender, has flares and no encounter card when the cards are due."""
    st = duel(["none"] * 3, [A10, A4], [], flares=True)
    held = [hold_flare(st, DEF, p) for p in flare_powers]
    pass_until(st, pb.STEP_CARDS)
    return st, held


def test_nouvelle_main_vous_pouvez_garder_vos_flaires() -> None:
    """N01/N04 (FL5): at a new hand each flare may be kept or discarded; the kept ones stay
    and seven cards are drawn besides."""
    st, (clone, esprit) = _out_of_cards(["clone", "esprit"])
    (d,) = [d for d in GAME.decisions(st) if d.kind == "flares_kept"]
    assert d.seat == DEF
    assert {tuple(o.flares_kept.cards) for o in d.options} == {
        (), (clone,), (esprit,), tuple(sorted([clone, esprit]))}
    GAME.apply(st, DEF, mv(flares_kept=pb.FlaresKept(cards=[esprit])))
    drive(st, DEF, mv(answer=pb.Answer(yes=False)))  # the new hand itself
    hand = st.seats[DEF].hand
    assert esprit in hand and clone not in hand and clone in st.discard
    assert len(hand) >= 8


def test_le_seul_moyen_de_se_defausser_d_un_flaire_est_une_nouvelle_main() -> None:
    """F07: playing a flare never discards it; only a new hand lets it go."""
    st, (clone,) = _out_of_cards(["clone"])
    GAME.apply(st, DEF, mv(flares_kept=pb.FlaresKept()))
    assert clone not in st.seats[DEF].hand and clone in st.discard


def test_the_flares_question_is_asked_at_every_new_hand_with_flares_or_none() -> None:
    """Being asked tells nothing: a new hand without flares asks it too (one answer)."""
    st, _ = _out_of_cards([])
    (d,) = [d for d in GAME.decisions(st) if d.kind == "flares_kept"]
    assert list(d.options) == [mv(flares_kept=pb.FlaresKept())]
    assert GAME.view(st, OFF).tasks[0].HasField("flares_kept")


# ====================================================================== La Peste (E01)

def test_la_peste_defausse_aussi_un_flaire() -> None:
    """E01: "... et d'un Flaire dès qu'il en possède": the victim discards a flare last."""
    plague = card_of("edict", edict="peste")
    st = duel(["none"] * 3, [A10, A4, plague], [A20, A5], flares=True, edicts=True)
    card = hold_flare(st, DEF, "clone")
    play(st, OFF, mv(edict=pb.PlayEdict(card=plague, target=DEF)))
    asked = []
    for _ in range(40):
        ds = [d for d in GAME.decisions(st) if d.seat == DEF and d.kind in (
            "plague_discard", "take_token", "tokens_lost")]
        if not ds:
            others = [d for d in GAME.decisions(st) if d.kind in ("edict_response", "window")]
            if not others or not any(t.HasField("plague") for t in st.tasks):
                break
            GAME.apply(st, others[0].seat, DONE)
            continue
        d = ds[0]
        if d.kind == "plague_discard":
            asked.append(st.tasks[0].plague.card_kind)
        GAME.apply(st, DEF, d.options[0])
    assert asked[-1] == pb.CardInfo.KIND_FLARE
    assert card in st.discard and card not in st.seats[DEF].hand


# ====================================================================== moons 25, 26

def test_moon_25_la_puissance_de_cette_lune_se_declenche_au_moment() -> None:
    """"Ce joueur gagne alors un Flaire supplémentaire ... tiré au hasard dans la pile des
    Flaires restants": the lander takes one from the pool, seen by him alone."""
    st = moon_game(4, moons={2: 25}, flares=True)
    pool, hand = list(st.flare_pool), list(st.seats[OFF].hand)
    events = land(st, 2, OFF)
    (got,) = [c for c in st.seats[OFF].hand if c not in hand]
    assert got in pool and got not in st.flare_pool and got in st.flares
    assert moon_events(events, "moon_acted")
    seen = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"
            and got in e.payload.cards_seen.cards]
    assert seen and all(e.audience == frozenset({OFF}) for e in seen)
    assert GAME.audit(st) == []


def test_moon_26_la_encore_la_puissance_de_cette_lune_se_declenche() -> None:
    """"Le joueur en question perd alors 1 Flaire de son jeu. C'est lui qui décide": he
    chooses which, discarded face up."""
    st = moon_game(4, moons={2: 26}, flares=True)
    clone, esprit = hold_flare(st, OFF, "clone"), hold_flare(st, OFF, "esprit")
    land(st, 2, OFF)
    (d,) = [d for d in GAME.decisions(st) if d.kind == "moon"]
    assert {o.card.card for o in d.options} == {clone, esprit}
    GAME.apply(st, OFF, mv(card=pb.CardChoice(card=esprit)))
    assert esprit in st.discard and clone in st.seats[OFF].hand


def test_moon_26_sans_flaire_montrer_son_jeu_a_tous_ses_adversaires() -> None:
    """"Dans le cas où le joueur ne possède pas de Flaire ... montrer son jeu à tous ses
    adversaires": every opponent knows his hand."""
    st = moon_game(4, moons={2: 26}, flares=True)
    for c in [c for c in st.seats[OFF].hand if flares.is_flare(c)]:
        st.seats[OFF].hand.remove(c)
        st.deck.append(c)
    land(st, 2, OFF)
    hand = sorted(st.seats[OFF].hand)
    for viewer in (1, 2, 3):
        assert [list(k.cards) for k in GAME.view(st, viewer).knowledge if k.target == OFF] \
            == [hand]
    assert not [d for d in GAME.decisions(st) if d.kind == "moon"]


def test_moons_25_and_26_are_dealt_only_with_flares() -> None:
    from cosmodrome.games.cosmic import moonflow
    with_flares = moonflow.deck_numbers(pb.Options(ruleset=pb.RULESET_COSMIC))
    without = moonflow.deck_numbers(pb.Options(ruleset=pb.RULESET_COSMIC, flares=False))
    assert {25, 26} <= set(with_flares) and not {25, 26} & set(without)


GAME_POWER_NAMES = {pid: name for name, pid in POWER_ID.items()}
_ = (able, cards_down, new_game)
