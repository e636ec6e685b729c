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

DIGESTS = {  # taken on main at fe93a18; re-taken with the moons, flares, table moons,
    #           State.game_end and Move.withdraw; cosmic-4p-b and cosmic-5p re-taken when
    #           moons 43/44 came to count on each attack card of an extension play (X3)
    "classic-2p":
        ("9d2b58cc30467e5535d14048844b5b1c5f47ddf1ec3af595644e0713ab40e8e6", 914),
    "classic-3p-star-discs-no-edicts":
        ("658f4f6767aa2edef709a1cb0bfaa22ed7cb0436891bc69fa7ce5c2554d937df", 424),
    "classic-4p-a":
        ("c546f53964e15591c58888f19180689e83a9705d977fd7e56938829dfd88a131", 750),
    "classic-4p-b":
        ("3c7cd77a1c3b646268ad061de754feac4b505a774f18b1f80f3cbc4c55f2dc42", 647),
    "classic-5p-rotation-two-powers":
        ("7f04ad4ef6067baaac83e716327245e80608d32aaf8fb68ec871393f1c5171aa", 888),
    "classic-6p-two-of-three":
        ("f2e9a4884efe97c95d900974aaa0ba22754444920843f3c477f25e851c06ff49", 1371),
    "cosmic-2p":
        ("b0011c2a3cbc4b9a43f8aed26a2ad358048d4dd9cf6f58915b5b4fa7cf74d028", 1230),
    "cosmic-4p-a":
        ("f8e137c22828c246529474e12bcfafa1b64fc36c444f252b621b069c8e21b38c", 1860),
    "cosmic-4p-b":
        ("eaeb8021d506edbb3c52bae5557503e3646341978f1e7838b0df51226b2e71c8", 2884),
    "cosmic-4p-no-moons":
        ("28ce45879c0de064cb759352e6cbcf7aa74fec876be30aee45ee02a74a454b54", 2217),
    "cosmic-5p":
        ("d062f8afb5d75882a51bfc7de0a0baf669f0d1b7f8e6a27126edd7a1ed54a9fc", 751),
    "cosmic-8p":
        ("0662004597c05ecf12634281d6126cfd20f9d0ed2fa27f2e5f55672343178e4c", 1771),
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
