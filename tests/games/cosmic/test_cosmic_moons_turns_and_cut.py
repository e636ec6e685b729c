"""Seed 000's turn-flow moons (31, 45, 53, 27) and the cut-text moons (42, 38, 35, 23), one
test (or more) per moon, named after its French text (docs/rules/cosmic-000.md, rows
Moon23-Moon53; provisional readings m23, m35, m38, m42, m53)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flow, moonflow
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    at_aim,
    card_of,
    give,
    mv,
    options,
    pass_windows,
    pb,
    play,
    set_tokens,
    take,
)
from tests.games.cosmic.moon_helpers import body, home, land, moon_events, moon_game
from tests.games.cosmic.test_cosmic_moons_hosted import occupy

A4, A10, A12 = (card_of("attack", v) for v in (4, 10, 12))
C1 = card_of("compromise")
PESTE = card_of("edict", edict="peste")
ANOTHER = mv(another=pb.Done())


def settle(st: pb.State) -> list:
    events: list = []
    ctx = flow.Ctx(st, events, 0)
    flow.settle(st, ctx)
    st.rng = ctx.rng.state
    return events


# ---------------------------------------------------------------- moon 31

def test_moon_31_permet_au_joueur_qui_y_trouve_de_prendre_1() -> None:
    """"prendre 1 autre carte dans la pile à chaque fois qu'il est en droit d'en prendre 1
    (pour une nouvelle main, une consolation, ...)": a new hand of fourteen, a consolation card
    and one more; not for a player off the moon."""
    st = moon_game(3, moons={2: 31})
    occupy(st, 2, 0)
    give(st, 0, [])
    give(st, 1, [])
    events: list = []
    ctx = flow.Ctx(st, events, 0)
    actions.draw_new_hand(st, ctx, 0, 0)
    actions.draw_new_hand(st, ctx, 1, 0)
    assert len(st.seats[0].hand) == 2 * B.HAND_SIZE and len(st.seats[1].hand) == B.HAND_SIZE
    assert [(e.payload.moon_acted.number, e.audience)
            for e in moon_events(events, "moon_acted")] == [(31, None)]
    mine = [c for e in events if e.payload.WhichOneof("kind") == "cards_seen"
            and e.audience == frozenset({0}) for c in e.payload.cards_seen.cards]
    assert sorted(mine) == sorted(st.seats[0].hand)  # the extra cards are his secret
    actions.take_consolation(st, ctx, 0, 1, 2)  # classic: two from the opponent's hand
    assert len(st.seats[0].hand) == 2 * B.HAND_SIZE + 4
    assert len(st.seats[1].hand) == B.HAND_SIZE - 2


def test_moon_31_une_fois_que_sa_main_atteint_40_cartes_la_lune_devient_inoperante() -> None:
    """"Toutefois, une fois que le total de sa main atteint 40 cartes, la lune devient
    inopérante": 38 cards and a card due make 40 with the moon's; at 39, none more."""
    st = moon_game(3, moons={2: 31})
    occupy(st, 2, 0)
    ctx = flow.Ctx(st, [], 0)
    for start, end in ((38, 40), (39, 40), (40, 41)):
        st.seats[0].hand[:] = [A4] * start  # a count only: the deck is not that large
        actions.take_consolation(st, ctx, 0, 1, 1)
        assert len(st.seats[0].hand) == end


def test_moon_31_counts_the_reward_and_the_consolation_from_the_deck() -> None:
    """The '…' covers the defensive ally's reward and seed 000's consolation from the deck."""
    st = moon_game(3, moons={2: 31}, consolation_from_deck=True)
    occupy(st, 2, 0)
    give(st, 0, [A4])
    st.tasks.add(seat=0, consolation=pb.ConsolationTask(giver=1, count=1))
    play(st, 0, mv(consolation=pb.ConsolationFrom(source=pb.CARD_SOURCE_DECK)))
    assert len(st.seats[0].hand) == 3
    st.enc.cone_def[0] = 2
    st.tasks.add(seat=0, reward=pb.RewardTask(tokens=2))
    play(st, 0, mv(reward=pb.Reward(cards=2)))
    assert len(st.seats[0].hand) == 3 + 4


# ---------------------------------------------------------------- moon 45

def _encounter_over(st: pb.State, success: bool, number: int) -> None:
    """Encounter `number` of seat 0's turn has just ended (`success` or not)."""
    st.enc.success, st.enc.number = success, number
    ctx = flow.Ctx(st, [], 0)
    flow.go_next(st, ctx)
    flow.settle(st, ctx)


def test_moon_45_fasme_est_abreviation_de_fanatisme() -> None:
    """"d'effectuer une attaque supplémentaire quel que soit le cas de figure": after a
    failure he may go on (the rules would end his turn), once per turn; after two successes,
    a third encounter."""
    st = moon_game(3, moons={0: 45})
    _encounter_over(st, success=False, number=1)
    assert ANOTHER not in options(st, 0)
    st = moon_game(3, moons={0: 45})
    occupy(st, 0, 0)
    _encounter_over(st, success=False, number=1)
    events = play(st, 0, ANOTHER)
    assert st.enc.number == 2 and st.enc.extra_encounters == 1
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [45]
    _encounter_over(st, success=True, number=2)
    assert ANOTHER not in options(st, 0)  # one more, not one more each time
    st = moon_game(3, moons={0: 45})
    occupy(st, 0, 0)
    _encounter_over(st, success=True, number=2)
    play(st, 0, ANOTHER)
    assert st.enc.number == 3


def test_moon_45_il_peut_se_refaire_une_main_les_edits_peuvent_etre_gardes() -> None:
    """"Il peut se refaire une main s'il ne possède plus de cartes de duel à ce moment-là
    (les Edits peuvent être gardés ou joués)": his edict stays, seven cards come."""
    st = moon_game(3, moons={0: 45}, edicts=True)
    occupy(st, 0, 0)
    give(st, 0, [PESTE])
    _encounter_over(st, success=True, number=1)
    play(st, 0, ANOTHER)
    assert st.enc.number == 2 and PESTE in st.seats[0].hand
    assert len(st.seats[0].hand) >= 1 + B.HAND_SIZE and B.has_encounter_card(st, 0)
    st = moon_game(3, moons={0: 45}, edicts=True)
    give(st, 0, [PESTE])
    _encounter_over(st, success=True, number=1)
    assert st.enc.offense == 1  # without the moon: no encounter card, his turn is over


# ---------------------------------------------------------------- moon 53

def _about_to_win(st: pb.State, seat: int = 0) -> None:
    """`seat` has bases on five foreign planets, as if an encounter had just made it."""
    for p in (5, 6, 7, 10, 11):
        set_tokens(st, p, seat, 1)


def test_moon_53_une_seule_fois_le_joueur_qui_possede_cette_lune() -> None:
    """"le joueur qui possède cette lune peut la révéler et annuler la victoire à un de ses
    adversaires. Lorsque la lune a été utilisée, elle disparaît et les pions qui s'y trouvent
    regagnent leurs bases": the game goes on; the moon acts for all to see."""
    st = moon_game(3, moons={4: 53})
    occupy(st, 4, 2, n=2, face_up=False)
    st.moons[4].known_by[:] = [False, False, True]
    _about_to_win(st)
    settle(st)
    assert not st.finished
    assert options(st, 2) == [mv(cancel_victory=pb.SeatChoice(seat=0)), DONE]
    events = GAME.apply(st, 2, mv(cancel_victory=pb.SeatChoice(seat=0)))
    assert not st.finished and st.moons[4].gone and not any(st.moons[4].count)
    assert [(e.payload.moon_acted.number, e.audience)
            for e in moon_events(events, "moon_acted")] == [(53, None)]
    assert st.seats[2].limbo == 2 and any(t.HasField("place") and t.seat == 2
                                          for t in st.tasks)
    assert GAME.view(st, 1).moons[4].number == 53
    st = moon_game(3, moons={4: 53})
    occupy(st, 4, 2, face_up=False)
    _about_to_win(st)
    settle(st)
    GAME.apply(st, 2, DONE)
    assert st.finished and list(st.winners) == [0]


def test_moon_53_after_a_cancelled_win_he_wins_again_only_with_a_new_base() -> None:
    """m53b: the cancelled winner does not win at once with the same count; a sixth base
    (or a base lost and won back) wins."""
    st = moon_game(3, moons={4: 53})
    occupy(st, 4, 2, face_up=False)
    _about_to_win(st)
    settle(st)
    GAME.apply(st, 2, mv(cancel_victory=pb.SeatChoice(seat=0)))
    settle(st)
    assert not st.finished and list(st.win_cancelled) == [5, 0, 0]
    set_tokens(st, 12, 0, 1)
    settle(st)
    assert st.finished and list(st.winners) == [0]


def test_moon_53_every_seat_on_a_moon_is_asked_so_that_being_asked_tells_nothing() -> None:
    """A seat on another moon is asked too, with nothing but Done; one on no moon is not."""
    st = moon_game(4, moons={4: 53, 6: 9})
    occupy(st, 6, 3, face_up=False)
    _about_to_win(st)
    settle(st)
    assert [(d.seat, d.kind, d.options) for d in GAME.decisions(st)] == [
        (3, "victory_contest", [DONE])]
    view = GAME.view(st, 1)
    assert view.tasks[0].WhichOneof("kind") == "victory_contest"
    GAME.apply(st, 3, DONE)
    assert st.finished and list(st.winners) == [0]


# ---------------------------------------------------------------- moon 27

def _invite_nobody(st: pb.State) -> None:
    """Seat 0 attacks planet 5 (seat 1) with one token; nobody invites anyone."""
    set_tokens(st, 5, 1, 2)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    play(st, 0, DONE)
    play(st, 1, DONE)


def _take_count(st: pb.State, seat: int) -> int:
    return next(t.take.count for t in st.tasks if t.HasField("take") and t.seat == seat)


def test_moon_27_permet_au_joueur_qui_se_trouve_dessus_de_allier() -> None:
    """"de s'allier de force (en attaque, en défense ou dans les deux) ... le nombre maximum
    de pions qui peuvent s'allier est multiplié par 2. Il est donc porté à 8": uninvited, he
    may join either side, with up to eight tokens."""
    st = moon_game(3, moons={4: 27})
    _invite_nobody(st)
    assert options(st, 2) == []  # off the moon: not asked
    st = moon_game(3, moons={4: 27})
    occupy(st, 4, 2)
    _invite_nobody(st)
    sides = [o.join.side for o in options(st, 2) if o.WhichOneof("kind") == "join"]
    assert sides == [pb.SIDE_NEITHER, pb.SIDE_OFFENCE, pb.SIDE_DEFENCE]
    play(st, 2, mv(join=pb.Join(side=pb.SIDE_DEFENCE)))
    assert _take_count(st, 2) == 8
    take(st, 2, *[11] * 4, *[12] * 4, done=False)
    assert st.enc.cone_def[2] == 8


def test_moon_27_dans_le_cas_du_macron_2_de_ses_pions_seulement() -> None:
    """"Note : dans le cas du Macron, 2 de ses pions seulement peuvent s'allier"."""
    st = moon_game(3, moons={4: 27}, powers=["none", "none", "macron"])
    occupy(st, 4, 2)
    _invite_nobody(st)
    play(st, 2, mv(join=pb.Join(side=pb.SIDE_OFFENCE)))
    pass_windows(st)
    assert _take_count(st, 2) == 2


# ---------------------------------------------------------------- moon 42

def test_moon_42_a_chaque_fois_que_cette_lune_est_revelee_elle() -> None:
    """"elle inflige une terrible peste à tous les Pouvoirs qui se trouvent dans le même
    système que cette lune ... le joueur qui s'est posé sur Pesta est aussi concerné" (m42:
    La Peste on each, from the lander's left, the lander last; seat 2, with no token in the
    system, is spared)."""
    st = moon_game(3, moons={2: 42})
    land(st, 2, seat=0, n=1)
    plagued = [t.seat for t in st.tasks if t.HasField("plague") or t.HasField("tokens_lost")]
    assert plagued and plagued[0] == 1 and plagued[-1] == 0 and 2 not in plagued
    assert sum(1 for t in st.tasks if t.HasField("plague") and t.seat == 0) == 3
    lost = B.tokens_on_bases(st, 1)
    while any(t.HasField("plague") or t.HasField("tokens_lost") or t.HasField("take")
              for t in st.tasks):
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, d.options[-1] if d.kind != "take_token" else d.options[0])
    assert B.tokens_on_bases(st, 1) == lost - 3 and st.seats[1].black_hole == 3


def test_moon_42_revealed_again_after_being_face_down_strikes_again() -> None:
    """"A chaque fois que cette lune est révélée": landing on it while face up does not."""
    st = moon_game(3, moons={2: 42})
    occupy(st, 2, 2)  # already face up: a landing reveals nothing
    B.add_tok(st, home(st, 0), 0, -1)
    st.moons[2].count[0] += 1
    moonflow.landed(st, flow.Ctx(st, [], 0), body(st, 2), {0: 1})
    assert not any(t.HasField("plague") or t.HasField("tokens_lost") for t in st.tasks)


# ---------------------------------------------------------------- moon 38

def test_moon_38_des_un_joueur_se_pose_sur_cette_lune_il() -> None:
    """"il perd: [cut] Les pouvoirs en question sont mis de côté. Le joueur pourra les
    récupérer au moment où il aura pris possession de trois autres lunes ... Alors
    seulement, il peut quitter la surface de CT EKRI" (m38: all his powers)."""
    st = moon_game(4, moons={2: 38}, powers=["machine", "none", "none", "none"])
    land(st, 2, seat=0, n=2)
    se = st.seats[0]
    assert list(se.powers) == [] and list(se.powers_aside) == [POWER_ID["machine"]]
    assert not moonflow.holds(st, body(st, 2), 1)
    assert moonflow.holds(st, body(st, 2), 0)  # locked on CT EKRI
    for m in (4, 6):
        occupy(st, m, 0)
    ctx = flow.Ctx(st, [], 0)
    B.add_tok(st, 0, 0, -1)
    st.moons[0].count[0] += 1
    moonflow.landed(st, ctx, body(st, 0), {0: 1})
    assert list(se.powers) == [POWER_ID["machine"]] and not se.powers_aside
    assert not moonflow.holds(st, body(st, 2), 0)


def test_moon_38_alors_seulement_il_peut_quitter_la_surface_de_ct_ekri() -> None:
    """While locked, his tokens on it are never offered for a launch."""
    st = moon_game(3, moons={2: 38}, powers=["machine", "none", "none"])
    land(st, 2, seat=0, n=1)
    st.enc.offense = 0
    flow.launch(st, flow.Ctx(st, [], 0), 0, pb.DEST_CONE_OFF)
    t = st.tasks[-1]
    from cosmodrome.games.cosmic import tasks
    offered = {m.planet.planet for m in tasks.TASKS["take"].options(st, t)
               if m.WhichOneof("kind") == "planet"}
    assert offered and body(st, 2) not in offered


# ---------------------------------------------------------------- moon 35

def _revealed(st: pb.State, off_card: int, def_card: int) -> None:
    """Both cards played and revealed: the window after the reveal is open."""
    from tests.games.cosmic.test_cosmic_moons_hosted import launch_duel
    launch_duel(st)
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=off_card)))
    play(st, 1, mv(card=pb.CardChoice(card=def_card)))
    while st.step != pb.STEP_POST_REVEAL:
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, DONE)


def test_moon_35_possede_cette_lune_peut_il_le_desire_transformer_certaines() -> None:
    """"transformer certaines cartes d'Attaque pendant un duel ... (qui s'opère après que les
    cartes aient été révélées) ... autant de cartes que le souhaite le joueur" (m35: the
    two digits swapped): his 12 becomes 21; he may also turn the opponent's 13 into 31."""
    A13 = card_of("attack", 13)
    from tests.games.cosmic.test_cosmic_moons_hosted import moon_duel
    st = moon_duel({0: 35}, [A12, A4], [A13, C1])
    occupy(st, 0, 0)
    _revealed(st, A12, A13)
    moves = [o for o in options(st, 0) if o.WhichOneof("kind") == "transform"]
    assert {o.transform.card for o in moves} == {A12, A13}
    events = play(st, 0, mv(transform=pb.CardChoice(card=A12)))
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [35]
    assert flow.side_total(st, None, 0) == 21 + 1 and flow.side_total(st, None, 1) == 13 + 2
    play(st, 0, mv(transform=pb.CardChoice(card=A13)))
    assert flow.side_total(st, None, 1) == 31 + 2
    assert not [o for o in options(st, 0) if o.WhichOneof("kind") == "transform"]


def test_moon_35_il_ne_peut_le_faire_que_s_il_est_implique_dans_un_combat() -> None:
    """"Il ne peut le faire que s'il est impliqué dans un combat (même s'il est allié)": seat
    2, on the moon but out of the encounter, has no transformation to make."""
    from tests.games.cosmic.test_cosmic_moons_hosted import moon_duel
    st = moon_duel({0: 35}, [A12, A4], [A10, C1])
    occupy(st, 0, 2)
    _revealed(st, A12, A10)
    assert all(o.WhichOneof("kind") != "transform"
               for d in GAME.decisions(st) for o in d.options)
    assert moonflow.window_moves(st, 2, pb.STEP_POST_REVEAL) == []


# ---------------------------------------------------------------- moon 23

def _destiny(st: pb.State) -> list:
    """The offence's disc is drawn again (as at the start window's close)."""
    events: list = []
    flow.go_destiny(st, flow.Ctx(st, events, 0))
    return events


def test_moon_23_possede_cette_lune_peut_utiliser_sa_puissance_mais_seulement() -> None:
    """"seulement lorsque c'est son tour de jouer. Au moment où le disque solaire est retourné
    pour connaître la destination, la lune permet : [cut]" (m23: set the disc aside and draw
    another, once a turn)."""
    YES, NO = mv(answer=pb.Answer(yes=True)), mv(answer=pb.Answer(yes=False))
    st = moon_game(3, moons={0: 23}, star_discs=True)
    occupy(st, 0, 0, face_up=False)
    _destiny(st)
    assert options(st, 0) == [YES, NO]
    out = len(st.discs_out)
    events = GAME.apply(st, 0, YES)
    assert len(st.discs_out) == out + 1  # the first disc stays aside, a second is drawn
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [23]
    assert any(e.payload.WhichOneof("kind") == "destiny" for e in events)
    _destiny(st)
    assert options(st, 0) == [NO]  # once a turn; asked all the same
    st = moon_game(3, moons={0: 23}, star_discs=True)
    occupy(st, 0, 1, face_up=False)  # another seat on it: not his turn
    _destiny(st)
    assert not any(t.HasField("disc_redraw") for t in st.tasks)
    st = moon_game(3, moons={0: 9}, star_discs=True, moon_deck=[9, 1, 5, 7, 41, 43])
    occupy(st, 0, 0)
    _destiny(st)  # no moon of the game redraws discs: nobody is asked
    assert not any(t.HasField("disc_redraw") for t in st.tasks)


# ---------------------------------------------------------------- random play

MINE = [23, 27, 31, 35, 38, 42, 45, 53]


def test_random_games_with_the_turn_and_cut_moons_end_and_keep_every_token_and_card() -> None:
    """Random games with exactly these eight moons dealt (four players, the `cosmic` ruleset
    and the classic one) end, with every token and card accounted for at each move."""
    from tests.games.cosmic.cosmic_helpers import random_game
    for seed in range(3):
        for ruleset in (pb.RULESET_COSMIC, pb.RULESET_CLASSIC):
            st, _ = random_game(4, seed, moon_deck=MINE, ruleset=ruleset, star_discs=True,
                                deal_timeout_ms=0)
            assert sorted(mo.number for mo in st.moons[:8]) == MINE
