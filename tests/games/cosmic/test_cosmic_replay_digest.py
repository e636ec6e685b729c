"""Replay digests: fixed seeds x options, random moves, must play move for move as they did.

Speed work on the engine must not change any game. Each case plays a full random game (the
bench's way: a random owed decision, a random option of it) and hashes every move, every
event (payload and audience) and the final state and views. The digests were computed on main
before the speed work (`perf`, 2026-12-03), and again after the moons, flares and table moons
were merged (flares in the `cosmic` deck, moon slots drawn at setup, new State/View fields;
the classic games kept their move counts). A change that is meant to change games (a new moon
in the default deck, a new card) changes them: print the new ones with
`python -m tests.games.cosmic.test_cosmic_replay_digest` and paste them, saying why.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from cosmodrome.games.cosmic import Cosmic
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

GAME = Cosmic()

# The moons hosted when the digests were taken: a fixed deck, so hosting a new moon in the
# default deck leaves these games alone.
MOONS_HOSTED = (1, 2, 5, 7, 9, 10, 13, 14, 15, 22, 24, 28, 30, 39, 41, 43, 44, 47, 48, 51,
                54, 55, 56, 57)
COSMIC = dict(ruleset=pb.RULESET_COSMIC, moon_deck=MOONS_HOSTED)

CASES: dict[str, tuple[int, int, dict]] = {  # name: (players, seed, options)
    "classic-4p-a": (4, 3, {}),
    "classic-4p-b": (4, 11, {}),
    "classic-2p": (2, 5, {}),
    "classic-6p-two-of-three": (6, 8, dict(two_of_three=True)),
    "classic-5p-rotation-two-powers": (5, 9, dict(power_rotation=True, powers_per_player=2)),
    "classic-3p-star-discs-no-edicts": (3, 4, dict(star_discs=True, no_edicts=True)),
    "cosmic-4p-a": (4, 3, COSMIC),
    "cosmic-4p-b": (4, 17, COSMIC),
    "cosmic-2p": (2, 6, COSMIC),
    "cosmic-5p": (5, 21, COSMIC),
    "cosmic-8p": (8, 2, COSMIC),
    "cosmic-4p-no-moons": (4, 7, dict(ruleset=pb.RULESET_COSMIC, moons=pb.MOON_SET_OFF)),
}

DIGESTS = {  # computed on main at fe93a18; re-taken with the moons, flares and table moons
    "classic-2p":
        ("6844a7b800c145010e2900dc7f7a606b57bd4358e060f88a9f3d98f537b15a7d", 914),
    "classic-3p-star-discs-no-edicts":
        ("f4845e32d34c8d1fcedfdd546700eac0878d9e0010bd02afe86899168a1f9b15", 424),
    "classic-4p-a":
        ("edd334276cf944321de82ee27f0e9b10cf6c3a05b07a8ec4824c734799157dad", 750),
    "classic-4p-b":
        ("68d05e63a782610d2d451f3d9d0fca52061667d91e10a46ed45465ece089b643", 647),
    "classic-5p-rotation-two-powers":
        ("904412f5ab5d02c65902bb0a0d5ebcf0bff973f14c7c9faf3885761456ead851", 888),
    "classic-6p-two-of-three":
        ("59bb94042ed3b84b509828c2db3b98c9342098f4cb3fda25a423c8a61c3308be", 1371),
    "cosmic-2p":
        ("15bef304d54b923ebb51642f48a824b25a1b04b5a0317ace024ce65855661fef", 1230),
    "cosmic-4p-a":
        ("70d30d4be257a49d050aae34752261749b8dad3d71a0cdb3fffd14c67a9d1fb1", 1860),
    "cosmic-4p-b":
        ("aa1c114884f5e97d3f29a2c289d528be4ecf3753ac538691324bec1f4e82c27f", 2884),
    "cosmic-4p-no-moons":
        ("32e99b1dbd1f0f106bf462ec377c0c71e90209e1406f4c19e55af1174299b4f2", 2217),
    "cosmic-5p":
        ("3fab05eb622a79044576f00593a66274ef96a15692c6c9118fa43114e32a5941", 1404),
    "cosmic-8p":
        ("8777551d187b640045084bbceaf502dc1c0df55479c5007fef62cfeb3eaf6b38", 1771),
}


def _bytes(message) -> bytes:
    return message.SerializeToString(deterministic=True)


def replay_digest(players: int, seed: int, options: dict) -> tuple[str, int]:
    """(sha256 of every move, event and the final state and views, number of moves)."""
    rnd = random.Random(seed)
    st = GAME.setup(pb.Options(**options), players, rnd.getrandbits(64))
    h = hashlib.sha256(_bytes(st))
    moves = 0
    while decisions := GAME.decisions(st):
        d = rnd.choice(decisions)
        move = rnd.choice(d.options)
        h.update(f"|{d.seat}:{d.kind}:{len(d.options)}:".encode() + _bytes(move))
        for e in GAME.apply(st, d.seat, move):
            h.update(f"|{type(e.payload).__name__}{sorted(e.audience or ())}".encode()
                     + _bytes(e.payload))
        moves += 1
    h.update(b"|final" + _bytes(st))
    for viewer in (None, *range(players)):
        h.update(b"|view" + _bytes(GAME.view(st, viewer)))
    return h.hexdigest(), moves


@pytest.mark.parametrize("name", sorted(CASES))
def test_same_seeds_play_the_same_games_move_for_move(name: str) -> None:
    digest, moves = replay_digest(*CASES[name])
    assert (digest, moves) == DIGESTS[name], (
        f"{name}: the game changed (got {digest}, {moves} moves); if on purpose, regenerate "
        "with python -m tests.games.cosmic.test_cosmic_replay_digest")


if __name__ == "__main__":
    for case in sorted(CASES):
        digest, moves = replay_digest(*CASES[case])
        print(f'    "{case}":\n        ("{digest}", {moves}),')


@pytest.mark.parametrize("name", ["classic-4p-a", "cosmic-4p-a", "cosmic-8p"])
def test_the_listing_apply_leaves_is_a_fresh_listing(name: str) -> None:
    """Cosmic remembers the decisions settling listed (rules.Cosmic._listed): at every move
    of a game they equal what flow lists from scratch, option for option."""
    from cosmodrome.games.cosmic import flow
    players, seed, options = CASES[name]
    rnd = random.Random(seed)
    st = GAME.setup(pb.Options(**options), players, rnd.getrandbits(64))
    while decisions := GAME.decisions(st):
        fresh = flow.decisions(st)
        assert [(d.seat, d.kind, d.prompt, d.options, d.deadline_ms) for d in decisions] == [
            (d.seat, d.kind, d.prompt, d.options, d.deadline_ms) for d in fresh]
        d = rnd.choice(decisions)
        GAME.apply(st, d.seat, rnd.choice(d.options))
