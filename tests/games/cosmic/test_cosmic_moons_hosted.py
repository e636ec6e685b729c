"""Seed 000's moons, one test (or more) per hosted moon, named after its French text
(docs/rules/cosmic-000.md, rows Moon01-Moon60)."""

from __future__ import annotations

import importlib

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow, moonflow, pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    at_aim,
    card_of,
    duel,
    give,
    mv,
    options,
    pass_windows,
    pb,
    place_all,
    play,
    set_tokens,
    take,
    token_total,
)
from tests.games.cosmic.moon_helpers import (
    body,
    drive,
    home,
    land,
    moon_events,
    moon_game,
    put_moon,
)

A4, A10, A12, A13, A20 = (card_of("attack", v) for v in (4, 10, 12, 13, 20))
A30 = card_of("attack", 30)
C1, C2 = card_of("compromise"), card_of("compromise", skip=1)


def occupy(st: pb.State, m: int, seat: int, n: int = 1, face_up: bool = True) -> None:
    """Put `n` of `seat`'s tokens (from his home) on moon `m`, as if landed earlier."""
    B.add_tok(st, home(st, seat), seat, -n)
    st.moons[m].count[seat] += n
    st.moons[m].face_up = face_up
    st.moons[m].known_by[:] = [True] * st.players


def moon_duel(moons: dict[int, int], off_cards: list[int], def_cards: list[int],
              ally: tuple[str, int] | None = None, players: int = 3) -> pb.State:
    """Seat 0 attacks planet 5 (seat 1's, two tokens there) with one token; `ally` = (side,
    seat) joins with one token. Returns at the pre-cards window."""
    st = moon_game(players, moons=moons)
    set_tokens(st, 5, 1, 2)
    give(st, 0, off_cards)
    give(st, 1, def_cards)
    return st


def launch_duel(st: pb.State, ally: tuple[str, int] | None = None) -> None:
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    side, who = ally or ("", -1)
    for inviter, mine in ((0, "off"), (1, "def")):
        if side == mine:
            play(st, inviter, mv(invite=pb.SeatChoice(seat=who)))
        play(st, inviter, DONE)
    if who >= 0:
        play(st, who, mv(join=pb.Join(
            side=pb.SIDE_OFFENCE if side == "off" else pb.SIDE_DEFENCE)))
        take(st, who, home(st, who))


def totals(st: pb.State, off_card: int, def_card: int) -> tuple[int, int]:
    """Play the cards and return the two side totals as the reveal makes them."""
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=off_card)))
    play(st, 1, mv(card=pb.CardChoice(card=def_card)))
    return flow.side_total(st, None, 0), flow.side_total(st, None, 1)


def test_every_hosted_moon_lives_in_its_own_module_named_after_its_number() -> None:
    for number, moon in pieces.MOONS.items():
        module = importlib.import_module(type(moon).__module__)
        assert module.__name__.rsplit(".", 1)[1] == moon.name
        assert moon.name.startswith(f"{number:02d}_")


# ---------------------------------------------------------------- victory moons

def test_moon_01_compte_comme_une_base_quel_que_soit_le_systeme() -> None:
    """"Cette lune compte comme une base quel que soit le système où elle se trouve": four
    foreign planets and moon 1 win, even with moon 1 in one's own system."""
    st = moon_game(3, moons={0: 1})
    for p in (5, 6, 7, 10):
        B.add_tok(st, p, 0, 1)
    B.add_tok(st, 1, 0, -4)
    assert not st.finished
    land(st, 0, seat=0, n=1)
    assert st.finished and list(st.winners) == [0]


def test_moon_07_reduit_le_nombre_de_bases_a_quatre_au_lieu() -> None:
    """"Cette lune réduit le nombre de bases à quatre (au lieu de cinq) ... Cela ne vaut que
    pour le joueur qui possède au moins 1 pion sur cette lune"."""
    st = moon_game(3, moons={2: 7})
    for seat in (0, 2):
        for p in (5, 6, 7):
            B.add_tok(st, p, seat, 1)
        B.add_tok(st, home(st, seat), seat, -3)
    B.add_tok(st, 11, 0, 1)
    B.add_tok(st, home(st, 0), 0, -1)
    B.add_tok(st, 1, 2, 1)            # seat 2: four foreign bases too, but not on moon 7
    B.add_tok(st, home(st, 2), 2, -1)
    land(st, 2, seat=0, n=1)
    assert st.finished and list(st.winners) == [0]


# ---------------------------------------------------------------- landing moons

def test_moon_02_se_detruit_elle_meme_des_que_la_moindre_troupe() -> None:
    """"Cette lune se détruit d'elle-même dès que la moindre troupe se pose sur sa surface.
    Les pions et la lune sont ôtés du jeu à moins de pouvoir résister avec une force d'attaque
    de 50"."""
    st = moon_game(3, moons={2: 2})
    land(st, 2, seat=0, n=3)
    mo = st.moons[2]
    assert mo.gone and not any(mo.count) and st.seats[0].removed == 3
    assert GAME.view(st, 2).moons[2].gone and GAME.audit(st) == []
    assert body(st, 2) not in {b for b, _ in flow.aim_targets(st, 1)}  # no longer a body


def test_moon_02_la_seule_solution_pour_ne_pas_mourir_est_de_montrer_la_carte(
        monkeypatch) -> None:
    """"La seule solution pour ne pas mourir est de montrer la carte d'Attaque 50": shown to
    all, it saves the tokens and the moon. (The classic deck stops at 30: the test names the
    30 the card that saves; the `cosmic` deck holds the 50.)"""
    zeta = importlib.import_module("cosmodrome.games.cosmic.moons.02_zeta_boom")
    monkeypatch.setattr(zeta, "SURVIVES_WITH", 30)
    st = moon_game(3, moons={2: 2})
    give(st, 0, [A30, A4, A10])
    events = land(st, 2, seat=0, n=3)
    shown = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"
             and list(e.payload.cards_seen.cards) == [A30]]
    assert shown and shown[0].audience is None
    assert not st.moons[2].gone and st.moons[2].count[0] == 3 and A30 in st.seats[0].hand


def test_moon_10_oblige_tous_les_joueurs_a_effectuer_une_rotation_vers() -> None:
    """"Celle-ci oblige tous les joueurs à effectuer une rotation vers leur droite ... c'est
    la main entière qui tourne": each hand goes to seat - 1 (M7), who sees it, and the giver
    knows it."""
    st = moon_game(4, moons={2: 10})
    hands = [sorted(se.hand) for se in st.seats]
    events = land(st, 2, seat=0, n=1)
    assert [sorted(se.hand) for se in st.seats] == [hands[1], hands[2], hands[3], hands[0]]
    seen = {(e.payload.cards_seen.seat, e.payload.cards_seen.from_seat)
            for e in events if e.payload.WhichOneof("kind") == "cards_seen"}
    assert seen == {(3, 0), (0, 1), (1, 2), (2, 3)}
    assert any(k.viewer == 0 and k.target == 3 and k.why == pb.REASON_MOON and k.moon == 10
               for k in st.knowledge)


def test_moon_14_oblige_tous_les_joueurs_a_effectuer_une_rotation_vers() -> None:
    """"Celle-ci oblige tous les joueurs à effectuer une rotation vers leur gauche": each hand
    goes to seat + 1 (M7)."""
    st = moon_game(4, moons={2: 14})
    hands = [sorted(se.hand) for se in st.seats]
    land(st, 2, seat=0, n=1)
    assert [sorted(se.hand) for se in st.seats] == [hands[3], hands[0], hands[1], hands[2]]


def test_moon_13_oblige_le_joueur_qui_y_pose_a_tirer_au() -> None:
    """"tirer, au hasard, un pouvoir supplémentaire dans la pile des pouvoirs restants. Ce
    pouvoir agit comme une puissance secondaire ... doit donc être révélé immédiatement"."""
    st = moon_game(3, moons={2: 13})
    st.power_pool.append(POWER_ID["machine"])
    land(st, 2, seat=0, n=1)
    assert list(st.seats[0].powers) == [POWER_ID["machine"]] and st.seats[0].disclosed[0]
    assert POWER_ID["machine"] in GAME.view(st, 1).seats[0].powers
    assert not st.power_pool


def test_moon_13_doit_etre_retire_s_il_se_revele_incompatible() -> None:
    """"... et doit être retiré s'il se révèle incompatible avec les autres forces en jeu":
    the Oracle drawn while the Insecte plays is removed, nothing replaces it."""
    st = moon_game(3, moons={2: 13}, powers=["none", "insecte", "none"])
    st.power_pool.append(POWER_ID["oracle"])
    land(st, 2, seat=0, n=1)
    assert not st.seats[0].powers and not st.power_pool


def test_moon_15_permet_de_tirer_des_cartes_de_la_pile_recouverte() -> None:
    """"le nombre de cartes ainsi tirées est égal au nombre de pions qui se sont posés sur la
    lune ... ces cartes doivent absolument être révélées au voisin de droite"."""
    st = moon_game(3, moons={2: 15})
    land(st, 2, seat=0, n=3)
    before, top = list(st.seats[0].hand), list(st.deck[-3:])
    events = drive(st, 0, mv(answer=pb.Answer(yes=True)))
    assert sorted(st.seats[0].hand) == sorted(before + top)
    to_right = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"
                and e.audience == frozenset({2})]
    assert [sorted(e.payload.cards_seen.cards) for e in to_right] == [sorted(top)]
    assert not any(e.visible_to(1) and e.payload.WhichOneof("kind") == "cards_seen"
                   for e in events)


def test_moon_24_la_puissance_de_cette_lune_se_declenche_au_moment() -> None:
    """"Tous les adversaires doivent, l'un après l'autre, ôter 1 pion au joueur et le placer
    dans le Trou Noir. C'est l'ennemi qui se trouve directement à gauche qui commence ... les
    pions ôtés sont choisis par les adversaires"."""
    st = moon_game(4, moons={4: 24})
    land(st, 4, seat=0, n=1)
    asked = []
    for _ in range(3):
        d = next(d for d in GAME.decisions(st) if d.kind == "moon")
        assert DONE not in d.options  # "doivent"
        asked.append(d.seat)
        GAME.apply(st, d.seat, mv(planet=pb.PlanetChoice(planet=body(st, 4))) if d.seat == 1
                   else d.options[0])
    assert asked == [1, 2, 3] and st.seats[0].black_hole == 3
    assert st.moons[4].count[0] == 0 and GAME.audit(st) == []


def test_moon_56_se_pose_sur_cette_lune_perd_immediatement_des_pions() -> None:
    """"Chaque adversaire, s'il le désire, lui ôte un pion ... On commence par le joueur qui
    se trouve à gauche ... il s'enlève lui aussi 1 pion, mais en dernier !"."""
    st = moon_game(3, moons={2: 56})
    land(st, 2, seat=0, n=2)
    d = next(d for d in GAME.decisions(st) if d.kind == "moon")
    assert d.seat == 1 and DONE in d.options
    GAME.apply(st, 1, DONE)
    d = next(d for d in GAME.decisions(st) if d.kind == "moon")
    assert d.seat == 2
    GAME.apply(st, 2, mv(planet=pb.PlanetChoice(planet=body(st, 2))))
    d = next(d for d in GAME.decisions(st) if d.kind == "moon")
    assert d.seat == 0 and DONE not in d.options
    GAME.apply(st, 0, d.options[0])
    assert st.seats[0].black_hole == 2 and GAME.audit(st) == []


def test_moon_30_oblige_le_joueur_qui_atterrit_a_sa_surface_de() -> None:
    """"jeter toutes ses cartes d'Attaque dont la puissance dépasse 12 ... Le joueur révèle
    ensuite son jeu à ses adversaires"."""
    st = moon_game(3, moons={2: 30})
    give(st, 0, [A12, A13, A20, C1, A4])
    events = land(st, 2, seat=0, n=1)
    assert sorted(st.seats[0].hand) == sorted([A12, C1, A4])
    assert A13 in st.discard and A20 in st.discard
    shown = {s for e in events if e.payload.WhichOneof("kind") == "cards_seen"
             for s in (e.audience or ())}
    assert shown == {1, 2}


# ---------------------------------------------------------------- combat moons

def test_moon_09_permet_au_joueur_qui_y_trouve_accueillir_des_allies() -> None:
    """"des alliés doublement efficaces ... Un simple pion allié prend donc une valeur de 2";
    "Alien n'agit que dans un sens": nothing when its occupant is himself the ally."""
    st = moon_duel({4: 9}, [A10, A4], [A12, C1])
    occupy(st, 4, 0)
    launch_duel(st, ally=("off", 2))
    assert totals(st, A10, A12) == (10 + 1 + 2 * 1, 12 + 2)
    st = moon_duel({4: 9}, [A10, A4], [A12, C1])
    occupy(st, 4, 2)
    launch_duel(st, ally=("off", 2))
    assert totals(st, A10, A12) == (10 + 1 + 1, 12 + 2)


def test_moon_41_tant_que_cette_lune_est_revelee_elle_double_la() -> None:
    """"Tant que cette lune est révélée, elle double la valeur des pions qui possèdent la
    couleur du système où se trouve cette lune" (attack and defence)."""
    st = moon_duel({2: 41}, [A10, A4], [A12, C1])
    occupy(st, 2, 2)  # revealed by anyone: the colour is the system's (seat 1)
    launch_duel(st)
    assert totals(st, A10, A12) == (10 + 1, 12 + 2 * 2)
    st = moon_duel({2: 41}, [A10, A4], [A12, C1])
    occupy(st, 2, 2, face_up=False)
    launch_duel(st)
    assert totals(st, A10, A12) == (10 + 1, 12 + 2)


def test_moon_51_tant_que_cette_lune_est_revelee_elle_triple_la() -> None:
    """"elle triple la valeur des pions qui possèdent la couleur du système ... Seule la
    valeur défensive au combat est modifiée pour ces pions": seat 2's tokens as a defensive
    ally count 3, as an offensive ally 1."""
    st = moon_duel({4: 51}, [A10, A4], [A12, C1])
    occupy(st, 4, 0)
    launch_duel(st, ally=("def", 2))
    assert totals(st, A10, A12) == (10 + 1, 12 + 2 + 3 * 1)
    st = moon_duel({4: 51}, [A10, A4], [A12, C1])
    occupy(st, 4, 0)
    launch_duel(st, ally=("off", 2))
    assert totals(st, A10, A12) == (10 + 1 + 1, 12 + 2)


def _coloris(number: int, defending: int, attacking: int) -> None:
    """Moons 43-48: the player of the system's colour, with the moon face up, adds `defending`
    to his attack card when he defends, `attacking` when he attacks; a malus stops at 0."""
    b4 = card_of("attack", 4, skip=1)
    st = moon_duel({2: number}, [A10, A13], [b4, C1])   # moon in seat 1's system
    occupy(st, 2, 2)
    launch_duel(st)
    assert totals(st, A10, b4) == (10 + 1, max(0, 4 + defending) + 2)
    st = moon_duel({0: number}, [A4, A13], [A20, C1])   # moon in seat 0's system
    occupy(st, 0, 2)
    launch_duel(st)
    assert totals(st, A4, A20) == (max(0, 4 + attacking) + 1, 20 + 2)


def test_moon_43_le_joueur_concerne_peut_il_le_veut_gagner_10() -> None:
    """"Le joueur concerné peut, s'il le veut, gagner 10 points à chacune de ses cartes
    d'Attaque (en attaque ou en défense, peu importe)"."""
    _coloris(43, +10, +10)


def test_moon_44_le_joueur_concerne_perd_10_points_a_chacune_de() -> None:
    """"Le joueur concerné perd 10 points à chacune de ses cartes d'Attaque (en attaque ou en
    défense, peu importe)"."""
    _coloris(44, -10, -10)


def test_moon_47_le_joueur_concerne_peut_il_le_veut_gagner_20() -> None:
    """"gagner 20 points à chacune de ses cartes d'Attaque mais uniquement dans un duel en
    défense"."""
    _coloris(47, +20, 0)


def test_moon_48_le_joueur_concerne_perd_20_points_a_chacune_de() -> None:
    """"perd 20 points à chacune de ses cartes d'Attaque mais uniquement dans un duel en
    défense"."""
    _coloris(48, -20, 0)


def _coloris_with_extension(number: int, defending: bool, values: list[int]) -> int:
    """Moons 43-48 under seed 000's extension cards (X3: "à chacune de ses cartes
    d'Attaque" is per card): the player of the system's colour lays an extension 2 and two
    attack cards of `values` against a 1; his side's total (two tokens, no lucres)."""
    cosmic = {"ruleset": pb.RULESET_COSMIC, "moons": pb.MOON_SET_ALL, "lucres": 0}
    own = [card_of("attack", v, skip=values[:i].count(v), cosmic=True)
           for i, v in enumerate(values)]
    play_set = [card_of("extension", 2, cosmic=True), *own]
    one = card_of("attack", 1, cosmic=True)
    st = duel(["none"] * 3, [one] if defending else play_set,
              play_set if defending else [one], **cosmic)
    m = 2 if defending else 0           # a moon of the defender's, or the offence's, system
    put_moon(st, m, number)
    occupy(st, m, 2)                    # face up while inhabited (L04)
    pass_windows(st)
    for seat, cards in ((0, [one] if defending else play_set), (1, play_set if defending
                                                                 else [one])):
        for c in cards:
            play(st, seat, mv(card=pb.CardChoice(card=c)))
        if DONE in options(st, seat):
            play(st, seat, DONE)
    return flow.side_total(st, None, 1 if defending else 0)


def test_moon_43_gagner_10_points_a_chacune_de_ses_cartes_d_attaque_extension() -> None:
    """"gagner 10 points à chacune de ses cartes d'Attaque": two attack cards under an
    extension 2 gain 10 each."""
    assert _coloris_with_extension(43, False, [6, 8]) == (6 + 10) + (8 + 10) + 2
    assert _coloris_with_extension(43, True, [6, 8]) == (6 + 10) + (8 + 10) + 2


def test_moon_44_perd_10_points_a_chacune_de_ses_cartes_d_attaque_extension() -> None:
    """"perd 10 points à chacune de ses cartes d'Attaque": 10 off each card, each card
    stopping at 0 (30 and 4 make 20 + 0)."""
    assert _coloris_with_extension(44, False, [20, 12]) == (20 - 10) + (12 - 10) + 2
    assert _coloris_with_extension(44, True, [30, 4]) == (30 - 10) + 0 + 2


def test_moon_47_gagner_20_points_a_chacune_de_ses_cartes_en_defense_extension() -> None:
    """"gagner 20 points à chacune de ses cartes d'Attaque mais uniquement dans un duel en
    défense": 20 on each card in defence, nothing in attack."""
    assert _coloris_with_extension(47, True, [6, 8]) == (6 + 20) + (8 + 20) + 2
    assert _coloris_with_extension(47, False, [6, 8]) == 6 + 8 + 2


def test_moon_48_perd_20_points_a_chacune_de_ses_cartes_en_defense_extension() -> None:
    """"perd 20 points à chacune de ses cartes d'Attaque mais uniquement dans un duel en
    défense": 20 off each card in defence (each stopping at 0), nothing in attack."""
    assert _coloris_with_extension(48, True, [30, 8]) == (30 - 20) + 0 + 2
    assert _coloris_with_extension(48, True, [30, 40]) == (30 - 20) + (40 - 20) + 2
    assert _coloris_with_extension(48, False, [30, 8]) == 30 + 8 + 2


def test_moon_43_alpha_coloris_n_ajoute_rien_a_un_compromis() -> None:
    """"Alpha Coloris n'ajoute rien à un Compromis": the compromise still loses."""
    st = moon_duel({2: 43}, [A4, A10], [C1, A20])
    occupy(st, 2, 2)
    launch_duel(st)
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=A4)))
    play(st, 1, mv(card=pb.CardChoice(card=C1)))
    pass_windows(st)
    assert B.tok(st, 5, 0) == 1 and B.tok(st, 5, 1) == 0  # the offence landed


def test_combat_moons_act_in_public_when_they_change_a_total() -> None:
    st = moon_duel({2: 41}, [A10, A4], [A12, C1])
    occupy(st, 2, 2)
    launch_duel(st)
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=A10)))
    events = play(st, 1, mv(card=pb.CardChoice(card=A12)))
    from tests.games.cosmic.cosmic_helpers import pass_windows_events
    events += pass_windows_events(st)
    acted = moon_events(events, "moon_acted")
    assert [(e.payload.moon_acted.number, e.audience) for e in acted] == [(41, None)]


# ---------------------------------------------------------------- deals

def test_moon_57_hyper_campus_permet_au_joueur_qui_se_trouve_sur() -> None:
    """"Lorsqu'un marché n'est pas conclu ... ceux-ci perdent chacun 3 pions dans le Trou Noir.
    Hyper Campus permet au joueur qui se trouve sur cette lune de ne rien perdre du tout"."""
    st = moon_duel({4: 57}, [C1, A4], [C2, A12])
    occupy(st, 4, 0)
    launch_duel(st)
    totals(st, C1, C2)
    pass_windows(st)
    place_all(st)
    on_bases = B.tokens_on_bases(st, 0)
    play(st, 1, mv(deal_abandon=pb.Done()))
    take(st, 1, 6, 6, 6)
    assert B.tokens_on_bases(st, 0) == on_bases and st.seats[0].black_hole == 0
    assert st.seats[1].black_hole == 3


__all__ = ["CARDS"]


# ---------------------------------------------------------------- moons 39 and 54

def test_moon_39_au_moment_ou_le_joueur_se_pose_sur_cette() -> None:
    """"il peut prendre possession d'une nouvelle base, n'importe où sans combat mais avec 1
    seul de ses pions": where (or not at all), then from which base."""
    st = moon_game(3, moons={2: 39})
    land(st, 2, seat=0, n=1)
    where = options(st, 0)
    assert DONE in where and mv(planet=pb.PlanetChoice(planet=10)) in where
    assert mv(planet=pb.PlanetChoice(planet=body(st, 2))) not in where  # he is there
    assert mv(planet=pb.PlanetChoice(planet=1)) not in where            # a base already
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=10)))
    sources = options(st, 0)
    assert mv(planet=pb.PlanetChoice(planet=body(st, 2))) in sources
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=1)))
    assert B.tok(st, 10, 0) == 1 and B.tok(st, 10, 2) == 4 and GAME.audit(st) == []


def test_moon_39_is_optional_and_a_new_base_on_a_moon_is_a_landing() -> None:
    """F: he may decline; M2: a base set up on a moon by moon 39 lands there (moon 10 turns
    the hands)."""
    st = moon_game(3, moons={2: 39})
    land(st, 2, seat=0, n=1)
    drive(st, 0, DONE)
    assert not any(t.HasField("moon_question") for t in st.tasks)
    st = moon_game(3, moons={2: 39, 4: 10})
    land(st, 2, seat=0, n=1)
    hands = [sorted(se.hand) for se in st.seats]
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=body(st, 4))))
    drive(st, 0, mv(planet=pb.PlanetChoice(planet=1)))
    assert st.moons[4].count[0] == 1 and st.moons[4].face_up
    assert [sorted(se.hand) for se in st.seats] == [hands[1], hands[2], hands[0]]


def test_moon_54_se_pose_sur_cette_lune_perd_immediatement_des_cartes() -> None:
    """"Chaque adversaire, s'il le désire, lui tire une carte au hasard dans sa main et la
    place dans la sienne. On commence par le joueur qui se trouve à gauche"."""
    st = moon_game(4, moons={2: 54})
    land(st, 2, seat=0, n=1)
    sizes = [len(se.hand) for se in st.seats]
    asked = []
    for answer in (True, False, True):
        d = next(d for d in GAME.decisions(st) if d.kind == "moon")
        asked.append(d.seat)
        GAME.apply(st, d.seat, mv(answer=pb.Answer(yes=answer)))
    assert asked == [1, 2, 3]
    assert [len(se.hand) for se in st.seats] == [sizes[0] - 2, sizes[1] + 1, sizes[2],
                                                 sizes[3] + 1]


def test_moon_54_sans_cartes_il_n_a_pas_le_droit_de_se_refaire_une_main() -> None:
    """"si le joueur qui se trouve sur cette lune ne possède plus de cartes, il n'a pas le
    droit de se refaire une main": attacked with no card, he draws none and loses."""
    st = moon_game(3, moons={0: 54}, first=1)
    occupy(st, 0, 0)
    give(st, 0, [])
    give(st, 1, [A10, A4])
    at_aim(st, 0)
    play(st, 1, mv(aim=pb.Aim(planet=1, defense=0)))
    take(st, 1, 5)
    play(st, 1, DONE)
    play(st, 0, DONE)
    pass_windows(st)
    play(st, 1, mv(card=pb.CardChoice(card=A10)))
    pass_windows(st)
    assert B.tok(st, 1, 1) == 1 and B.tok(st, 1, 0) == 0
    assert list(st.seats[0].hand) == [A4]  # no new hand: only his consolation, from seat 1


# ---------------------------------------------------------------- moons 22 and 28

def test_moon_22_oblige_tous_les_joueurs_a_effectuer_une_rotation_vers() -> None:
    """"Celle-ci oblige tous les joueurs à effectuer une rotation vers leur droite pour ce qui
    concerne les pouvoirs": one power each, each goes to seat - 1 (M7), with no question."""
    st = moon_game(3, moons={2: 22}, powers=["machine", "virus", "clone"])
    st.seats[1].disclosed[0] = True
    land(st, 2, seat=0, n=1)
    assert not any(d.kind == "moon" for d in GAME.decisions(st))
    assert [list(se.powers) for se in st.seats] == [
        [POWER_ID["virus"]], [POWER_ID["clone"]], [POWER_ID["machine"]]]
    assert [se.disclosed[0] for se in st.seats] == [True, False, False]  # virus stays shown


def test_moon_28_oblige_tous_les_joueurs_a_effectuer_une_rotation_vers() -> None:
    """"... une rotation vers leur gauche pour ce qui concerne les pouvoirs", the revealer
    choosing with secondary powers in play: here the secondary ones only."""
    st = moon_game(3, moons={2: 28}, powers=["machine+oracle", "virus", "clone+vide"])
    land(st, 2, seat=0, n=1)
    d = next(d for d in GAME.decisions(st) if d.kind == "moon")
    assert d.seat == 0 and len(d.options) == 3
    drive(st, 0, mv(moon_choice=pb.MoonChoice(powers=pb.POWERS_PASSED_SECONDARY)))
    assert [list(se.powers) for se in st.seats] == [
        [POWER_ID["machine"], POWER_ID["vide"]], [POWER_ID["virus"], POWER_ID["oracle"]],
        [POWER_ID["clone"]]]
    st = moon_game(3, moons={2: 28}, powers=["machine+oracle", "virus", "clone+vide"])
    land(st, 2, seat=0, n=1)
    drive(st, 0, mv(moon_choice=pb.MoonChoice(powers=pb.POWERS_PASSED_MAIN)))
    assert [list(se.powers) for se in st.seats] == [
        [POWER_ID["clone"], POWER_ID["oracle"]], [POWER_ID["machine"]],
        [POWER_ID["virus"], POWER_ID["vide"]]]


def test_moon_05_a_ete_le_lieu_de_rassemblement_anciens_pirates_de() -> None:
    """"un splendide magot de Lucres qui revient intégralement au premier Pouvoir qui s'y
    pose. La somme retrouvée est de 10 Lucres. Cette lune ne révèle son pouvoir qu'une seule
    fois": the lander takes 10; the next landing finds nothing."""
    st = moon_game(3, moons={4: 5})
    land(st, 4, seat=0, n=1)
    assert [se.lucres for se in st.seats] == [10, 0, 0] and st.moons[4].spent
    B.add_tok(st, home(st, 1), 1, -1)  # seat 1 lands there next: the hoard is gone
    st.moons[4].count[1] += 1
    moonflow.landed(st, moonflow.Ctx(st, [], 0), body(st, 4), {1: 1})
    assert [se.lucres for se in st.seats] == [10, 0, 0]


def test_moon_55_lorsque_cette_lune_est_decouverte_elle_explose_pour_creer() -> None:
    """"elle explose pour créer d'autres lunes. Le nombre de nouvelles lunes ... est égal au
    nombre de pions qui se sont posés sur Génésis ... dans le même système ... Ce même joueur
    place un pion, précédemment sur Génésis, sur chaque lune et en prend connaissance"."""
    st = moon_game(3, moons={2: 55})
    deck = len(st.moon_deck)
    land(st, 2, seat=0, n=3)
    assert st.moons[2].gone and not any(st.moons[2].count)
    born = st.moons[6:]
    assert len(born) == 3 and len(st.moon_deck) == deck - 3
    assert all(mo.system == 1 and list(mo.count) == [1, 0, 0] and mo.known_by[0]
               for mo in born)
    assert all(GAME.view(st, 0).moons[m].HasField("number") for m in range(6, 9))
    assert GAME.audit(st) == []


def test_moon_55_les_nouvelles_lunes_sont_des_atterrissages() -> None:
    """M2: each new moon is landed on: an instant one acts (moon 10 turns the hands)."""
    st = moon_game(3, moons={0: 14, 1: 15, 2: 55, 3: 24, 4: 30, 5: 41})
    st.moon_deck[:] = [10]  # the only moon left to draw (the deck is cut for the test)
    hands = [sorted(se.hand) for se in st.seats]
    land(st, 2, seat=0, n=2)
    assert [mo.number for mo in st.moons[6:]] == [10] and st.moons[6].face_up
    assert [sorted(se.hand) for se in st.seats] == [hands[1], hands[2], hands[0]]
    place = [d for d in GAME.decisions(st) if d.kind == "place_token"]
    assert place and place[0].seat == 0  # the token beyond the moons drawn goes home
    assert token_total(st, 0) == B.TOKENS_PER_PLAYER
