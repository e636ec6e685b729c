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

DIGESTS = {  # computed on main at fe93a18; re-taken with the moons, flares, table moons and State.game_end
    "classic-2p":
        ("4ae872adfb6f87799be9580c5d8102d8002af012dcd2ace2f5f11c2a4f6f9799", 914),
    "classic-3p-star-discs-no-edicts":
        ("1173f218859f3fe2042332c42d6e2f4419bd42a8a402f2f40ad3fdfa5d16b009", 424),
    "classic-4p-a":
        ("9af970a7e280f994c2deca026194595b72e4723bbb03c5e9eed9b7d697eedaca", 750),
    "classic-4p-b":
        ("b7aa44786dec09cd5f79a89bc2910328e46aeec525aa92812a32b5d424d6d1bd", 647),
    "classic-5p-rotation-two-powers":
        ("7323f99b65fb8f5046f2c71abf83d4c44a565af0dc240e1f018e13852819af5b", 888),
    "classic-6p-two-of-three":
        ("b9d4533bbacb1a3099b529bb728f3875484d4b5249bf7298591bfff4e1032f90", 1371),
    "cosmic-2p":
        ("c2a6927cd633e082056c1f4609f8131040a1df382260a028d57f2e55cf372f8c", 1230),
    "cosmic-4p-a":
        ("88a11f748f9d066bcc9d217fcd8852d812cdcf25d0ab9f9555cafc610714aeec", 1860),
    "cosmic-4p-b":
        ("7e953f63db3b1be65fdffb962b701913030eff9754291679329a4c8bc1990961", 2884),
    "cosmic-4p-no-moons":
        ("f1603f00fb042da92ebbb78fd30d284c42db2bdec502db5d6d5b339a658d7387", 2217),
    "cosmic-5p":
        ("6d60611451776406ade2b8a0404167c93bb20c88b8e1cc83c4b433a37a59ccb7", 1404),
    "cosmic-8p":
        ("232123f48229cf77a05b1d33b732e9c579d4c08643f2a0c4d8a15423acd801b7", 1771),
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
