"""A position builder: set up a Cosmic position without editing the State by hand.

For tests and hosts (a tutorial, a puzzle, a bug report). Describe what differs from a fresh
game; `build` deals it, checks it and returns a State at the start of the offence's turn:

    >>> from cosmodrome.games.cosmic.position import Position, build
    >>> st = build(Position(players=3, powers={0: ["virus"]}, hands={1: [0, 17]},
    ...                     tokens={(5, 1): 1}, black_hole={1: 3}, offence=0))
    >>> list(st.seats[1].hand), st.seats[1].black_hole
    ([0, 17], 3)

Cards not named stay in the deck (shuffled by `seed`); a hand not named is dealt seven cards
from it. Tokens: `(planet, seat) -> n` sets that count; the difference comes from or goes to
the seat's other home planets, and `black_hole` takes tokens from its home planets too, so
every seat keeps its twenty. An inconsistent position raises `BadPosition` naming what is
wrong; the State it returns passes `Cosmic.audit`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cosmodrome.core.engine import BadOptions
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import flow
from cosmodrome.games.cosmic.rules import Cosmic, dealt_cards
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class BadPosition(ValueError):
    """A position that cannot be played; the message names what is wrong."""


@dataclass
class Position:
    players: int
    powers: dict[int, list[str]] = field(default_factory=dict)   # seat -> power names
    hands: dict[int, list[int]] = field(default_factory=dict)    # seat -> card ids
    discard: list[int] = field(default_factory=list)             # card ids, bottom first
    tokens: dict[tuple[int, int], int] = field(default_factory=dict)  # (planet, seat) -> n
    black_hole: dict[int, int] = field(default_factory=dict)     # seat -> tokens there
    lucres: dict[int, int] = field(default_factory=dict)         # seat -> lucres (seed 000)
    offence: int = 0
    edicts: bool = True
    seed: int = 1


def build(position: Position, options: pb.Options | None = None) -> pb.State:
    p = position
    options = pb.Options() if options is None else options
    options.powers[:] = ["+".join(p.powers.get(s, [])) or "none" for s in range(p.players)]
    options.first_player = p.offence
    options.no_edicts = not p.edicts
    try:
        Cosmic().check_options(options, p.players)
    except BadOptions as exc:
        raise BadPosition(str(exc)) from None
    st = _fresh(p, options)
    _deal(st, p)
    _place_tokens(st, p)
    _set_lucres(st, p)
    problems = Cosmic().audit(st)
    if problems:
        raise BadPosition("; ".join(problems))
    flow.start_turn(st, [], p.offence)
    return st


def _fresh(p: Position, options: pb.Options) -> pb.State:
    """A set-up game with every hand back in the deck and the first turn not yet begun."""
    st = Cosmic().setup(options, p.players, p.seed)
    del st.tasks[:]
    st.enc.Clear()
    st.cup.extend(st.discs_out)  # star discs: none drawn yet
    del st.discs_out[:]
    st.enc.offense = p.offence
    for se in st.seats:
        st.deck.extend(se.hand)
        del se.hand[:]
    st.deck.extend(st.discard)
    del st.discard[:]
    flow.rewind(st)
    return st


def _deal(st: pb.State, p: Position) -> None:
    dealt = dealt_cards(st.options) + list(st.flares)  # seed 000: the flares drawn too
    named: dict[int, str] = {}
    for where, cards in [*((f"hand of seat {s}", h) for s, h in sorted(p.hands.items())),
                         ("discard", p.discard)]:
        for c in cards:
            if c not in dealt:
                raise BadPosition(f"{where}: card {c} is not in this game's deck")
            if c in named:
                raise BadPosition(f"card {c} is in the {named[c]} and the {where}")
            named[c] = where
    for s in p.hands:
        if not 0 <= s < p.players:
            raise BadPosition(f"hands: no seat {s}")
    deck = [c for c in dealt if c not in named]
    Rng(p.seed).shuffle(deck)
    del st.deck[:]
    st.deck.extend(deck)
    st.discard.extend(p.discard)
    if st.options.four_piles:
        B.split_piles(st)
    for s in range(p.players):
        hand = p.hands.get(s)
        st.seats[s].hand.extend(hand if hand is not None
                                else [B.pop_deck(st) for _ in range(B.HAND_SIZE)])


def _set_lucres(st: pb.State, p: Position) -> None:
    for seat, n in p.lucres.items():
        if not 0 <= seat < p.players or n < 0:
            raise BadPosition(f"lucres: no seat {seat}, or {n} < 0")
        st.seats[seat].lucres = n


def _place_tokens(st: pb.State, p: Position) -> None:
    planets = p.players * B.PLANETS_PER_SYSTEM
    for (planet, seat), n in p.tokens.items():
        if not 0 <= planet < planets or not 0 <= seat < p.players or n < 0:
            raise BadPosition(f"tokens: no planet {planet} for seat {seat}, or {n} < 0")
        B.add_tok(st, planet, seat, n - B.tok(st, planet, seat))
    for seat, n in p.black_hole.items():
        if not 0 <= seat < p.players or n < 0:
            raise BadPosition(f"black_hole: no seat {seat}, or {n} < 0")
        st.seats[seat].black_hole = n
    for seat in range(p.players):  # the balance comes from (or goes to) free home planets
        free = [q for q in B.planets_of(seat) if (q, seat) not in p.tokens]
        extra = B.TOKENS_PER_PLAYER - B.tokens_on_bases(st, seat) - st.seats[seat].black_hole
        for q in free:
            if extra == 0:
                break
            step = max(extra, -B.tok(st, q, seat))
            if extra > 0:
                step = extra
            B.add_tok(st, q, seat, step)
            extra -= step
        if extra:
            raise BadPosition(f"seat {seat} would need {extra:+d} tokens to hold twenty")
