"""Seed 000's moons, the infrastructure: dealing, aiming, landing, knowing, counting.

Tests are named after the sentence of seed 000 (docs/rules/cosmic-000.md) or the provisional
decision (M1-M8) they guard; the moons' own texts are in test_cosmic_moons_hosted.py.
"""

from __future__ import annotations

import pytest

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow, moonflow, pieces
from cosmodrome.games.cosmic.content_000 import MOONS
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    at_aim,
    card_of,
    mv,
    options,
    pass_questions,
    pb,
    random_game,
)
from tests.games.cosmic.moon_helpers import (
    body,
    drive,
    home,
    land,
    moon_events,
    moon_game,
    number_seen,
)

A4, A6, A10, A12 = (card_of("attack", v) for v in (4, 6, 10, 12))
# moons used as plain bodies here: their effects play no part in these tests
PLAIN_R = 43     # Alpha Coloris, R P: face up while occupied (acts only in totals)
PLAIN_S = 7      # S P: secret (acts only at the victory check)


# ====================================================================== options and setup

def test_chaque_joueur_tire_deux_lunes_en_prend_connaissance_faces_cachees() -> None:
    """R06: "chaque joueur tire au hasard deux lunes, en prend connaissance et les place, faces
    cachées, dans son système solaire"."""
    st = GAME.setup(pb.Options(moons=pb.MOON_SET_GAME_EFFECT), 4, 3)
    assert len(st.moons) == 8
    for m, mo in enumerate(st.moons):
        assert not mo.face_up and not any(mo.count)
        assert [s for s in range(4) if mo.known_by[s]] == [mo.system]
        assert number_seen(st, mo.system, m) == mo.number
        for viewer in (*(s for s in range(4) if s != mo.system), None):
            assert number_seen(st, viewer, m) is None


def test_chaque_galaxie_comprend_cinq_planetes_et_deux_lunes() -> None:
    """R07: "Chaque galaxie comprend donc cinq planètes et deux lunes"."""
    st = GAME.setup(pb.Options(moons=pb.MOON_SET_GAME_EFFECT), 5, 1)
    for s in range(5):
        assert len(B.planets_of(s)) == 5
        assert sum(mo.system == s for mo in st.moons) == 2


def test_the_moon_deck_is_secret_and_random() -> None:
    decks = {tuple(mo.number for mo in GAME.setup(
        pb.Options(moons=pb.MOON_SET_GAME_EFFECT), 3, seed).moons) for seed in range(6)}
    assert len(decks) > 1
    v = GAME.view(GAME.setup(pb.Options(moons=pb.MOON_SET_GAME_EFFECT), 3, 1), 0)
    assert v.moon_deck_size == len(moonflow.deck_numbers(
        pb.Options(moons=pb.MOON_SET_GAME_EFFECT))) - 6
    assert not hasattr(v, "moon_deck")


def test_moons_are_off_unless_asked_and_leave_classic_games_unchanged() -> None:
    classic = GAME.setup(pb.Options(), 4, 7)
    off = GAME.setup(pb.Options(moons=pb.MOON_SET_OFF), 4, 7)
    assert not classic.moons and not classic.moon_deck and not GAME.view(classic, 0).moons
    assert classic.options.moons == pb.MOON_SET_OFF  # setup writes the set the ruleset gave
    assert off.SerializeToString(deterministic=True) == classic.SerializeToString(
        deterministic=True)


def test_the_cosmic_ruleset_deals_the_game_effect_moons_unless_told_otherwise() -> None:
    cosmic = GAME.setup(pb.Options(ruleset=pb.RULESET_COSMIC), 4, 7)
    assert cosmic.options.moons == pb.MOON_SET_GAME_EFFECT and len(cosmic.moons) == 8
    bare = GAME.setup(pb.Options(ruleset=pb.RULESET_COSMIC, moons=pb.MOON_SET_OFF), 4, 7)
    assert not bare.moons


def test_m8_default_deck_is_the_hosted_game_effect_moons_and_all_adds_the_others() -> None:
    """M8: the default deck is the game-effect moons; cut and table moons are opt-in; 37
    (cheating) never. A moon is dealt only once its module hosts it."""
    default = moonflow.deck_numbers(pb.Options(moons=pb.MOON_SET_GAME_EFFECT))
    assert default == sorted(n for n in pieces.MOONS if MOONS[n - 1].default_deck
                             and not pieces.MOONS[n].needs_flares)  # FLM: with flares only
    assert all(MOONS[n - 1].category == "game_effect" for n in default)
    everything = moonflow.deck_numbers(pb.Options(moons=pb.MOON_SET_ALL))
    assert set(default) <= set(everything) <= set(pieces.MOONS) and 37 not in everything
    explicit = pb.Options(moons=pb.MOON_SET_GAME_EFFECT, moon_deck=[10, 14, 57, 2])
    st = GAME.setup(explicit, 2, 1)
    assert sorted([mo.number for mo in st.moons] + list(st.moon_deck)) == [2, 10, 14, 57]


@pytest.mark.parametrize(("deck", "players", "error"), [
    ([10, 14, 61], 2, "no moon 61"),
    ([10, 14, 0, 57], 2, "no moon 0"),
    ([10, 14, 37, 57], 2, "moon 37 is not hosted"),
    ([10, 14, 10, 57], 2, "names a moon twice"),
    ([10, 14, 57], 2, "cannot give two to each of 2 players"),
])
def test_a_bad_moon_deck_is_refused_naming_what_is_wrong(deck, players, error) -> None:
    with pytest.raises(BadOptions, match=error):
        GAME.setup(pb.Options(moon_deck=deck), players, 1)


def test_an_unknown_moon_set_is_refused() -> None:
    with pytest.raises(BadOptions, match="moons must be one of"):
        GAME.setup(pb.Options(moons=99), 3, 1)


# ====================================================================== aiming (D03-D05, M1)

def _aims(st: pb.State) -> set[tuple[int, int]]:
    return {(o.aim.planet, o.aim.defense if o.aim.HasField("defense") else -1)
            for o in options(st, st.enc.offense) if o.WhichOneof("kind") == "aim"}


def test_il_peut_aussi_s_agir_d_une_lune_habitee_ou_non() -> None:
    """D03: "Il peut aussi s'agir d'une lune habitée ou non"."""
    st = moon_game(4)
    st.moons[4].count[2] = 1
    B.add_tok(st, home(st, 2), 2, -1)
    at_aim(st, 2)
    aims = _aims(st)
    assert (body(st, 4), 2) in aims and (body(st, 5), -1) in aims


def test_pointer_le_vaisseau_vers_n_importe_laquelle_des_lunes_du_systeme() -> None:
    """D04: "Vous pouvez pointer le vaisseau vers n'importe laquelle des lunes du système
    d'origine du joueur dont vous avez tiré la couleur"; the other systems' moons are not
    targets."""
    st = moon_game(4)
    at_aim(st, 2)
    aims = _aims(st)
    assert (body(st, 4), -1) in aims and (body(st, 5), -1) in aims
    assert not any(body(st, m) in {p for p, _ in aims} for m in (0, 1, 2, 3, 6, 7))


def test_m1_each_occupant_of_a_moon_may_be_named_defender_an_empty_moon_is_won() -> None:
    """M1: as a planet, each occupant but the offence may be named defender; empty: an
    automatic win."""
    st = moon_game(4, moons={4: PLAIN_R})
    st.moons[4].count[1] = 2
    st.moons[4].count[3] = 1
    B.add_tok(st, home(st, 1), 1, -2)
    B.add_tok(st, home(st, 3), 3, -1)
    at_aim(st, 2)
    aims = _aims(st)
    assert {(body(st, 4), 1), (body(st, 4), 3)} <= aims
    assert (body(st, 4), -1) not in aims and (body(st, 5), -1) in aims


def test_a_deux_joueurs_attaquer_n_importe_laquelle_des_lunes_presentes() -> None:
    """D05: two players: "soit encore attaquer n'importe laquelle des lunes présentes"."""
    st = moon_game(2)
    at_aim(st, 1)
    bodies = {p for p, _ in _aims(st)}
    assert {body(st, m) for m in range(4)} <= bodies


def test_d2_own_colour_drawn_own_moons_are_targets() -> None:
    """D2: with the own colour drawn, the own moons are targets too (so no redraw)."""
    st = moon_game(3)
    at_aim(st, 0)
    assert {(body(st, 0), -1), (body(st, 1), -1)} <= _aims(st)


def test_a_destroyed_moon_is_no_target() -> None:
    st = moon_game(3)
    st.moons[2].gone = True
    at_aim(st, 1)
    assert body(st, 2) not in {p for p, _ in _aims(st)}


# ====================================================================== landing and knowing

def test_une_lune_revelee_est_retournee_des_qu_un_pion_se_pose() -> None:
    """L03: "Ce type de lune doit être retourné dès qu'un pion au minimum se pose sur sa
    surface. Tous les joueurs prennent alors connaissance de la puissance de cette lune"."""
    st = moon_game(3, moons={2: PLAIN_R})
    assert number_seen(st, 0, 2) is None
    events = land(st, 2, seat=0, n=2)
    assert st.moons[2].count[0] == 2 and st.moons[2].face_up
    known = moon_events(events, "moon_known")
    assert [(e.payload.moon_known.number, e.audience) for e in known] == [(PLAIN_R, None)]
    for viewer in (0, 1, 2, None):
        assert number_seen(st, viewer, 2) == PLAIN_R
        assert GAME.view(st, viewer).moons[2].face_up


def test_une_lune_revelee_inhabitee_presente_a_nouveau_sa_face_cachee() -> None:
    """L04: "Lorsqu'elle n'est plus habitée, elle doit à nouveau présenter sa face cachée";
    M5: those who saw it remember it."""
    st = moon_game(3, moons={2: PLAIN_R})
    land(st, 2, seat=0, n=1)
    drive(st, 0, mv(another=pb.Done()))  # a second encounter after a success
    at_aim(st, 2)
    drive(st, 0, mv(aim=pb.Aim(planet=10, defense=2)))
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=body(st, 2))))  # M4: launched from it
    assert not any(st.moons[2].count)
    pass_questions(st)
    assert not st.moons[2].face_up and not GAME.view(st, 1).moons[2].face_up
    assert number_seen(st, 1, 2) == PLAIN_R and number_seen(st, 0, 2) == PLAIN_R


def test_une_lune_secrete_demeure_cachee_sauf_pour_le_joueur_qui_se_pose() -> None:
    """L05: "Ce type de lune demeure cachée sauf pour le joueur qui se pose dessus et qui est
    le seul à découvrir son pouvoir"."""
    st = moon_game(3, moons={2: PLAIN_S})
    events = land(st, 2, seat=0, n=1)
    assert not st.moons[2].face_up
    known = moon_events(events, "moon_known")
    assert [(e.payload.moon_known.why, e.audience) for e in known] == [
        (pb.MOON_WHY_LANDED, frozenset({0}))]
    assert number_seen(st, 0, 2) == PLAIN_S and number_seen(st, 1, 2) == PLAIN_S  # owner
    assert number_seen(st, 2, 2) is None and number_seen(st, None, 2) is None


def test_au_moment_ou_la_lune_agit_les_autres_prennent_connaissance() -> None:
    """L06: "Au moment où la lune agit, et pas avant, les autres joueurs prennent alors
    connaissance de sa puissance": moon 7 counts at the victory check, so a win it makes
    shows it to all."""
    st = moon_game(3, moons={2: 7})
    for p in (5, 6, 7):   # three foreign bases of seat 0 in system 1 ...
        B.add_tok(st, p, 0, 1)
    for p in (10,):       # ... and one in system 2: four, and moon 7 makes five
        B.add_tok(st, p, 0, 1)
    B.add_tok(st, 0, 0, -4)
    assert number_seen(st, 2, 2) is None and not st.finished
    events = land(st, 2, seat=0, n=1)
    acted = moon_events(events, "moon_acted")
    assert [(e.payload.moon_acted.number, e.audience) for e in acted] == [(7, None)]
    assert st.finished and list(st.winners) == [0]
    assert number_seen(st, 2, 2) == 7 and number_seen(st, None, 2) == 7


def test_une_lune_instantanee_reste_inoperante_jusqu_a_un_autre_pion() -> None:
    """L07: "La lune produit son effet dans l'instant qui suit puis reste inopérante jusqu'à ce
    que un autre pion touche la lune à son tour": moon 10 turns the hands at each landing and
    not in between."""
    st = moon_game(3, moons={2: 10})
    hands = [list(se.hand) for se in st.seats]
    land(st, 2, seat=0, n=1)
    assert [list(se.hand) for se in st.seats] == [hands[1], hands[2], hands[0]]
    drive(st, 0, mv(another=pb.Done()))
    at_aim(st, 2)
    drive(st, 0, mv(aim=pb.Aim(planet=11, defense=2)))  # a planet: no landing on the moon
    hands = [list(se.hand) for se in st.seats]
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=home(st, 0))))
    assert [list(se.hand) for se in st.seats] == hands


def test_une_lune_permanente_garde_son_pouvoir_tant_qu_un_pion_y_figure() -> None:
    """L08: "Ce type de lune garde son pouvoir actif tant qu'un pion (au moins) figure à sa
    surface": moon 57 spares a failed deal's loss only to a seat with a token on it."""
    st = moon_game(3, moons={2: 57})
    ctx = moonflow.Ctx(st, [], 0)
    assert not moonflow.spares_deal_loss(st, ctx, 0)
    st.moons[2].count[0] = 1
    B.add_tok(st, home(st, 0), 0, -1)
    assert moonflow.spares_deal_loss(st, ctx, 0) and not moonflow.spares_deal_loss(st, ctx, 1)


def test_une_lune_facultative_c_est_au_joueur_qui_la_controle_de_decider() -> None:
    """L09: an optional moon asks its controller: moon 15's lander says no, nothing drawn."""
    st = moon_game(3, moons={2: 15})
    land(st, 2, seat=0, n=2)
    asked = [d for d in GAME.decisions(st) if d.kind == "moon"]
    assert [d.seat for d in asked] == [0]
    hand = list(st.seats[0].hand)
    drive(st, 0, mv(answer=pb.Answer(yes=False)))
    assert list(st.seats[0].hand) == hand


def test_une_lune_obligatoire_fonctionne_sans_son_accord() -> None:
    """L10: a mandatory moon acts without asking: moon 10's landing owes no moon decision."""
    st = moon_game(3, moons={2: 10})
    events = land(st, 2, seat=0, n=1)
    assert moon_events(events, "moon_acted")
    assert not any(d.kind == "moon" for d in GAME.decisions(st))


# ====================================================================== bases (M4, R08, R09)

def test_les_lunes_ne_comptent_pas_comme_bases_pour_la_victoire_finale() -> None:
    """R08/R09: "elles ne comptent pas comme bases pour la victoire finale"; "Il faut que vous
    possédiez une base sur cinq planètes étrangères pour gagner (cela ne peut être des
    lunes)": four foreign planets and a foreign moon do not win."""
    st = moon_game(3, moons={2: PLAIN_R})
    for p in (5, 6, 7, 10):
        B.add_tok(st, p, 0, 1)
    B.add_tok(st, 0, 0, -4)
    land(st, 2, seat=0, n=1)
    assert st.moons[2].count[0] == 1 and not st.finished
    assert B.foreign_bases(st, 0) == 4 and GAME.view(st, 1).seats[0].foreign_bases == 4


def test_cinq_planetes_etrangeres_pour_gagner_cela_ne_peut_etre_des_lunes() -> None:
    """R09: "Il faut que vous possédiez une base sur cinq planètes étrangères pour gagner
    (cela ne peut être des lunes)": four foreign planets and two foreign moons do not win;
    a fifth foreign planet does."""
    st = moon_game(3, moons={2: PLAIN_R, 4: PLAIN_R + 1})
    for p in (5, 6, 7, 10):
        B.add_tok(st, p, 0, 1)
    B.add_tok(st, 0, 0, -4)
    land(st, 2, seat=0, n=1)
    drive(st, 0, mv(another=pb.Done()))
    land(st, 4, seat=0, n=1)
    assert not st.finished and sum(mo.count[0] > 0 for mo in st.moons) == 2
    B.add_tok(st, 11, 0, 1)  # a fifth foreign planet
    B.add_tok(st, 1, 0, -1)
    assert flow.check_victory(st, moonflow.Ctx(st, [], 0)) and list(st.winners) == [0]


def test_m4_a_moon_is_a_base_to_launch_from() -> None:
    """M4: a moon is a base for launching (and for returning tokens)."""
    st = moon_game(3, moons={2: PLAIN_R})
    land(st, 2, seat=0, n=1)
    drive(st, 0, mv(another=pb.Done()))
    at_aim(st, 2)
    drive(st, 0, mv(aim=pb.Aim(planet=10, defense=2)))
    takes = {o.planet.planet for o in options(st, 0) if o.WhichOneof("kind") == "planet"}
    assert body(st, 2) in takes


def test_token_conservation_counts_the_tokens_on_moons() -> None:
    st = moon_game(3, moons={2: PLAIN_R})
    land(st, 2, seat=0, n=3)
    assert st.moons[2].count[0] == 3 and GAME.audit(st) == []
    st.moons[2].count[1] += 1  # a token from nowhere
    assert GAME.audit(st) == ["seat 1 has 21 tokens, not 20"]


def test_audit_finds_a_moon_out_of_the_moon_deck() -> None:
    st = moon_game(3)
    st.moons[0].number = st.moons[1].number
    assert any("moon deck" in p for p in GAME.audit(st))


def test_an_eliminated_player_leaves_his_moon_tokens_too() -> None:
    st = moon_game(3, moons={2: PLAIN_R})
    land(st, 2, seat=0, n=2)
    ctx = moonflow.Ctx(st, [], 0)
    moonflow.actions.eliminate(st, ctx, 0)
    assert not st.moons[2].count[0] and GAME.audit(st) == []


# ====================================================================== whole games

@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_random_games_with_moons_end_and_keep_every_token_card_and_moon(players) -> None:
    for seed in range(2):
        st, _ = random_game(players, seed, moons=pb.MOON_SET_GAME_EFFECT)
        assert GAME.result(st) is not None


def test_the_heuristic_bot_plays_a_game_with_moons() -> None:
    from bench.engine_cosmic import client_bot
    st = GAME.setup(pb.Options(moons=pb.MOON_SET_GAME_EFFECT), 4, 2)
    bot = client_bot(2)
    for _ in range(20_000):
        ds = GAME.decisions(st)
        if not ds:
            break
        d = ds[0]
        GAME.apply(st, d.seat, bot.choose(GAME.view(st, d.seat), d.kind, d.options))
    assert GAME.result(st) is not None


__all__ = ["A4", "A6", "A10", "A12", "DONE"]
