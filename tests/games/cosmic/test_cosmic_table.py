"""Seed 000's table-behaviour moons (docs/rules/cosmic-000.md, "Table-behaviour moons: who
judges", rows Moon08-Moon60): the chat-judged ones, the reported ones, moon 60's calls, and the
server-enforced 36 and 58. One test (or more) per moon, named after its French text."""

from __future__ import annotations

import random

import pytest

from cosmodrome.core.engine import IllegalMove
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonflow, pieces, table
from cosmodrome.games.cosmic.content_000 import MOONS
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    at_aim,
    card_of,
    give,
    mv,
    notes,
    options,
    pass_windows,
    pb,
    play,
    random_game,
    take,
)
from tests.games.cosmic.moon_helpers import home, land, moon_game
from tests.games.cosmic.test_cosmic_moons_hosted import occupy
from tests.games.cosmic.test_cosmic_noninterference import perturb, reveals
from tests.noninterference import Secrets, Tally, compare_position

A4, A10, A12 = (card_of("attack", v) for v in (4, 10, 12))
TABLE_MOONS = (8, 12, 16, 18, 20, 32, 36, 40, 46, 52, 58, 60)


def on_moon(number: int, seat: int = 0, players: int = 4) -> pb.State:
    """A game where `seat` stands on moon `number` (State.moons[2], seat 1's system)."""
    st = moon_game(players, moons={2: number})
    occupy(st, 2, seat)
    return st


def report(m: int, offender: int) -> pb.Move:
    return mv(report=pb.TableReport(moon=m, offender=offender))


def penalty_asks(st: pb.State) -> list[tuple[int, int]]:
    """(judge, offender) of the penalty decisions owed now."""
    return [(d.seat, st.tasks[0].table_penalty.offender) for d in GAME.decisions(st)
            if d.kind == "table_penalty"]


def said(st: pb.State, seat: int, text: str) -> list:
    """`seat` says `text` in the match chat: the platform applies what `judge_chat` makes of
    it (core/runner.judge_chat); the events, or None when the line is not judged."""
    move = GAME.judge_chat(st, seat, text)
    return None if move is None else GAME.apply(st, seat, move)


# ====================================================================== dealt as an option

def test_table_moons_are_dealt_only_with_every_moon_and_37_never() -> None:
    """M8: the table moons are opt-in (`MOON_SET_ALL`), never in the default deck; 37
    (cheating) is not hostable and never dealt."""
    everything = moonflow.deck_numbers(pb.Options(moons=pb.MOON_SET_ALL))
    default = moonflow.deck_numbers(pb.Options(moons=pb.MOON_SET_GAME_EFFECT))
    assert set(TABLE_MOONS) <= set(everything) and not set(TABLE_MOONS) & set(default)
    assert 37 not in everything and 37 not in pieces.MOONS
    for n in TABLE_MOONS:
        assert isinstance(pieces.MOONS[n], table.TableMoon)
        assert MOONS[n - 1].category == "table_behaviour"


# ====================================================================== chat-judged: 8, 16, 18

def test_moon_08_oblique_le_joueur_qui_y_trouve_a_ne_parler() -> None:
    """"à ne parler que par gestes. Au moindre son qui sort de sa bouche, le joueur perd
    immédiatement 1 de ses pions dans le Trou Noir ou 1 carte de sa main": any chat line of
    the occupant is one infraction; the right-hand neighbour (seat 3 for seat 0) owes the
    penalty and sends a token of his to the black hole."""
    st = on_moon(8, seat=0)
    events = said(st, 0, "ok")
    assert notes(events, pb.NOTE_KIND_TABLE_RULE_BROKEN)[0].target == 3
    assert penalty_asks(st) == [(3, 0)]
    before = st.seats[0].black_hole
    GAME.apply(st, 3, mv(planet=pb.PlanetChoice(planet=home(st, 0))))
    assert st.seats[0].black_hole == before + 1 and not penalty_asks(st)
    assert GAME.audit(st) == []


def test_moon_08_only_its_occupant_is_judged() -> None:
    """A line of a player who is not on the moon, or after he left it, is no infraction."""
    st = on_moon(8, seat=0)
    assert GAME.judge_chat(st, 1, "hello") is None
    st.moons[2].count[0] = 0
    B.add_tok(st, home(st, 0), 0, 1)
    assert GAME.judge_chat(st, 0, "hello") is None


def test_moon_16_oblige_le_joueur_qui_y_trouve_a_garder_le() -> None:
    """"à garder le silence ... ou 1 carte de sa main. C'est son voisin de droite qui ...
    tire la carte au hasard": the neighbour may take a random card of his hand instead; it
    goes to the discard pile."""
    st = on_moon(16, seat=1)
    give(st, 1, [A4, A10, A12])
    said(st, 1, "…")
    assert penalty_asks(st) == [(0, 1)]
    assert pb.Move(penalty_card=pb.Done()) in options(st, 0)
    events = GAME.apply(st, 0, pb.Move(penalty_card=pb.Done()))
    assert len(st.seats[1].hand) == 2 and st.discard[-1] in (A4, A10, A12)
    assert notes(events, pb.NOTE_KIND_PENALTY_CARD)[0].target == 0
    assert GAME.audit(st) == []


def test_a_chat_judged_moon_offers_no_report_the_chat_is_its_judge() -> None:
    st = on_moon(16, seat=2)
    assert not any(GAME.view(st, s).reports for s in range(4))


def test_moon_18_empeche_le_joueur_qui_y_trouve_de_prononcer_le() -> None:
    """"de prononcer le mot " oui " et le mot " non "": a line holding either whole word, in
    any case, accents folded, is an infraction; other words are not ("Yesno permet au joueur
    de garder le silence")."""
    st = on_moon(18, seat=0)
    for innocent in ("bonjour", "nonante ouistiti", "yes", "peut-être"):
        assert GAME.judge_chat(st, 0, innocent) is None, innocent
    for guilty in ("NON !", "eh bien... oui", "Ouï, c'est ça", "non-stop"):
        move = GAME.judge_chat(st, 0, guilty)
        assert move == report(2, 0), guilty


def test_c_est_son_voisin_de_droite_qui_decide_de_la_perte_du_pion() -> None:
    """"C'est son voisin de droite qui décide ... et c'est aussi lui choisit le pion sur le
    plateau": M7, right = seat - 1, the nearest living one; he is offered every base of the
    offender (moons included) and the card; nobody else may answer."""
    st = on_moon(8, seat=1)
    st.seats[0].eliminated = True
    for p in B.planets_of(0):
        st.planets[p].count[0] = 0
    give(st, 1, [A4])
    said(st, 1, "hm")
    assert penalty_asks(st) == [(3, 1)]  # seat 0 is out: the next one to the right
    offered = options(st, 3)
    assert {o.planet.planet for o in offered if o.WhichOneof("kind") == "planet"} == set(
        B.bases(st, 1)) and B.moon_body(st, 2) in B.bases(st, 1)
    with pytest.raises(IllegalMove):
        GAME.apply(st, 1, offered[0])


def test_a_penalty_comes_at_once_and_the_game_goes_on_where_it_was() -> None:
    """"perd immédiatement": the penalty is owed before the decision pending, which is asked
    again after it; a line is judged whoever owes a decision (here seat 0 aims)."""
    st = on_moon(16, seat=2)
    at_aim(st, 1)
    owed = GAME.decisions(st)
    assert [d.seat for d in owed] == [0]
    said(st, 2, "oops")
    assert penalty_asks(st) == [(1, 2)]
    GAME.apply(st, 1, mv(planet=pb.PlanetChoice(planet=home(st, 2))))
    assert GAME.decisions(st) == owed


def test_a_line_is_no_move_of_the_rules_when_no_table_moon_is_occupied() -> None:
    st = moon_game(4)
    for s in range(4):
        assert GAME.judge_chat(st, s, "non") is None


# ====================================================================== reported: 12 ... 52

def _reported_by_right_neighbour(number: int) -> None:
    """The right-hand neighbour reports the occupant (a move at any time); nobody else may,
    nor about someone not on the moon (seat 3 about seat 0); a refused report changes nothing."""
    st = on_moon(number, seat=2)
    for seat, offender in ((3, 2), (2, 2), (0, 2), (3, 0)):
        before = GAME.State()
        before.CopyFrom(st)
        with pytest.raises(IllegalMove, match="report"):
            GAME.apply(st, seat, report(2, offender))
        assert st == before, (seat, offender)
    assert GAME.judge_chat(st, 2, "any line") is None  # not judged from the chat
    assert list(GAME.view(st, 1).reports) == [report(2, 2).report]  # offered in his view
    assert not any(GAME.view(st, s).reports for s in (0, 2, 3, None))
    events = GAME.apply(st, 1, report(2, 2))
    assert notes(events, pb.NOTE_KIND_TABLE_RULE_BROKEN)[0].seat == 2
    assert penalty_asks(st) == [(1, 2)]
    on_board = B.tokens_on_bases(st, 2)
    GAME.apply(st, 1, mv(planet=pb.PlanetChoice(planet=B.moon_body(st, 2))))
    assert st.moons[2].count[2] == 0 and st.seats[2].black_hole == 1
    assert B.tokens_on_bases(st, 2) == on_board - 1 and GAME.audit(st) == []


def test_a_neighbour_who_has_not_seen_the_moon_may_not_report_it() -> None:
    """A rule he has not seen is not his to police: the moon face down and unknown to the
    right-hand neighbour, no report is offered and one sent is refused (a probe would tell
    which moon it is); once it is face up, he may."""
    st = on_moon(12, seat=2)
    mo = st.moons[2]
    mo.face_up, mo.known_by[1] = False, False
    assert not GAME.view(st, 1).reports
    with pytest.raises(IllegalMove, match="report"):
        GAME.apply(st, 1, report(2, 2))
    mo.face_up = True
    assert list(GAME.view(st, 1).reports) == [report(2, 2).report]


def test_moon_12_oblique_le_joueur_qui_y_trouve_a_chanter_au() -> None:
    """"à chanter au lieu de parler": a tune is not heard by a server; reported."""
    _reported_by_right_neighbour(12)


def test_moon_20_oblige_le_joueur_qui_y_trouve_a_employer_un() -> None:
    """"à employer un terme inconnu des autres joueurs": what the others know, they report."""
    _reported_by_right_neighbour(20)


def test_moon_40_empeche_le_joueur_qui_y_trouve_utiliser_sa_bonne() -> None:
    """"d'utiliser sa bonne main": off the table; reported."""
    _reported_by_right_neighbour(40)


def test_moon_46_oblige_le_joueur_qui_y_trouve_a_parler_en() -> None:
    """"à parler en maniant des rimes": reported."""
    _reported_by_right_neighbour(46)


def test_moon_52_empeche_le_joueur_qui_y_trouve_utiliser_des_mots() -> None:
    """"d'utiliser des mots familiers ou grossiers": reported."""
    _reported_by_right_neighbour(52)


def test_moon_32_empeche_le_joueur_qui_y_trouve_de_fumer_quoi() -> None:
    """"de fumer quoi que ce soit": reported, then the penalty as the others."""
    _reported_by_right_neighbour(32)


def test_moon_32_si_le_joueur_fume_il_perd_sur_le_champ_toutes() -> None:
    """"si le joueur fume, il perd sur-le-champ toutes ses bases étrangères. Les pions
    concernés regagnent leurs bases d'origine": his tokens on foreign planets come back to
    his home planets (he puts them), before the neighbour's penalty."""
    st = on_moon(32, seat=0)
    for p in (5, 12):
        B.add_tok(st, home(st, 0), 0, -1)
        B.add_tok(st, p, 0, 1)
    assert B.foreign_bases(st, 0) == 2
    events = GAME.apply(st, 3, report(2, 0))
    assert B.foreign_bases(st, 0) == 0
    assert notes(events, pb.NOTE_KIND_FOREIGN_BASES_LOST)[0].count == 2
    assert penalty_asks(st) == [(3, 0)]
    GAME.apply(st, 3, mv(planet=pb.PlanetChoice(planet=B.moon_body(st, 2))))
    while any(d.kind == "place_token" for d in GAME.decisions(st)):
        play(st, 0, mv(planet=pb.PlanetChoice(planet=0)))
    assert B.tok(st, 0, 0) >= 2 and st.seats[0].limbo == 0 and GAME.audit(st) == []


def test_bots_never_report_a_report_is_never_a_listed_option() -> None:
    """Bots never report (a bot cannot see the table): reports are not among the options,
    which is all a bot (or a random player) picks from."""
    st, _ = random_game(4, seed=3, moons=pb.MOON_SET_ALL)
    assert GAME.audit(st) == []
    st = on_moon(12, seat=2)
    assert all(o.WhichOneof("kind") != "report" for d in GAME.decisions(st) for o in d.options)


# ====================================================================== 60: the ages

def test_moon_60_se_pose_sur_cette_lune_doit_immediatement_donner_un() -> None:
    """"S'il se trompe pour son ennemi " A ", ce dernier doit lui ôter 1 pion sur le plateau
    de jeu et le placer dans le Trou Noir ... Et cela vaut pour tous les joueurs": after the
    landing each opponent may say "Tu t'es trompé !" once and takes the token himself (no
    card); the lander may not, nor may anyone about another player."""
    st = moon_game(4, moons={2: 60})
    give(st, 0, [A4, A10])
    land(st, 2, seat=0, n=2)
    with pytest.raises(IllegalMove, match="report"):
        GAME.apply(st, 0, report(2, 0))
    with pytest.raises(IllegalMove, match="report"):
        GAME.apply(st, 2, report(2, 3))
    assert [list(GAME.view(st, s).reports) for s in range(4)] == [
        [], [report(2, 0).report], [report(2, 0).report], [report(2, 0).report]]
    GAME.apply(st, 2, report(2, 0))
    assert penalty_asks(st) == [(2, 0)]
    assert all(o.WhichOneof("kind") == "planet" for o in options(st, 2))  # a token only
    GAME.apply(st, 2, mv(planet=pb.PlanetChoice(planet=B.moon_body(st, 2))))
    assert st.seats[0].black_hole == 1
    with pytest.raises(IllegalMove, match="report"):  # once per landing
        GAME.apply(st, 2, report(2, 0))
    assert not GAME.view(st, 2).reports
    GAME.apply(st, 3, report(2, 0))
    assert penalty_asks(st) == [(3, 0)]


# ====================================================================== enforced: 36, 58

def test_moon_36_est_abreviation_de_vas_faire_un_tour() -> None:
    """"toutes les alliances avec ce joueur sont désormais interdites": while on it he is
    never invited, and as the offence he invites no one."""
    st = on_moon(36, seat=2)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    invites = {o.invite.seat for o in options(st, 0) if o.WhichOneof("kind") == "invite"}
    assert invites == {3}
    st = on_moon(36, seat=0)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    assert all(d.kind != "invite" or d.seat != 0 for d in GAME.decisions(st))


def test_moon_36_il_devra_quitter_la_table_de_jeu_pour_ne_pas_observer() -> None:
    """"pour ne pas observer et ne pas écouter toutes les actions qui ne le concernent pas
    directement": his view shows his own tokens, not the others', no discard pile, and no
    encounter he is not in; the others see all as before."""
    st = on_moon(36, seat=2)
    st.discard.append(st.deck.pop())
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    away, other = GAME.view(st, 2), GAME.view(st, 3)
    assert away.table_limit == pb.TABLE_LIMIT_AWAY and other.table_limit == pb.TABLE_LIMIT_NONE
    for p, pt in enumerate(st.planets):
        assert list(away.planets[p].count) == [0, 0, pt.count[2], 0]
        assert list(other.planets[p].count) == list(pt.count)
    assert away.moons[2].count[2] == 1 and not away.discard and other.discard
    assert not away.HasField("enc") and other.enc.HasField("planet")


def test_moon_58_aveugle_totalement_le_joueur_qui_y_pose() -> None:
    """"Cette lune aveugle totalement le joueur qui s'y pose ... il n'a que la solution de se
    représenter le jeu dans sa tête": his view shows no token on the board (his own neither),
    no cone, no discard pile; his hand, and the encounter he is in, stay."""
    st = on_moon(58, seat=0)
    give(st, 0, [A4, A10])
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    take(st, 0, 0)
    blind = GAME.view(st, 0)
    assert blind.table_limit == pb.TABLE_LIMIT_BLINDFOLDED
    assert not any(n for pt in blind.planets for n in pt.count)
    assert not any(n for mo in blind.moons for n in mo.count)
    assert not any(blind.enc.cone_off) and any(GAME.view(st, 1).enc.cone_off)
    assert list(blind.my_hand) == [A4, A10] and blind.enc.planet == 5
    assert options(st, 0)  # he still plays: an impossible move is refused as any
    play(st, 0, DONE)


# ====================================================================== non-interference (36, 58)

def _perturb_the_table(st: pb.State, viewer: int | None, rng) -> None:
    """What a viewer kept from the table may not know, besides the usual secrets: where the
    others' tokens stand on their home planets (each keeps as many home bases)."""
    perturb(st, viewer, rng)
    for s in range(st.players):
        if s == viewer:
            continue
        homes = list(B.planets_of(s))
        counts = [st.planets[p].count[s] for p in homes]
        rng.shuffle(counts)
        for p, n in zip(homes, counts, strict=True):
            st.planets[p].count[s] = n


@pytest.mark.parametrize("number", [36, 58])
def test_a_viewer_kept_from_the_table_is_shown_nothing_of_the_others_tokens(number) -> None:
    """Non-interference (tests/noninterference.py) for the occupant of 36 or 58, with the
    others' tokens moved about: his view and the decisions shown to him stay the same."""
    secrets = Secrets(perturb=_perturb_the_table, reveals=reveals)
    tally = Tally()
    for seed in range(6):
        st = on_moon(number, seat=2)
        for s in (0, 1, 3):  # uneven stacks, so a shuffle moves them
            B.add_tok(st, home(st, s), s, -2)
            B.add_tok(st, next(p for p in B.planets_of(s) if B.tok(st, p, s)
                               and p != home(st, s)), s, 2)
        compare_position(GAME, secrets, st, 2, random.Random(seed), tally,
                         moves_per_position=0)
    assert tally.changed == tally.positions == 6
    st = moon_game(4, moons={2: 12})  # without the moon, the same perturbation shows
    occupy(st, 2, 2)
    B.add_tok(st, home(st, 0), 0, -2)
    B.add_tok(st, home(st, 0) + 1, 0, 2)
    other = GAME.State()
    other.CopyFrom(st)
    _perturb_the_table(other, 2, random.Random(1))
    assert GAME.view(other, 2).planets != GAME.view(st, 2).planets


def _launch_sources(st: pb.State, seat: int) -> set[int]:
    return {o.planet.planet for o in options(st, seat) if o.WhichOneof("kind") == "planet"}


def test_moon_58_pour_avoir_le_droit_de_quitter_cette_lune() -> None:
    """"Pour avoir le droit de quitter cette lune, le joueur aveugle doit avoir gagné un combat
    en étant aveugle (ou avoir réussi un marché)": his tokens on it are no launch source until
    he wins an encounter while on it; then they are."""
    st = on_moon(58, seat=0)
    moon = B.moon_body(st, 2)
    give(st, 0, [A10, A12])
    give(st, 1, [A4])
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    assert moon not in _launch_sources(st, 0) and _launch_sources(st, 0)
    take(st, 0, home(st, 0))
    while any(d.kind == "invite" for d in GAME.decisions(st)):
        GAME.apply(st, GAME.decisions(st)[0].seat, DONE)
    assert not st.moons[2].freed or not st.moons[2].freed[0]
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=A12)))
    play(st, 1, mv(card=pb.CardChoice(card=A4)))
    pass_windows(st)
    assert st.enc.winner == pb.OUTCOME_OFFENCE_WINS and st.moons[2].freed[0]
    assert not GAME.view(st, 0).planets[5].count[0]  # still blind: only free to leave
    st.enc.planet = 0  # the next launch (another encounter, as the rules allow)
    st.tasks.add(seat=0, take=pb.TakeTask(count=1, min=1, dest=pb.DEST_CONE_OFF))
    assert moon in _launch_sources(st, 0)


def test_moon_58_the_win_that_lands_him_there_does_not_free_him() -> None:
    st = moon_game(4, moons={2: 58})
    give(st, 0, [A10, A12])
    land(st, 2, seat=0, n=1)
    pass_windows(st)
    assert st.moons[2].count[0] == 1 and not st.moons[2].freed[0]
