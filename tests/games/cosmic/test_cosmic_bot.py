"""The Cosmic heuristic bot (the client's, which the server also plays): legal moves from its
own view only, sensible choices in the `cosmic` ruleset (extensions, lucres, moons), a safe
choice for a decision it has no rule for, and more wins than random players.

The 200-game win rate is a bench figure (`bench.engine_cosmic`); here a few fixed seeds."""

from __future__ import annotations

import pytest

from bench.engine_cosmic import COSMIC_RULESET, bot_win_rate, client_bot
from cosmodrome.games.cosmic import Cosmic
from cosmodrome.games.cosmic.published import cosmic_content
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

CONTENT = cosmic_content(Cosmic())
PLAYERS = 4
ME = 0
MOON_BODY = PLAYERS * 5  # body players * 5 + m is moon m
YES = pb.Move(answer=pb.Answer(yes=True))
NO = pb.Move(answer=pb.Answer(yes=False))
DONE = pb.Move(done=pb.Done())
AUTO_PASS = pb.Move(auto_pass=pb.AutoPass(on=True))


def moon_number(beneficial: bool) -> int:
    return next(m.number for m in CONTENT.moons if m.beneficial == beneficial)


def card_id(kind: int, value: int) -> int:
    return next(c.id for c in CONTENT.cards if c.kind == kind and c.value == value)


def view(tokens: dict[int, dict[int, int]] | None = None, moons=(), **enc) -> pb.View:
    """A 4-player view for seat 0: `tokens` body -> {seat: n}; `moons` (number or None) for
    moons 0.. in system 1, face down."""
    v = pb.View(viewer=ME, players=PLAYERS, enc=pb.EncounterView(offense=ME, **enc))
    for p in range(PLAYERS * 5):
        v.planets.add(system=p // 5, count=[0] * PLAYERS)
    for number in moons:
        m = v.moons.add(system=1, count=[0] * PLAYERS)
        if number is not None:
            m.number = number
    for body, counts in (tokens or {}).items():
        target = v.planets[body] if body < MOON_BODY else v.moons[body - MOON_BODY]
        for seat, n in counts.items():
            target.count[seat] = n
    v.seats.extend(pb.SeatView() for _ in range(PLAYERS))
    return v


def aim(body: int, defense: int | None = None) -> pb.Move:
    a = pb.Aim(planet=body)
    if defense is not None:
        a.defense = defense
    return pb.Move(aim=a)


def bot():
    return client_bot(1)


# ====================================================================== whole games

def test_heuristic_bot_beats_random_players() -> None:
    r = bot_win_rate(games=8, players=4, seed=3)
    assert r["win_rate"] > r["fair_share"]


def test_heuristic_bot_wins_most_cosmic_ruleset_games_against_random_bots_and_never_errs() -> None:
    # bot_win_rate raises if the bot answers a move it was not offered
    r = bot_win_rate(games=6, players=4, seed=5, options=COSMIC_RULESET)
    assert r["engine_errors"] == [] and r["games"] == 6
    assert r["win_rate"] >= 4 / 6


# ====================================================================== its choices

def test_heuristic_bot_uses_a_power_that_saves_tokens_or_keeps_edicts() -> None:
    opts = [NO, YES]
    b = bot()
    assert b.choose(pb.View(), "tokens_lost", opts).answer.yes
    assert b.choose(pb.View(), "new_hand", opts).answer.yes
    assert not b.choose(pb.View(), "tokens_lost", opts[:1]).answer.yes  # no such power


def test_aims_at_a_moon_it_knows_to_be_beneficial_rather_than_a_planet() -> None:
    v = view({6: {1: 2}, MOON_BODY: {1: 2}}, moons=[moon_number(True)])
    assert bot().choose(v, "aim", [aim(6, 1), aim(MOON_BODY, 1)]) == aim(MOON_BODY, 1)


def test_keeps_away_from_a_moon_it_knows_to_be_harmful() -> None:
    v = view({6: {1: 4}}, moons=[moon_number(False)])  # the moon is empty, the planet held
    assert bot().choose(v, "aim", [aim(MOON_BODY), aim(6, 1)]) == aim(6, 1)


def test_prefers_a_planet_to_a_face_down_moon_it_does_not_know() -> None:
    v = view({6: {1: 2}, MOON_BODY: {1: 1}}, moons=[None])  # the moon is weaker by one
    assert bot().choose(v, "aim", [aim(MOON_BODY, 1), aim(6, 1)]) == aim(6, 1)


MUST_HOLD = next(m.number for m in CONTENT.moons if m.winner_must_hold)  # moon 34


def test_one_base_short_of_the_win_aims_at_the_moon_the_winner_must_hold() -> None:
    """Moon 34: "il faudra aussi posséder la lune": a seat one base short goes for it, though
    the moon is harmful to land on otherwise and a planet is weaker."""
    v = view({6: {1: 1}, MOON_BODY: {1: 3}}, moons=[MUST_HOLD])
    options = [aim(6, 1), aim(MOON_BODY, 1)]
    assert bot().choose(v, "aim", options) == aim(6, 1)  # three bases: the weaker planet
    v.seats[ME].foreign_bases = 4
    assert bot().choose(v, "aim", options) == aim(MOON_BODY, 1)
    v.moons[0].count[ME] = 1  # already on it: the planet again
    assert bot().choose(v, "aim", options) == aim(6, 1)


def test_counts_the_defenders_lucres_in_his_strength() -> None:
    v = view({6: {1: 1}, 11: {2: 2}})
    v.seats[1].lucres = 5
    assert bot().choose(v, "aim", [aim(6, 1), aim(11, 2)]) == aim(11, 2)


def test_does_not_ally_with_an_offence_landing_on_a_harmful_moon() -> None:
    v = view(moons=[moon_number(False)], planet=MOON_BODY)
    v.enc.offense = 2
    offence = pb.Move(join=pb.Join(side=pb.SIDE_OFFENCE))
    assert bot().choose(v, "join", [offence, DONE]) == DONE
    v.moons[0].number = moon_number(True)
    assert bot().choose(v, "join", [offence, DONE]) == offence


def test_allies_with_the_offence_while_it_is_the_stronger_side_else_with_the_defence() -> None:
    """Seed 001: a defensive ally's reward brings tokens back from the black hole, so the
    weaker offence is not worth joining."""
    v = view({6: {1: 3}}, planet=6, defense=1, cone_off=[0, 0, 4, 0], cone_def=[0, 0, 0, 0])
    v.enc.offense = 2
    offence, defence = (pb.Move(join=pb.Join(side=side))
                        for side in (pb.SIDE_OFFENCE, pb.SIDE_DEFENCE))
    assert bot().choose(v, "join", [offence, defence, DONE]) == offence  # 4 against 3
    v.seats[1].lucres = 2
    assert bot().choose(v, "join", [offence, defence, DONE]) == defence  # 4 against 3 + 2
    assert bot().choose(v, "join", [offence, DONE]) == offence  # invited by the offence only


def test_plays_an_extension_when_its_attack_cards_summed_beat_its_best_one() -> None:
    ext = pb.Move(card=pb.CardChoice(card=card_id(pb.CardInfo.KIND_EXTENSION, 3)))
    a8, a6 = (pb.Move(card=pb.CardChoice(card=card_id(pb.CardInfo.KIND_ATTACK, n)))
              for n in (8, 6))
    assert bot().choose(view(), "encounter_card", [a8, a6, ext]) == ext
    v = view()
    v.enc.ext_off.choosing = True  # under the extension: the best attack card left
    assert bot().choose(v, "encounter_card", [a6, a8, DONE]) == a8
    assert bot().choose(v, "encounter_card", [DONE]) == DONE


def test_takes_its_consolation_from_the_opponents_hand() -> None:
    deck, hand = (pb.Move(consolation=pb.ConsolationFrom(source=s))
                  for s in (pb.CARD_SOURCE_DECK, pb.CARD_SOURCE_HAND))
    assert bot().choose(view(), "consolation_source", [deck, hand]) == hand


def test_answers_yes_to_a_moons_offer() -> None:
    assert bot().choose(view(), "moon", [NO, YES, AUTO_PASS]) == YES


def test_sets_a_new_base_abroad_from_its_fullest_base() -> None:
    mine = {0: {ME: 1}, 1: {ME: 4}}
    where = [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in (2, 7, 12, MOON_BODY)] + [DONE]
    v = view({**mine, 12: {2: 3}}, moons=[None])
    assert bot().choose(v, "moon", where).planet.planet == 7  # abroad, nobody else there
    source = [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in (0, 1)]
    assert bot().choose(view(mine), "moon", source).planet.planet == 1


@pytest.mark.parametrize("kind", ["a_kind_added_later", "moon", "window"])
def test_a_decision_it_has_no_rule_for_gets_a_safe_choice_never_an_auto_pass(kind) -> None:
    odd = pb.Move(moon_choice=pb.MoonChoice(powers=pb.POWERS_PASSED_MAIN))
    for seed in range(20):
        assert client_bot(seed).choose(view(), kind, [AUTO_PASS, odd]) == odd


def test_published_content_names_every_moon_and_its_reading_for_the_bot() -> None:
    from cosmodrome.games.cosmic import content_000
    assert [m.number for m in CONTENT.moons] == list(range(1, content_000.MOON_COUNT + 1))
    assert [(m.name, m.beneficial) for m in CONTENT.moons] == \
        [(m.name, m.beneficial) for m in content_000.MOONS]
    assert CONTENT.moons[8].name == "Alien" and CONTENT.moons[8].beneficial
    assert [m.number for m in CONTENT.moons if m.winner_must_hold] == [34]


def edict(name: str, target: int | None = None) -> pb.Move:
    e = pb.PlayEdict(card=next(c.id for c in CONTENT.cards if c.edict == name))
    if target is not None:
        e.target = target
    return pb.Move(edict=e)


def test_zaps_its_opponents_power_before_the_cards_once() -> None:
    v = view(defense=1)
    v.step = pb.STEP_PRE_CARDS
    opts = [DONE, AUTO_PASS, edict("zap", 2), edict("zap", 1)]
    assert bot().choose(v, "window", opts) == edict("zap", 1)
    v.enc.zapped_powers.add(seat=1, power=3)
    assert bot().choose(v, "window", opts) == DONE


def test_plays_the_force_field_when_the_other_side_has_more_allies() -> None:
    v = view(defense=1, cone_off=[4, 0, 0, 0], cone_def=[0, 0, 2, 1])
    v.step = pb.STEP_PRE_CARDS
    opts = [DONE, edict("champ")]
    assert bot().choose(v, "window", opts) == edict("champ")
    v.enc.cone_off[3], v.enc.cone_def[3] = 3, 0
    assert bot().choose(v, "window", opts) == DONE


def test_plagues_the_leader_at_the_start_of_the_encounter() -> None:
    v = view()
    v.step = pb.STEP_START_WINDOW
    v.seats[2].foreign_bases, v.seats[3].foreign_bases = 3, 1
    opts = [DONE, edict("peste", 3), edict("peste", 2)]
    assert bot().choose(v, "window", opts) == edict("peste", 2)
