"""Seed 000's moons 3, 11, 17, 29, 49, 50 and 59: one test (or more) per rule,
named after its French text (docs/rules/cosmic-000.md, rows Moon03-Moon59)."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonflow, pieces
from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    DONE,
    GAME,
    card_of,
    duel,
    give,
    mv,
    options,
    pass_windows,
    pb,
    play,
    power_move,
)
from tests.games.cosmic.moon_helpers import (
    drive,
    home,
    land,
    moon_events,
    moon_game,
    number_seen,
    put_moon,
)
from tests.games.cosmic.test_cosmic_000_ruleset import (
    COMPROMISE,
    attack,
    card,
    cosmic_duel,
    extension,
    lay,
    resolve_events,
    totals,
)
from tests.games.cosmic.test_cosmic_moons_hosted import occupy

A4, A6, A12, A20 = (card_of("attack", v) for v in (4, 6, 12, 20))
ZAP, WILD, UNZAP = (card_of("edict", edict=n) for n in ("zap", "zap_sauvage", "unzap"))
OFF, DEF, THIRD = 0, 1, 2


def zap_duel(moon: int, m: int, defender_cards: list[int]) -> pb.State:
    """Seat 0 (Échangeur) attacks seat 1, who holds `defender_cards`; moon `moon` is
    State.moons[m]. Returns at the pre-cards window."""
    st = duel(["echangeur", "none", "none"], [A4, A6], defender_cards, edicts=True,
              moons=pb.MOON_SET_ALL)
    put_moon(st, m, moon)
    return st


def edict(card: int, target: int, powers: int = pb.POWER_SCOPE_UNSPECIFIED) -> pb.Move:
    return mv(edict=pb.PlayEdict(card=card, target=target, powers=powers))


# ---------------------------------------------------------------- moon 49

def test_moon_49_le_joueur_concerne_est_en_mesure_utiliser_tous_ses() -> None:
    """"Le joueur concerné est en mesure d'utiliser tous ses Pouvoirs même s'il n'est pas en
    droit de le faire ... si un Zap Cosmique ou Sauvage a été joué": a Zap on the player of
    the system's colour stops nothing while the moon is face up."""
    st = zap_duel(49, 0, [A20, A12, ZAP])   # moon 49 in seat 0's system
    occupy(st, 0, THIRD)                    # revealed by anyone ("peu importe le joueur")
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(ZAP, OFF))
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12])  # exchanged despite the Zap


def test_moon_49_si_le_nombre_de_planetes_d_origine_n_est_plus_suffisant() -> None:
    """"Cela peut-être le cas si le nombre de planètes d'origine n'est plus suffisant":
    with too few home bases the power still acts; face down (nobody on it), it does not."""
    st = moon_game(3, moons={0: 49}, powers=["echangeur", "none", "none"])
    for p in B.planets_of(0)[:3]:
        B.add_tok(st, p, 0, -B.tok(st, p, 0))
    assert not B.power_active(st, 0) and not pieces.has(st, 0, "echangeur")
    occupy(st, 0, THIRD)
    assert pieces.has(st, 0, "echangeur")
    assert not pieces.has(st, 1, "echangeur")  # only for the system's colour
    st.moons[0].face_up = False                # "à condition d'être révélée bien sûr"
    assert not pieces.has(st, 0, "echangeur")


# ---------------------------------------------------------------- moon 50

def test_moon_50_doit_distribuer_equitablement_sa_richesse_a_tous_ses_adversaires() -> None:
    """"il doit distribuer équitablement sa richesse à tous ses adversaires. Si la division ne
    tombe pas juste, les restant des lucres va à la banque": 5 lucres among 3 opponents."""
    st = moon_game(4, moons={2: 50}, lucres=5)
    events = land(st, 2, seat=0, n=1)
    assert [se.lucres for se in st.seats] == [0, 6, 6, 6]  # one each, two to the bank
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [50]


def test_moon_50_se_pose_sur_cette_lune_perd_immediatement_toutes_ses() -> None:
    """"perd immédiatement toutes ses lunes et il ne pourra en regagner que lorsqu'il aura
    quitté cet astre": the moons of his system (here 43, face up) stop acting for him while
    he stands on 50, and act again once he has left it."""
    st = moon_game(3, moons={0: 43, 2: 50})
    occupy(st, 0, THIRD)
    assert moonflow.colour_side(st, 0, 0)
    land(st, 2, seat=0, n=1)
    assert not moonflow.colour_side(st, 0, 0)
    st.moons[2].count[0] = 0                         # he has left it
    B.add_tok(st, home(st, 0), 0, 1)
    assert moonflow.colour_side(st, 0, 0)


def test_moon_50_suspends_a_moon_of_his_system_he_stands_on() -> None:
    """His own moon 57 (Hyper Campus) no longer spares him a failed deal's loss."""
    st = moon_game(3, moons={0: 57, 2: 50})
    occupy(st, 0, OFF)
    assert moonflow.spares_deal_loss(st, _ctx(st), OFF)
    land(st, 2, seat=0, n=1)
    assert not moonflow.spares_deal_loss(st, _ctx(st), OFF)


def _ctx(st: pb.State):
    from cosmodrome.games.cosmic.ctx import Ctx
    return Ctx(st, [], 0)


# ---------------------------------------------------------------- moon 11

def test_moon_11_est_un_asteroide_un_zap() -> None:
    """"A tout moment, le joueur qui la possède peut annuler l'effet d'un Zap quel qu'il soit.
    ... identique à un Edit Un-Zap sauf qu'elle reste efficace tant qu'un pion, au moins,
    règne à sa surface": offered in answer to the Zap, it undoes it, and stays."""
    st = zap_duel(11, 4, [A20, A12, ZAP, WILD])  # moon 11 in seat 2's system
    occupy(st, 4, OFF)
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(ZAP, OFF))
    use = mv(moon_use=pb.MoonUse(moon=4))
    assert use in options(st, OFF)
    assert all(use not in d.options for d in GAME.decisions(st) if d.seat != OFF)
    events = play(st, OFF, use)
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12, WILD])  # exchanged after all
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [11]
    assert st.moons[4].count[OFF] == 1  # the moon stays: a lasting Un-Zap


def test_moon_11_annule_aussi_un_zap_sauvage() -> None:
    """"un Zap quel qu'il soit": a Zap Sauvage too; a player off the moon is not offered it."""
    st = zap_duel(11, 4, [A20, A12, WILD])
    occupy(st, 4, OFF)
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(WILD, OFF))
    play(st, OFF, mv(moon_use=pb.MoonUse(moon=4)))
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12])
    st = zap_duel(11, 4, [A20, A12, ZAP])
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(ZAP, OFF))
    assert mv(moon_use=pb.MoonUse(moon=4)) not in options(st, OFF)
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A4, A6])  # nobody on it: the Zap stands


# ---------------------------------------------------------------- moons 3 and 59 (card step)

def moon_duel_cosmic(moon: int, off_cards: list[int], tokens: dict[int, int]) -> pb.State:
    """`cosmic` ruleset: seat 0 attacks seat 1 (attack 1 in hand), no lucres; moon `moon` is
    State.moons[4] (seat 2's system) with `tokens` (seat -> n) on it. At the card step."""
    st = cosmic_duel(off_cards, [attack(1)], lucres=0, moons=pb.MOON_SET_ALL)
    put_moon(st, 4, moon)
    for seat, n in tokens.items():
        occupy(st, 4, seat, n)
    pass_windows(st)
    return st


USE = mv(moon_use=pb.MoonUse(moon=4))


def test_moon_03_est_identique_a_une_carte_extension() -> None:
    """"se voit donc doté d'une Extension permanente. La valeur de l'Extension est égale au
    nombre de pions présents sur la lune moins 1": three tokens, an extension 2."""
    st = moon_duel_cosmic(3, [attack(6), attack(6, 1), attack(8), extension(5)], {0: 3})
    assert USE in options(st, 0)
    events = play(st, 0, USE)
    assert card(extension(5)) not in options(st, 0)   # never with an extension card
    lay(st, 0, attack(6), attack(8), done=False)
    assert options(st, 0) == [DONE]                    # its limit: two attack cards
    play(st, 0, DONE)
    lay(st, 1, attack(1))
    assert totals(resolve_events(st)) == (6 + 8 + 2, 1 + 2)
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [3]
    assert extension(5) in st.seats[0].hand           # the moon stays, the card too


def test_moon_03_un_nombre_de_pions_superieur_a_4_n_apporte_rien() -> None:
    """"Un nombre de pions supérieur à 4 n'apporte rien": six tokens (his and another's, all
    "présents sur la lune") give an extension 3; one token an extension 0."""
    cards = [attack(6), attack(6, 1), attack(8), attack(4), attack(5)]
    st = moon_duel_cosmic(3, cards, {0: 4, 2: 2})
    play(st, 0, USE)
    lay(st, 0, attack(6), attack(6, 1), attack(8), done=False)
    assert options(st, 0) == [DONE]
    st = moon_duel_cosmic(3, cards, {0: 1})
    play(st, 0, USE)
    lay(st, 0, attack(8))
    lay(st, 1, attack(1))
    assert totals(resolve_events(st)) == (0 + 2, 1 + 2)  # "multiplie la carte d'attaque par 0"


def test_moon_03_is_offered_only_to_its_occupant_with_an_attack_card() -> None:
    st = moon_duel_cosmic(3, [attack(6), COMPROMISE], {2: 1})
    assert USE not in options(st, 0)                     # not on it
    st = moon_duel_cosmic(3, [COMPROMISE], {0: 2})
    assert USE not in options(st, 0)                     # X01: never with a compromise


def test_moon_03_est_identique_a_une_carte_extension_pas_sans_carte_d_attaque_permise() -> None:
    """"Cette lune est identique à une carte Extension": like an extension card, it needs an
    attack card he may play; once he told the Chercheur he will play a compromise, his attack
    cards do not count and the moon is not offered (it once was, and left him no card)."""
    st = moon_duel_cosmic(3, [attack(6), COMPROMISE], {0: 2})
    st.enc.question_target, st.enc.commitment = 0, pb.COMMITMENT_COMPROMISE
    assert options(st, 0) == [card(COMPROMISE)]
    st.enc.commitment = pb.COMMITMENT_NO_COMPROMISE
    assert USE in options(st, 0)


def test_moon_59_se_trouve_sur_cette_lune_a_le_droit_abaisser() -> None:
    """"a le droit d'abaisser 3 cartes de duels au lieu de 1 ... il ne peut abattre deux
    cartes, mais trois obligatoirement, et à la seule condition qu'aucune de ces cartes ne
    se termine par le même chiffre": 6 then 16 refused, Done only at the third; summed."""
    st = moon_duel_cosmic(59, [attack(6), attack(16), attack(8), attack(10), extension(3)],
                          {0: 1})
    assert USE in options(st, 0)
    play(st, 0, USE)
    assert card(extension(3)) not in options(st, 0)  # not with an extension card
    play(st, 0, card(attack(6)))
    assert card(attack(16)) not in options(st, 0) and DONE not in options(st, 0)
    play(st, 0, card(attack(8)))
    assert DONE not in options(st, 0)                 # "trois obligatoirement"
    lay(st, 0, attack(10), done=False)
    assert options(st, 0) == [DONE]
    play(st, 0, DONE)
    lay(st, 1, attack(1))
    assert totals(resolve_events(st)) == (6 + 8 + 10 + 2, 1 + 2)


def test_moon_59_une_seule_carte_compromis_suffit_pour_faire_perdre_le_duel() -> None:
    """"Note : une seule carte Compromis suffit pour faire perdre le duel"."""
    st = moon_duel_cosmic(59, [attack(20), COMPROMISE, attack(8)], {0: 1})
    play(st, 0, USE)
    lay(st, 0, attack(20), COMPROMISE, attack(8))
    lay(st, 1, attack(1))
    resolve_events(st)
    assert st.enc.winner == pb.OUTCOME_DEFENCE_WINS


def test_moon_59_is_not_offered_without_three_cards_of_different_digits() -> None:
    st = moon_duel_cosmic(59, [attack(6), attack(16), attack(6, 1), attack(8)], {0: 1})
    assert USE not in options(st, 0)


def test_moon_59_is_not_offered_when_only_a_compromise_may_be_played() -> None:
    """Three cards that his commitment to the Chercheur forbids make no set: once he said he
    will play a compromise, the moon is not offered (it once was, and left him no card)."""
    st = moon_duel_cosmic(59, [attack(6), attack(8), attack(10), COMPROMISE], {0: 1})
    st.enc.question_target, st.enc.commitment = 0, pb.COMMITMENT_COMPROMISE
    assert USE not in options(st, 0) and options(st, 0) == [card(COMPROMISE)]
    st.enc.commitment = pb.COMMITMENT_NO_COMPROMISE
    assert USE in options(st, 0)


# ---------------------------------------------------------------- moon 17

GAS = card_of("edict", edict="gaz")


def test_moon_17_permet_au_joueur_qui_se_trouve_dessus_de_transformer() -> None:
    """"de transformer un Edit au moment où il dévoile celui-ci. Le joueur annonce quelle est
    la nouvelle valeur de l'Edit ... Lorsque l'Edit regagne la pile des cartes jouées, il
    reprend sa forme d'origine": his Gaz Stellaire played as an Un-Zap answers the Zap."""
    st = zap_duel(17, 4, [A20, A12, ZAP])
    occupy(st, 4, OFF)
    give(st, OFF, [A4, A6, GAS])
    play(st, OFF, power_move("echangeur", DEF))
    play(st, DEF, edict(ZAP, OFF))
    as_unzap = mv(edict=pb.PlayEdict(card=GAS, target=OFF, as_edict="unzap"))
    assert as_unzap in options(st, OFF)
    events = play(st, OFF, as_unzap)
    played = [e.payload.edict_played for e in events
              if e.payload.WhichOneof("kind") == "edict_played"]
    assert [(p.card, p.as_edict) for p in played] == [(GAS, "unzap")]
    pass_windows(st)
    assert sorted(st.seats[OFF].hand) == sorted([A20, A12])  # the Zap was undone
    assert GAS in st.discard                                  # as itself


def test_moon_17_le_moment_exact_ou_le_nouvel_edit_peut_etre_joue() -> None:
    """"Toutes les règles concernant ce nouvel Edit doivent être respectées et en particulier
    le moment exact où le nouvel Edit peut être joué": in the pre-cards window his Gaz may
    become a Zap (played there), never an Anneaux or Sphères (the start window's); off the
    moon, nothing."""
    def pre_cards() -> pb.State:
        st = duel(["none", "virus", "none"], [A4, A6, GAS], [A20, A12], edicts=True,
                  moons=pb.MOON_SET_ALL)
        put_moon(st, 4, 17)
        return st
    st = pre_cards()
    occupy(st, 4, OFF)
    names = {m.edict.as_edict for m in options(st, OFF) if m.WhichOneof("kind") == "edict"}
    assert {"zap", "peste"} <= names and not names & {"anneaux", "spheres", "gaz"}
    st = pre_cards()
    assert not any(m.edict.as_edict for m in options(st, OFF) if m.WhichOneof("kind") == "edict")


# ---------------------------------------------------------------- moon 29

def test_moon_29_peut_rester_secrete_jusqu_au_moment_ou_le_joueur() -> None:
    """"peut rester secrète jusqu'au moment où le joueur qui se trouve dessus décide de la
    révéler. A cet instant, il peut échanger 1 de ses pouvoirs avec 1 pouvoir qui n'est pas
    dans la partie. Le pouvoir que le joueur rejette est retiré définitivement du jeu ... Le
    nouveau pouvoir est révélé immédiatement à tout le monde"."""
    st = moon_game(3, moons={4: 29}, powers=["echangeur", "none", "none"])
    st.power_pool[:] = [POWER_ID["machine"], POWER_ID["machine"]]  # a second one to offer
    land(st, 4, seat=0, n=1)
    assert number_seen(st, 1, 4) is None                     # still secret
    swap = mv(moon_use=pb.MoonUse(moon=4, power=POWER_ID["echangeur"]))
    assert swap in options_or_window(st, 0)
    events = drive(st, 0, swap)
    assert list(st.seats[0].powers) == [POWER_ID["machine"]] and st.seats[0].disclosed[0]
    assert POWER_ID["machine"] in GAME.view(st, 1).seats[0].powers
    assert POWER_ID["echangeur"] not in st.power_pool         # out of the game
    assert list(st.power_pool) == [POWER_ID["machine"]]
    assert number_seen(st, 1, 4) == 29                        # revealed by its use
    assert [e.payload.moon_acted.number for e in moon_events(events, "moon_acted")] == [29]
    assert not any(m.WhichOneof("kind") == "moon_use"         # once per stay
                   for m in options_or_window(st, 0))


def test_moon_29_tire_au_hasard_jusqu_a_ce_qu_il_soit_compatible_avec_tous_les_autres() -> None:
    """"Celui qu'il prend est tiré au hasard dans les pouvoirs restants jusqu'à ce qu'il soit
    compatible avec tous les autres": with the Insecte in play the Oracle is never drawn; with
    only incompatible powers left, no swap is offered."""
    st = moon_game(3, moons={4: 29}, powers=["echangeur", "insecte", "none"])
    st.power_pool[:] = [POWER_ID["oracle"]]
    land(st, 4, seat=0, n=1)
    assert not any(m.WhichOneof("kind") == "moon_use" for m in options_or_window(st, 0))
    st.power_pool.append(POWER_ID["machine"])
    drive(st, 0, mv(moon_use=pb.MoonUse(moon=4, power=POWER_ID["echangeur"])))
    assert list(st.seats[0].powers) == [POWER_ID["machine"]]
    assert list(st.power_pool) == [POWER_ID["oracle"]]


def test_moon_29_is_offered_again_at_a_new_stay() -> None:
    """Once per stay: gone from the moon and landed again, he may swap again."""
    st = moon_game(3, moons={4: 29}, powers=["echangeur", "none", "none"])
    st.power_pool[:] = [POWER_ID["machine"], POWER_ID["virus"]]
    land(st, 4, seat=0, n=1)
    drive(st, 0, mv(moon_use=pb.MoonUse(moon=4, power=POWER_ID["echangeur"])))
    assert 0 in st.moons[4].used_by
    st.moons[4].count[0] = 2                          # more of his tokens: the same stay
    moonflow.landed(st, _ctx(st), B.moon_body(st, 4), {0: 1})
    assert 0 in st.moons[4].used_by
    st.moons[4].count[0] = 1                          # he had left: a new stay
    moonflow.landed(st, _ctx(st), B.moon_body(st, 4), {0: 1})
    assert 0 not in st.moons[4].used_by
    assert any(m.WhichOneof("kind") == "moon_use" for m in options_or_window(st, 0))


def options_or_window(st: pb.State, seat: int) -> list[pb.Move]:
    """What `seat` may do now, or in the next question put to him (others passing first)."""
    from tests.games.cosmic.cosmic_helpers import PASSIVE
    for _ in range(50):
        ds = GAME.decisions(st)
        mine = [m for d in ds if d.seat == seat for m in d.options]
        if mine:
            return mine
        d = next(d for d in ds if d.kind in PASSIVE)
        GAME.apply(st, d.seat, PASSIVE[d.kind])
    return []
