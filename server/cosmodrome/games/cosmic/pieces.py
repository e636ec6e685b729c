"""The questions the flow asks about the pieces (powers, edicts, flares, moons).

What is hosted and under which id is `registry`'s (the piece packages fill it when imported;
`rules.py` imports them all); its tables are named here too, for the many modules that ask
both. The flow asks through the functions below, which name no piece: who uses which power
now (`has`, `held`), and each hook of `hooks.Piece` over the pieces in play, in the seed's
order of simultaneous uses (offence, defence, then clockwise from the offence's left).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cosmodrome.core.engine import Event
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, moonboard
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import DRAWN, CardStep, Edict, Flare, Moment, Piece
from cosmodrome.games.cosmic.registry import (  # noqa: F401 - the registry's tables, named here
    EDICTS,
    FLARES,
    MOON_NAMES,
    MOONS,
    PIECE_TASKS,
    POWER_ID,
    POWERS,
)
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

moons_with = moonboard.moons_with


def power(name: str) -> Piece:
    return POWERS[POWER_ID[name]]


def is_edict(card: int) -> bool:
    return CARDS[card].kind == "edict"


def edict_of(card: int) -> Edict:
    return EDICTS[CARDS[card].edict]


def played_edict(move: pb.PlayEdict) -> Edict:
    """The edict a play carries out: the card's own, or the one a moon lets it be (17)."""
    return EDICTS[move.as_edict] if move.as_edict else edict_of(move.card)


# ====================================================================== who uses what

def listed(pairs, seat: int, pid: int) -> bool:
    """Is power `pid` of `seat` among `pairs` (repeated PowerOfSeat)?"""
    return any(x.power == pid and x.seat == seat for x in pairs)


def zapped(st: pb.State, seat: int, pid: int) -> bool:
    return listed(st.enc.zapped, seat, pid)


def _own(st: pb.State, seat: int, pid: int) -> bool:
    return pid in st.seats[seat].powers and (
        (B.power_active(st, seat) and not zapped(st, seat, pid)) or _moon_entitled(st, seat))


def _moon_entitled(st: pb.State, seat: int) -> bool:
    """A moon lets `seat` use his powers though not entitled (seed 000: 49): the one
    place besides `_own` where "may he use his power" is decided."""
    return bool(st.moons) and moonboard.entitles_powers(st, seat)


def used_ids(st: pb.State, seat: int) -> list[int]:
    """Power ids `seat` uses now: its own (held, enough home bases, not zapped) and those one
    of them lets it copy."""
    if seat < 0 or st.seats[seat].eliminated:
        return []
    own = [p for p in st.seats[seat].powers if _own(st, seat, p)]
    out = list(own)
    for pid in own:
        out += [c for c in POWERS[pid].copies(st, seat)
                if c not in out and (not zapped(st, seat, c) or _moon_entitled(st, seat))]
    if st.enc.flares_played:  # a flare played may copy powers too (`Flare.copies`)
        out += [c for c in _flare_copies(st, seat) if c not in out]
    return out


def _flare_copies(st: pb.State, seat: int) -> list[int]:
    return [c for card in st.enc.flares_played if (piece := flare_of(card))
            for c in piece.copies(st, seat)]


def has(st: pb.State, seat: int, name: str) -> bool:
    return POWER_ID[name] in used_ids(st, seat)


def held(st: pb.State, seat: int) -> Iterator[Piece]:
    for pid in used_ids(st, seat):
        yield POWERS[pid]


def in_play(st: pb.State) -> Iterator[tuple[int, Piece]]:
    """(seat, piece) for every piece used now, in the order of simultaneous uses."""
    order = B.power_order(st) if st.enc.offense >= 0 else range(st.players)
    for s in order:
        for piece in held(st, s):
            yield s, piece


def use(st: pb.State, ctx: Ctx, seat: int, name: str) -> None:
    """Record a use; the power is disclosed at its first use (the copier's, when copied)."""
    pid = POWER_ID[name]
    se = st.seats[seat]
    shown = pid if _own(st, seat, pid) else next(
        (p for p in se.powers if _own(st, seat, p) and pid in POWERS[p].copies(st, seat)), -1)
    if shown in se.powers:
        se.disclosed[list(se.powers).index(shown)] = True
    if not listed(st.enc.used, seat, pid):
        st.enc.used.add(seat=seat, power=pid)
        ctx.events.append(Event(pb.Event(power_used=pb.PowerUsed(
            seat=seat, power=pid))))


def used(st: pb.State, seat: int, name: str) -> bool:
    return listed(st.enc.used, seat, POWER_ID[name])


def involved(st: pb.State, seat: int) -> bool:
    e = st.enc
    return (seat in (e.offense, B.defender(st)) or (len(e.cone_off) > seat and
            (e.cone_off[seat] > 0 or e.cone_def[seat] > 0)))


def opponent(st: pb.State, seat: int) -> int:
    e = st.enc
    if B.defender(st) < 0:
        return -1
    if seat == e.offense:
        return B.defender(st)
    if seat == B.defender(st):
        return e.offense
    return -1


def played_cards(st: pb.State, seat: int) -> tuple[int, int]:
    """(his own, his opponent's) encounter card of main player `seat` (-1: none), after any
    swap of the face-down cards."""
    e = st.enc
    off, de = B.played(st, "off"), B.played(st, "def")
    mine = off if seat == e.offense else de if seat == B.defender(st) else -1
    theirs = de if seat == e.offense else off if seat == B.defender(st) else -1
    return (theirs, mine) if e.swapped else (mine, theirs)


# ====================================================================== edicts in hand

# The edict name of every edict card id: asked at every decision, so one dict lookup a card.
_EDICT_OF = {c.id: c.edict for c in CARDS if c.kind == "edict"}


def edict_cards(st: pb.State, seat: int, name: str) -> list[int]:
    return [c for c in st.seats[seat].hand if _EDICT_OF.get(c) == name]


def edicts_held(st: pb.State, seat: int) -> set[str]:
    """The names of the edicts in `seat`'s hand (one pass over the hand)."""
    return {_EDICT_OF[c] for c in st.seats[seat].hand if c in _EDICT_OF}


def first_edict(st: pb.State, seat: int, *names: str) -> int:
    """The lowest card id of the first of `names` `seat` holds (-1: none)."""
    for n in names:
        cards = edict_cards(st, seat, n)
        if cards:
            return min(cards)
    return -1


def answer_card(st: pb.State, seat: int, response: str | None) -> int:
    """An edict card of `seat` that may answer a response window of kind `response`."""
    return first_edict(st, seat, *(n for n, ed in EDICTS.items() if response in ed.answers))


# ====================================================================== hooks over pieces in play

def window_actions(st: pb.State, seat: int, window: int) -> list[pb.Move]:
    """Every move `seat` may make in `window`: its powers', then its edicts' (each edict kind
    once, with the lowest card of that kind)."""
    if st.seats[seat].eliminated:
        return []
    out: list[pb.Move] = []
    for piece in held(st, seat):
        out += piece.window_actions(st, seat, window)
    names = edicts_held(st, seat)
    for name, edict in EDICTS.items():
        if name in names:
            out += edict.window_actions(st, seat, window)
    return out


def chooser_of(st: pb.State, seat: int) -> int:
    """The seat who chooses `seat`'s encounter card instead of him (-1: none): his opponent,
    if he claimed the choice (`card_order`; it holds even if the claiming piece is zapped or
    lost since)."""
    chooser = card_order.chooser(st)
    return chooser if chooser is not None and opponent(st, chooser) == seat else -1


def at_any_time(st: pb.State, seat: int) -> list[pb.Move]:
    out: list[pb.Move] = []
    names = edicts_held(st, seat)
    for name, edict in EDICTS.items():
        if name in names:
            out += edict.at_any_time(st, seat)
    return out + moon_moves(st, seat)


def moon_moves(st: pb.State, seat: int, t: pb.Task | None = None) -> list[pb.Move]:
    """What the moons let `seat` do by his own choice (seed 000: 11, 17, 29): in answer to
    the response window `t`, or (None) at any moment."""
    return moonboard.use_moves(st, seat, t)


def card_step(st: pb.State, ctx: Ctx, step: CardStep, asked: Iterable[Piece]) -> None:
    """The one dispatcher of the card-step actions: each piece of `asked` that hears
    `step.moment` (its `card_moments`) acts."""
    for piece in asked:
        if step.moment in piece.card_moments:
            piece.at_card_step(st, ctx, step)


def card_choices(st: pb.State, seat: int, cards: list[int]) -> list[int]:
    for piece in POWERS:
        cards = piece.card_choices(st, seat, cards)
    return cards


def token_worth(st: pb.State, seat: int) -> int:
    for piece in [*active_flares(st, seat), *held(st, seat)]:  # a played flare first
        worth = piece.token_worth(st, seat)
        if worth:
            return worth
    return 1


def removed_by(st: pb.State, winner: int, loser: int) -> bool:
    return winner >= 0 and winner != loser and any(
        p.removes_lost_tokens(st, winner, loser) for p in held(st, winner))


# ---- draws the rules give

def drawn(st: pb.State, ctx: Ctx, seat: int, n: int) -> None:
    """`seat` was entitled to draw (or take) `n` cards and has them: every moon on the board
    hears it (one gives a card more for each)."""
    if n <= 0 or not st.moons or st.seats[seat].eliminated:
        return
    moonboard.hear(st, ctx, Moment(DRAWN, seat=seat, n=n),
                   ((m, MOONS[mo.number]) for m, mo in enumerate(st.moons)
                    if mo.number in MOONS and not mo.gone))


# ====================================================================== flares played

def flare_of(card: int) -> Flare | None:
    """The hosted flare piece of a flare card (None: not hosted)."""
    return FLARES.get(CARDS[card].power)


def active_flares(st: pb.State, seat: int) -> list[Flare]:
    """The hosted flares played this encounter that `seat` holds (FL2: as held now): their
    passive hooks (`token_worth`, `side_total`, `another_encounter`) act for him until the
    encounter ends."""
    if not st.enc.flares_played or seat < 0:
        return []
    hand = st.seats[seat].hand
    return [FLARES[CARDS[c].power] for c in st.enc.flares_played
            if c in hand and CARDS[c].power in FLARES]
