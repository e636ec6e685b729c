"""Seed 000's board moons (4, 6, 19, 21, 33, 34) and the Moon Zap edict: one test (or more)
per rule, named after its French text (docs/rules/cosmic-000.md, rows Moon04-Moon34, E03)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flow, moonflow
from cosmodrome.games.cosmic import board as B
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    at_aim,
    card_of,
    give,
    mv,
    options,
    pass_responses,
    pass_windows,
    pb,
    place_all,
    play,
    set_tokens,
    take,
    token_total,
)
from tests.games.cosmic.moon_helpers import body, drive, home, land, moon_events, moon_game
from tests.games.cosmic.test_cosmic_moons_hosted import (
    A4,
    A10,
    A12,
    A20,
    C1,
    launch_duel,
    moon_duel,
    totals,
)


def occupy(st: pb.State, m: int, seat: int, n: int = 1, face_up: bool = True) -> None:
    """Put `n` of `seat`'s tokens (from his home) on moon `m`, as if landed earlier."""
    B.add_tok(st, home(st, seat), seat, -n)
    st.moons[m].count[seat] += n
    st.moons[m].face_up = face_up


def five_foreign_bases(st: pb.State, seat: int) -> None:
    """`seat` has five foreign bases (one token each, from his home planets)."""
    foreign = [p for p in range(len(st.planets)) if B.system_of(p) != seat][:5]
    for p in foreign:
        B.add_tok(st, p, seat, 1)
        B.add_tok(st, home(st, seat), seat, -1)


def settle(st: pb.State) -> list:
    """Let the engine run its automatic steps (a victory check among them); the events."""
    ctx = flow.Ctx(st, [], 0)
    flow.settle(st, ctx)
    st.rng = ctx.rng.state
    return ctx.events


# ---------------------------------------------------------------- moon 34

def test_moon_34_des_un_joueur_quel_il_soit_a_pris_connaissance() -> None:
    """"la victoire finale ne peut plus se jouer sans cette lune ... Le vainqueur de la partie
    doit donc se trouver sur cette lune": five foreign bases do not win without it (m34: from
    turn 1, its owner having seen it); the moon that stops the win is then known to all."""
    st = moon_game(3, moons={2: 34})
    five_foreign_bases(st, 0)
    events = settle(st)
    assert not st.finished
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [34]
    assert all(st.moons[2].known_by)
    assert not moon_events(settle(st), "moon_acted")  # it acts once


def test_moon_34_le_vainqueur_doit_se_trouver_sur_cette_lune() -> None:
    """"il faudra aussi posséder la lune": five foreign bases and a token on moon 34 win."""
    st = moon_game(3, moons={2: 34})
    five_foreign_bases(st, 0)
    occupy(st, 2, 0)
    settle(st)
    assert st.finished and list(st.winners) == [0]


def test_moon_34_ce_pion_ne_peut_plus_quitter_la_lune() -> None:
    """"ce pion ne peut plus quitter la lune à moins de perdre un combat": never a base to
    launch from; still counted among his tokens."""
    st = moon_game(3, moons={2: 34})
    occupy(st, 2, 0, n=2)
    at_aim(st, 1)
    drive(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    sources = {m.planet.planet for m in options(st, 0) if m.WhichOneof("kind") == "planet"}
    assert sources and body(st, 2) not in sources
    assert token_total(st, 0) == B.TOKENS_PER_PLAYER and GAME.audit(st) == []


# ---------------------------------------------------------------- moon 19, X-Doz

def test_moon_19_revele_cette_lune_choisit_une_planete_ou_une_lune() -> None:
    """"Le joueur qui révèle cette lune choisit une planète ou une lune de son choix": the
    lander is asked at once, among every body still there; the choice is public."""
    st = moon_game(3, moons={2: 19})
    land(st, 2, seat=0, n=1)
    choices = options(st, 0)
    assert mv(planet=pb.PlanetChoice(planet=5)) in choices
    assert mv(planet=pb.PlanetChoice(planet=body(st, 4))) in choices
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=5)))
    assert st.moons[2].guarded == 5
    for viewer in (None, 0, 1, 2):
        assert GAME.view(st, viewer).moons[2].guarded == 5
        assert GAME.view(st, viewer).moons[2].number == 19


def test_moon_19_vaudra_desormais_plus_100_en_valeur_de_combat() -> None:
    """"qui vaudra désormais + 100 ... en valeur de combat" ("cette défense"): the defender of
    the chosen body adds 100; the offence aiming from it does not, nor any other body."""
    st = moon_duel({2: 19}, [A10, A4], [A12, C1])
    st.moons[2].guarded = 5
    launch_duel(st)
    assert totals(st, A10, A12) == (10 + 1, 12 + 2 + 100)
    st = moon_duel({2: 19}, [A10, A4], [A12, C1])
    st.moons[2].guarded = 6
    launch_duel(st)
    assert totals(st, A10, A12) == (10 + 1, 12 + 2)


def test_moon_19_si_cette_nouvelle_planete_ou_lune_est_detruite_x_doz_disparait() -> None:
    """"si cette nouvelle planète ou lune est détruite ... la protection de 100 est
    irrémédiablement perdue. X-Doz disparaît alors et les pions qui la colonisaient
    regagnent leur camp": moon 2 blows up the guarded moon; X-Doz goes, its colonists are
    put back on their bases."""
    st = moon_game(3, moons={2: 19, 4: 2})
    st.moons[2].guarded = body(st, 4)
    occupy(st, 2, 1, n=2)
    land(st, 4, seat=0, n=1)                    # no attack card 50: moon 2 explodes
    assert st.moons[4].gone and st.moons[2].gone
    assert st.moons[2].count[1] == 0 and st.seats[1].limbo == 2
    place_all(st)
    assert token_total(st, 1) == B.TOKENS_PER_PLAYER and GAME.audit(st) == []


# ---------------------------------------------------------------- moon 4 and Moon Zap

MOON_ZAP = card_of("edict", edict="moon_zap", cosmic=True)


def prison_duel(moons: dict[int, int]) -> pb.State:
    """A 3-player `cosmic` game with edicts; seat 1 has two tokens held on moon 2 (moon 4)
    and holds Moon Zap; seat 0 attacks planet 5 and launches one token: the pre-cards
    window is open."""
    st = moon_game(3, moons=moons, edicts=True, ruleset=pb.RULESET_COSMIC)
    give(st, 1, [MOON_ZAP], replace=False)
    return st


def to_pre_cards(st: pb.State) -> None:
    set_tokens(st, 5, 1, 2)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    play(st, 0, DONE)
    play(st, 1, DONE)
    play(st, 0, DONE)                             # the offence passes the window first


def test_moon_04_il_agit_une_lune_prison() -> None:
    """"Aucun combat ne s'y déroule jamais même si plusieurs races différentes séjournent
    ensemble sur cette lune": aimed at seat 1 there, the cone lands without combat (no
    defender, no cards); seat 1 keeps his tokens; the prison acts, known to all."""
    st = moon_game(3, moons={2: 4})
    occupy(st, 2, 1, n=2, face_up=False)
    events = land(st, 2, seat=0, n=1, defense=1)
    assert st.moons[2].count[:] == [1, 2, 0]
    assert st.enc.auto_win
    assert not st.enc.HasField("defense") and st.step != pb.STEP_CARDS
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [4]
    assert all(st.moons[2].known_by)


def test_moon_04_tous_les_pions_qui_s_y_posent_sont_immobilises() -> None:
    """"Tous les pions qui s'y posent sont immobilisés jusqu'à la fin de la partie": never a
    source of a launch, an ally's tokens, or losses; still his tokens."""
    st = moon_game(3, moons={2: 4})
    occupy(st, 2, 0, n=3)
    for p in B.planets_of(1):                     # every token of seat 1 is held there
        st.moons[2].count[1] += B.tok(st, p, 1)
        B.add_tok(st, p, 1, -B.tok(st, p, 1))
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=6, defense=1)))  # seat 1's planet, empty now
    sources = {m.planet.planet for m in options(st, 0) if m.WhichOneof("kind") == "planet"}
    assert sources and body(st, 2) not in sources
    assert B.bases(st, 1) == [] and B.tokens_on_bases(st, 1) == 0
    assert token_total(st, 1) == B.TOKENS_PER_PLAYER and GAME.audit(st) == []


def test_moon_04_seul_l_edit_moon_zap_peut_les_liberer() -> None:
    """"Seul l'Edit " Moon Zap " peut les libérer" (MZ): played at any moment, it frees every
    token of the chosen seat from the prison onto his bases."""
    st = prison_duel({2: 4})
    occupy(st, 2, 1, n=2)
    to_pre_cards(st)
    free = mv(edict=pb.PlayEdict(card=MOON_ZAP, target=1))
    assert free in options(st, 1)
    play(st, 1, free)
    pass_responses(st)
    assert st.moons[2].count[1] == 0 and st.seats[1].limbo == 2
    place_all(st)
    assert token_total(st, 1) == B.TOKENS_PER_PLAYER and GAME.audit(st) == []
    assert MOON_ZAP in st.discard


def test_moon_zap_stops_one_moon_s_effect_until_the_end_of_the_encounter() -> None:
    """MZ: "or cancels one moon's effect until the end of the encounter": with moon 34
    stopped, five foreign bases win without it."""
    st = prison_duel({4: 34})
    to_pre_cards(st)
    five_foreign_bases(st, 0)
    st.moons[4].known_by[:] = [True] * 3
    stop = mv(edict=pb.PlayEdict(card=MOON_ZAP, moon=4))
    assert stop in options(st, 1)
    play(st, 1, stop)
    pass_responses(st)
    assert st.finished and list(st.winners) == [0]
    assert list(GAME.view(st, 2).enc.moons_zapped) == [4]


def test_moon_zap_ends_with_the_encounter() -> None:
    st = prison_duel({4: 34})
    st.enc.moons_zapped.append(4)
    settle(st)
    flow.begin_encounter(st, flow.Ctx(st, [], 0))
    assert list(st.enc.moons_zapped) == []


# ---------------------------------------------------------------- moon 6

def test_moon_06_le_magma_souterrain_de_cette_lune_est_sous_pression() -> None:
    """"Le premier atterrissage déclenchera le processus d'explosion ... la lune pulvérisera
    avec elle ... la plus proche planète ... Tous les pions qui ont atterri sur la lune et
    tous les pions de la planète doivent prendre place dans le Trou Noir" (m6: the planet of
    its slot)."""
    st = moon_game(3, moons={2: 6})
    st.moons[2].slot = 2
    planet = B.planets_of(1)[2]                      # planet 7, seat 1's
    B.add_tok(st, planet, 2, 1)
    B.add_tok(st, home(st, 2), 2, -1)
    held = B.tok(st, planet, 1)
    before = [se.black_hole for se in st.seats]
    land(st, 2, seat=0, n=2)
    assert st.planets[planet].destroyed and st.moons[2].gone
    assert [se.black_hole - b for se, b in zip(st.seats, before, strict=True)] == [2, held, 1]
    assert B.tok(st, planet, 1) == 0 and all(token_total(st, s) == 20 for s in range(3))
    assert GAME.view(st, 0).planets[planet].destroyed and GAME.audit(st) == []


def test_moon_06_a_destroyed_planet_is_never_a_target_nor_a_base() -> None:
    """m6/19: no base on it, never aimed at; it counts as a lost home planet."""
    st = moon_game(3, moons={2: 6})
    st.moons[2].slot = 0
    land(st, 2, seat=0, n=1)
    assert st.planets[5].destroyed
    assert not any(p == 5 for p, _ in flow.aim_targets(st, 1))
    assert B.home_bases(st, 1) == 4
    assert 5 not in B.standing_planets(st, 1)


def test_moon_06_peut_a_son_gre_la_deplacer_a_la_fin_de_n_importe_quel_duel() -> None:
    """"le joueur qui a connaissance de cette lune ... peut, à son gré, la déplacer mais
    seulement à la fin de n'importe quel duel ... que la lune demeure dans son système
    initial": its owner, in the cleanup window only, beside another planet of his system;
    the slot is public."""
    st = moon_game(3, moons={2: 6})
    st.moons[2].slot = 0
    to_pre_cards(st)
    moves = [o for o in options(st, 1) if o.WhichOneof("kind") == "move_moon"]
    assert moves == []                                   # not before the end of the duel
    for _ in range(200):
        if st.step == pb.STEP_CLEANUP and any(d.seat == 1 for d in GAME.decisions(st)):
            break
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, d.options[0] if d.kind != "window" else DONE)
    moves = [o for o in options(st, 1) if o.WhichOneof("kind") == "move_moon"]
    assert sorted(o.move_moon.slot for o in moves) == [1, 2, 3, 4]
    assert not any(o.WhichOneof("kind") == "move_moon" for s in (0, 2) for o in options(st, s))
    GAME.apply(st, 1, mv(move_moon=pb.MoveMoon(moon=2, slot=3)))
    assert st.moons[2].slot == 3
    assert GAME.view(st, 0).moons[2].slot == 3 and GAME.view(st, 0).moons[2].number == 6


# ---------------------------------------------------------------- moon 33

def test_moon_33_augmente_le_nombre_des_20_pions_de_depart_pour() -> None:
    """"augmente le nombre des 20 pions de départ pour le joueur qui se trouve dessus. Le
    nombre de pions ainsi gagnés est égal au nombre d'adversaires": the lander gets one Ex
    token per opponent, public, outside the 20 the audit counts."""
    st = moon_game(4, moons={2: 33})
    land(st, 2, seat=0, n=1)
    mo = st.moons[2]
    assert (mo.ex_owner, mo.ex) == (0, 3)
    assert (GAME.view(st, 3).moons[2].ex, GAME.view(st, 3).moons[2].ex_owner) == (3, 0)
    assert token_total(st, 0) == B.TOKENS_PER_PLAYER and GAME.audit(st) == []
    mo.ex = 2
    assert GAME.audit(st) != []                     # the audit counts them


def test_moon_33_ils_ne_peuvent_jamais_se_rendre_dans_le_trou_noir() -> None:
    """"ils ne peuvent jamais se rendre dans le Trou Noir ... Lorsqu'ils perdent un combat":
    they fight where they stand (the owner defending the moon counts them) and never reach
    the black hole: the owner beaten there leaves, and the moon's taker gets them ("Si la
    lune change de propriétaire, les pions changent aussi de propriétaire")."""
    st = moon_game(3, moons={2: 33})
    occupy(st, 2, 1, n=1)
    settle(st)
    assert (st.moons[2].ex_owner, st.moons[2].ex) == (1, 2)
    give(st, 0, [A20, A4])
    give(st, 1, [A10, C1])
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=body(st, 2), defense=1)))
    take(st, 0, 0)
    play(st, 0, DONE)
    play(st, 1, DONE)
    before = st.seats[1].black_hole
    assert totals(st, A20, A10) == (20 + 1, 10 + 1 + 2)  # his token and two Ex tokens
    pass_windows(st)
    assert st.moons[2].count[:] == [1, 0, 0] and st.seats[1].black_hole == before + 1
    assert (st.moons[2].ex_owner, st.moons[2].ex) == (0, 2)
    assert GAME.audit(st) == []


def test_moon_33_les_pions_disparaissent_aussitot_meme_quand_la_partie_finit() -> None:
    """"Dès que le joueur quitte cette lune, les pions décrits ci-dessus disparaissent
    aussitôt": also when his leaving ends the game (the Void eliminates the owner, the last
    other player stands alone): the final state holds no Ex tokens of his."""
    st = moon_game(3, moons={2: 33})
    occupy(st, 2, 1, n=1)
    settle(st)
    ctx = flow.Ctx(st, [], 0)
    actions.eliminate(st, ctx, 2)
    actions.eliminate(st, ctx, 1)
    flow.settle(st, ctx)
    assert st.finished and st.winners[:] == [0]
    assert st.moons[2].ex == 0 and GAME.audit(st) == []


def test_moon_33_des_que_le_joueur_quitte_cette_lune_les_pions_disparaissent() -> None:
    """"Dès que le joueur quitte cette lune, les pions décrits ci-dessus disparaissent
    aussitôt" (nobody else there); with others there, the moon changes owner (the offence,
    else the next occupant clockwise) and the Ex tokens with it."""
    st = moon_game(3, moons={2: 33})
    occupy(st, 2, 1, n=1)
    settle(st)
    occupy(st, 2, 2)
    occupy(st, 2, 0)
    for seat, owner in ((1, 0), (0, 2)):            # seat 0 is the offence
        st.moons[2].count[seat] = 0
        B.add_tok(st, home(st, seat), seat, 1)
        settle(st)
        assert (st.moons[2].ex_owner, st.moons[2].ex) == (owner, 2)
    st.moons[2].count[2] = 0
    B.add_tok(st, home(st, 2), 2, 1)
    settle(st)
    assert st.moons[2].ex == 0 and not st.moons[2].HasField("ex_owner")
    assert GAME.audit(st) == []


def test_moon_04_acts_when_tokens_land_there_without_an_aim() -> None:
    """H1: tokens that arrive otherwise (a deal base, moon 39) are held too, so the prison
    acts at once: everyone knows why they cannot leave."""
    st = moon_game(3, moons={2: 4})
    st.moons[2].count[1] += 1
    B.add_tok(st, home(st, 1), 1, -1)
    ctx = flow.Ctx(st, [], 0)
    moonflow.landed(st, ctx, body(st, 2), {1: 1})
    assert [e.payload.moon_acted.number for e in moon_events(ctx.events, "moon_acted")] == [4]
    assert all(st.moons[2].known_by)


# ---------------------------------------------------------------- moon 21

def test_moon_21_est_une_lune_comete() -> None:
    """"Une fois révélée, elle voyage de planètes en planètes, puis de systèmes en systèmes
    ... dans le sens des aiguilles d'une montre ... des armées peuvent quand même s'y poser"
    (m21): one planet per step, then the next system clockwise; its tokens ride along."""
    st = moon_game(3, moons={2: 21})
    st.moons[2].slot = 3
    ctx = flow.Ctx(st, [], 0)
    moonflow.disc_turned(st, ctx)
    assert (st.moons[2].system, st.moons[2].slot) == (1, 3)   # not revealed yet: it stays
    land(st, 2, seat=0, n=2)
    ctx = flow.Ctx(st, [], 0)
    moonflow.disc_turned(st, ctx)
    assert (st.moons[2].system, st.moons[2].slot) == (1, 4)
    moonflow.disc_turned(st, ctx)
    assert (st.moons[2].system, st.moons[2].slot) == (2, 0)
    assert st.moons[2].count[0] == 2 and GAME.view(st, 1).moons[2].system == 2


def test_moon_21_se_deplace_a_chaque_fois_qu_un_disque_solaire_est_retourne() -> None:
    """"La lune se déplace à chaque fois qu'un disque solaire est retourné": one step per disc
    drawn (star discs, the `cosmic` default)."""
    st = moon_game(3, moons={2: 21}, star_discs=True)
    st.moons[2].slot, st.moons[2].spent = 0, True
    ctx = flow.Ctx(st, [], 0)
    flow.draw_destiny(st, ctx)
    discs = len(moon_events(ctx.events, "destiny"))
    assert discs >= 1
    assert st.moons[2].slot == discs % 5


def test_moon_21_la_planete_qu_elle_protege_est_inviolable() -> None:
    """"La planète qu'elle protège est inviolable": the planet beside the travelling comet is
    no target."""
    st = moon_game(3, moons={2: 21})
    st.moons[2].slot = 1
    assert 6 in [p for p, _ in flow.aim_targets(st, 1)]       # face down, never revealed
    st.moons[2].spent = True
    assert 6 not in [p for p, _ in flow.aim_targets(st, 1)]
    assert 5 in [p for p, _ in flow.aim_targets(st, 1)]


def test_moon_21_deux_joueurs_la_planete_qu_elle_protege_est_inviolable_meme_chez_soi() -> None:
    """"La planète qu'elle protège est inviolable", two players (D05: "un duel contre une
    planète de votre propre système où votre adversaire a une base"): when the opponent's
    only base in the offence's system is the planet the comet shields (and no moon is a
    target), the offence is not offered his own system: he would have nothing to aim at."""
    st = moon_game(2, moons={0: 21}, first=0)
    shielded = B.planets_of(0)[st.moons[0].slot]
    st.moons[0].spent = True
    B.add_tok(st, home(st, 1), 1, -1)
    B.add_tok(st, shielded, 1, 1)
    for m in range(len(st.moons)):
        occupy(st, m, 0)  # a moon the offence alone stands on is no target
    assert moonflow.targets(st, 0) == []
    ctx = flow.Ctx(st, [], 0)
    flow.go_destiny(st, ctx)
    assert (st.step, st.enc.system) == (pb.STEP_AIM, 1)
    st.moons[0].spent = False  # the comet not yet travelling: his own system may be chosen
    flow.go_destiny(st, ctx)
    assert st.step == pb.STEP_DESTINY
