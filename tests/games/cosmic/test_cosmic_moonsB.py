"""Seed 000's board moons (4, 6, 19, 21, 33, 34) and the Moon Zap edict: one test (or more)
per rule, named after its French text (docs/rules/cosmic-000.md, rows Moon04-Moon34, E03)."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow
from tests.games.cosmic.cosmic_helpers import (
    GAME,
    at_aim,
    mv,
    options,
    pb,
    token_total,
)
from tests.games.cosmic.moon_helpers import body, drive, home, land, moon_events, moon_game


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
