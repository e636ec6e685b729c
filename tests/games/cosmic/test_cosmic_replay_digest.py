"""Replay digests: fixed seeds x options, random moves, must play move for move as they did.

Speed work on the engine must not change any game. Each case plays a full random game (the
bench's way: a random owed decision, a random option of it) and hashes every move, every
event (payload and audience) and the final state and views. The digests were computed on main
before the speed work (`perf`, 2026-12-03). A change that is meant to change games (a new moon
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

DIGESTS = {  # computed on main at fe93a18
    "classic-2p":
        ("981c78f35c7a782396899eb75d4867c4e7294668c00cde2aebc160f4eeb6d069", 914),
    "classic-3p-star-discs-no-edicts":
        ("c89c487b73f291d4e42ec358cc3db22da031f93640599502d7e09ba0ca396a6e", 424),
    "classic-4p-a":
        ("4738fa3a966b9ebf702d785bc344b216031d2d3fe11c79cf199e3e6eeda2fc97", 750),
    "classic-4p-b":
        ("46e9289ef52b6f0f3562e6013bd6a2340b895716c4d7c22335f840feed8d81fd", 647),
    "classic-5p-rotation-two-powers":
        ("b84031cb746badf42d135137f03ff4d86086289a8b2323b3843f6599d0302864", 888),
    "classic-6p-two-of-three":
        ("c37094927741d49cdf4ca07f6a16a1df6fa187711af9a263e72b70596cef4722", 1371),
    "cosmic-2p":
        ("0385be74c9e675f5d8feddcc9ff83d378388c24adb048976ca9d780e14150fec", 598),
    "cosmic-4p-a":
        ("e94b74d2af8c71bd2e2ce7dfc757696cb4888b3f8cb4e29cec4fd8e5ad9e7a3a", 691),
    "cosmic-4p-b":
        ("14d39b04ed736b31934415702b1d4511dc2a39bc2b7979211f50c0f55e52b397", 1165),
    "cosmic-4p-no-moons":
        ("fc020eff7dff09591877c1c393952409a451465dceb047d911e297557a618afa", 1916),
    "cosmic-5p":
        ("e56e1748c0e9e9caf0bee5c6dafc75ec3482501af49448d8f584dc862290efa2", 1359),
    "cosmic-8p":
        ("35516ef98310db4cbbda5fd5a4ff1872b8c92f0703eecd57722f534528078847", 770),
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
