"""Seed 000's moons in the turn: dealt at setup, aimed at, landed on, known, counted.

The flow calls the functions here at the moments moons matter (aim, landing, totals,
victory, a failed deal); they ask the moon pieces (`pieces.MOONS`, the hooks of
`hooks.Moon`) and name none. The readings of the seed's open questions (M1-M8) are in
docs/rules/cosmic-000.md; each is quoted where it is applied.

A moon is a body (board.body): body players * 5 + m is `State.moons[m]`, so tokens land on,
launch from and are lost from moons as from planets (M4: "elles ne comptent pas comme bases
pour la victoire finale", so `board.foreign_bases` counts planets only).
"""

from __future__ import annotations

from collections.abc import Iterator

from cosmodrome.core.engine import BadOptions
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx, reason
from cosmodrome.games.cosmic.hooks import Moon, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

MOONS_PER_PLAYER = 2  # "chaque joueur tire au hasard deux lunes"
ALL = None            # `know`'s audience: every seat


def content():
    """content/moons.json as validated by content_000, imported when moons are asked for:
    content_000 also checks the flares against the power modules, which a classic game
    (or a power dropped into powers/ without its flare yet) need not pass."""
    from cosmodrome.games.cosmic import content_000
    return content_000


def data(number: int):
    """The content entry (content_000.Moon) of moon `number`."""
    return content().MOONS[number - 1]


# ====================================================================== options and setup

def moon_set(options: pb.Options) -> int:
    """The moon set played: unset is the ruleset's default (`cosmic`: the game-effect moons;
    `classic`: none)."""
    if options.moons:
        return options.moons
    return pb.MOON_SET_GAME_EFFECT if options.ruleset == pb.RULESET_COSMIC else pb.MOON_SET_OFF


def deck_numbers(options: pb.Options) -> list[int]:
    """The moon numbers dealt from: the explicit `moon_deck`, else the hosted moons of the
    set (M8: the default deck is the game-effect moons; `all` adds the cut-text and table
    ones; a moon the data marks not hostable, never)."""
    if options.moon_deck:
        return list(options.moon_deck)
    which = moon_set(options)
    if which == pb.MOON_SET_OFF:
        return []
    return [m.number for m in content().MOONS if m.number in pieces.MOONS
            and m.judged_by != "not_hostable"
            and (m.default_deck or which == pb.MOON_SET_ALL)]


def check_options(options: pb.Options, players: int) -> None:
    if options.moons not in pb.MoonSet.values():
        raise BadOptions("moons must be one of off, game_effect, all")
    numbers = list(options.moon_deck)
    count = content().MOON_COUNT if numbers else 0
    for n in numbers:
        if not 1 <= n <= count:
            raise BadOptions(f"moon_deck: no moon {n} (moons are numbered 1-{count})")
        if n not in pieces.MOONS:
            raise BadOptions(f"moon_deck: moon {n} is not hosted")
    if len(set(numbers)) != len(numbers):
        raise BadOptions("moon_deck names a moon twice")
    dealt = deck_numbers(options)
    if dealt and len(dealt) < MOONS_PER_PLAYER * players:
        raise BadOptions(f"moons: {len(dealt)} moons cannot give two to each of "
                         f"{players} players")


def deal(st: pb.State, rng: Rng) -> None:
    """R06: "chaque joueur tire au hasard deux lunes, en prend connaissance et les place,
    faces cachées, dans son système solaire"; the rest stays in a secret deck."""
    numbers = deck_numbers(st.options)
    if not numbers:
        return
    rng.shuffle(numbers)
    n = st.players
    for s in range(n):
        for _ in range(MOONS_PER_PLAYER):
            st.moons.add(number=numbers.pop(), system=s, count=[0] * n,
                         known_by=[k == s for k in range(n)])
    st.moon_deck.extend(numbers)


# ====================================================================== aim (M1)

def targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(body, defender) pairs of the moons the cone may aim at: those of the drawn system
    (D03, D04), any moon present in a two-player game (D05). M1: each occupant but the
    offence may be named defender; a moon with none is an automatic win, unless the offence
    is alone there already (nothing to win, as for a planet of his own)."""
    off = st.enc.offense
    out: list[tuple[int, int]] = []
    for m, mo in enumerate(st.moons):
        if mo.gone or (st.players > 2 and mo.system != system):
            continue
        body = B.moon_body(st, m)
        others = [s for s in B.alive(st) if s != off and mo.count[s] > 0]
        out += [(body, s) for s in others]
        if not others and mo.count[off] == 0:
            out.append((body, -1))
    return out


# ====================================================================== knowledge (L03-L06, M5)

def is_public(mo: pb.Moon) -> bool:
    return mo.face_up or all(mo.known_by)


def know(st: pb.State, ctx: Ctx, m: int, seats: list[int] | None, why: int) -> None:
    """`seats` (ALL: everyone) now know moon `m`; they remember it (M5)."""
    mo = st.moons[m]
    who = range(st.players) if seats is ALL else seats
    new = [s for s in who if not mo.known_by[s]]
    for s in new:
        mo.known_by[s] = True
    if new or seats is ALL:
        ctx.emit(pb.Event(moon_known=pb.MoonKnown(moon=m, number=mo.number, why=why)),
                 None if seats is ALL else frozenset(new))


def acts(st: pb.State, ctx: Ctx, m: int, seat: int) -> None:
    """Moon `m` acts for `seat`: L06 "Au moment où la lune agit, et pas avant, les autres
    joueurs prennent alors connaissance de sa puissance"."""
    mo = st.moons[m]
    if not all(mo.known_by):
        for s in range(st.players):
            mo.known_by[s] = True
    ctx.emit(pb.Event(moon_acted=pb.MoonActed(moon=m, number=mo.number, seat=seat)))


def turn_down_empty(st: pb.State) -> None:
    """L04: "Lorsqu'elle n'est plus habitée, elle doit à nouveau présenter sa face cachée"
    (those who saw it remember it: M5)."""
    for mo in st.moons:
        if mo.face_up and not any(mo.count):
            mo.face_up = False


# ====================================================================== landing (M2)

def landed(st: pb.State, ctx: Ctx, body: int, tokens: dict[int, int]) -> None:
    """`tokens` (seat -> n) have just landed on `body` by a won encounter. On a moon: an R
    moon turns face up for all (L03), an S moon is seen by those who land (L05), and an
    instant moon acts (L07: at each landing, "puis reste inopérante jusqu'à ce que un autre
    pion touche la lune à son tour")."""
    m = B.moon_of(st, body)
    if m is None or not tokens:
        return
    mo = st.moons[m]
    if mo.gone:
        return
    if data(mo.number).secret:
        know(st, ctx, m, sorted(tokens), pb.MOON_WHY_LANDED)
    elif not mo.face_up:
        mo.face_up = True
        know(st, ctx, m, ALL, pb.MOON_WHY_REVEALED)
    piece = pieces.MOONS.get(mo.number)
    if piece is not None and data(mo.number).instant:
        lander = st.enc.offense if st.enc.offense in tokens else min(tokens)
        piece.on_landing(st, ctx, m, lander, tokens)


# ====================================================================== moons on the board

def on_board(st: pb.State) -> Iterator[tuple[int, Moon]]:
    """(index, piece) of every hosted moon on the board; each hook says when it acts."""
    for m, mo in enumerate(st.moons):
        piece = pieces.MOONS.get(mo.number)
        if piece is not None and not mo.gone:
            yield m, piece


def occupants(st: pb.State, m: int) -> list[int]:
    return [s for s, n in enumerate(st.moons[m].count) if n > 0]


def colour_of(st: pb.State, m: int) -> int:
    """M6: "la couleur du système" is the player whose home system holds the moon."""
    return st.moons[m].system


def attack_cards(st: pb.State, side: int) -> int:
    """Attack cards main player `side` played: one (extension cards, with the `cosmic`
    ruleset, make it the number played)."""
    e = st.enc
    card = B.played(st, "off") if side == e.offense else B.played(st, "def")
    return 1 if B.is_attack(card) else 0


def combat_terms(st: pb.State, ctx: Ctx | None, side: int) -> tuple[int, dict[int, int]]:
    """What the moons do to main player `side`'s total: a bonus on his attack cards and a
    factor per seat's tokens. With `ctx` (the real resolution, not a question) each moon
    that changes it acts."""
    e = st.enc
    cone = e.cone_off if side == e.offense else e.cone_def
    counted = [s for s in range(st.players) if cone[s] or (
        s == side == B.defender(st) and B.tok(st, e.planet, s))]
    bonus, factors, acting = 0, {}, []
    for m, piece in on_board(st):
        b = piece.card_bonus(st, m, side) * attack_cards(st, side)
        changed = bool(b)
        bonus += b
        for s in counted:
            f = piece.token_factor(st, m, side, s)
            if f != 1:
                factors[s] = factors.get(s, 1) * f
                changed = True
        if changed:
            acting.append(m)
    if ctx is not None:
        for m in acting:
            acts(st, ctx, m, side)
    return bonus, factors


def _occupied_by(st: pb.State, seat: int) -> Iterator[tuple[int, Moon]]:
    """(index, piece) of the hosted moons `seat` has tokens on (checked at every step: kept
    to the moons he stands on)."""
    for m, mo in enumerate(st.moons):
        if mo.count[seat] and mo.number in pieces.MOONS:
            yield m, pieces.MOONS[mo.number]


def victory_bases(st: pb.State, seat: int) -> int:
    """Foreign bases the moons `seat` stands on add to his count for the win (R09: never a
    moon as a base, unless its text says so)."""
    return sum(piece.victory_bases(st, m, seat) for m, piece in _occupied_by(st, seat))


def victory_moons_act(st: pb.State, ctx: Ctx, winners: list[int]) -> None:
    for s in winners:
        for m, piece in _occupied_by(st, s):
            if piece.victory_bases(st, m, s):
                acts(st, ctx, m, s)


def may_redraw(st: pb.State, seat: int) -> bool:
    """May `seat`, out of encounter cards, draw a new hand (no moon forbids it)?"""
    return not any(piece.forbids_new_hand(st, m, seat) for m, piece in on_board(st))


def spares_deal_loss(st: pb.State, ctx: Ctx, seat: int) -> bool:
    for m, piece in on_board(st):
        if piece.spares_deal_loss(st, m, seat):
            acts(st, ctx, m, seat)
            return True
    return False


# ====================================================================== what moons do

def remove_from_game(st: pb.State, ctx: Ctx, seat: int, n: int) -> None:
    """`n` of `seat`'s tokens, already off the board, leave the game."""
    if n <= 0:
        return
    st.seats[seat].removed += n
    ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
        seat=seat, count=n, source=pb.PLACE_ENCOUNTER, destination=pb.PLACE_REMOVED)))
    if st.seats[seat].removed > actions.VOID_ELIMINATION:
        actions.eliminate(st, ctx, seat)


def give_lucres(st: pb.State, seat: int, n: int) -> None:
    """`seat` takes `n` lucres from the bank (the `cosmic` ruleset's money, `Seat.lucres`)."""
    st.seats[seat].lucres += n


def ask(st: pb.State, seat: int, m: int, count: int = 0, target: int | None = None,
        body: int | None = None, at: int | None = None) -> None:
    """Queue moon `m`'s question to `seat` (a `moon_question` task), about seat `target` and
    `body` if any, at position `at` of the queue (None: its end)."""
    actions.queue(st, pb.Task(seat=seat, moon_question=pb.MoonQuestion(
        moon=m, count=count, target=target, body=body)), at)


def _piece_of(st: pb.State, t: pb.Task) -> Moon:
    return pieces.MOONS[st.moons[t.moon_question.moon].number]


def _question_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    return _piece_of(st, t).question_options(st, t)


def _answer(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    _piece_of(st, t).answer(st, ctx, t, move)


QUESTION = TaskKind("moon", "Answer the moon's question", _question_options, _answer)


def colour_side(st: pb.State, m: int, side: int) -> bool:
    """Moon `m` is face up and main player `side` is the player of its system's colour (the
    "while face up" moons: "à condition d'être révélée bien sûr ; mais peu importe le joueur
    qui révèle cet astre")."""
    return st.moons[m].face_up and side == colour_of(st, m)


def rotate_hands(st: pb.State, ctx: Ctx, piece: Moon, left: bool) -> None:
    """Every living player passes his whole hand to his left (seat + 1) or right (seat - 1)
    neighbour (M7); each sees what he gets and knows what he gave."""
    living = B.alive(st)
    if len(living) < 2:
        return
    hands = {s: list(st.seats[s].hand) for s in living}
    for s in living:
        order = B.clockwise_from(st, s)
        to = order[0] if left else order[-1]
        del st.seats[to].hand[:]
        st.seats[to].hand.extend(hands[s])
    for s in living:
        order = B.clockwise_from(st, s)
        to = order[0] if left else order[-1]
        if hands[s]:
            ctx.show(to, s, sorted(hands[s]), piece.name)
            st.knowledge.add(viewer=s, target=to, cards=sorted(hands[s]),
                             **reason(piece.name))


def rotate_powers(st: pb.State, ctx: Ctx, left: bool, which: int) -> None:
    """Every living player passes his main power, his secondary powers or all of them
    (`which`, PowersPassed) to his left (seat + 1) or right (seat - 1) neighbour (M7); a
    power keeps whether it was disclosed."""
    living = B.alive(st)
    if len(living) < 2:
        return
    main = which in (pb.POWERS_PASSED_MAIN, pb.POWERS_PASSED_ALL)
    second = which in (pb.POWERS_PASSED_SECONDARY, pb.POWERS_PASSED_ALL)
    held = {s: list(zip(st.seats[s].powers, st.seats[s].disclosed, strict=True))
            for s in living}
    for s in living:
        order = B.clockwise_from(st, s)
        to = order[0] if left else order[-1]
        mine, given = held[to], held[s]
        new = ((given[:1] if main else mine[:1]) + (given[1:] if second else mine[1:]))
        st.seats[to].powers[:] = [p for p, _ in new]
        st.seats[to].disclosed[:] = [d for _, d in new]


def several_powers(st: pb.State) -> bool:
    """Does a living player hold secondary powers (so which powers move is a choice)?"""
    return any(len(st.seats[s].powers) > 1 for s in B.alive(st))


# ====================================================================== table: 36, 58 (table.py)

def may_ally(st: pb.State, seat: int) -> bool:
    """May `seat` ally, or be allied with (no moon he stands on forbids it)?"""
    return not any(piece.forbids_alliance(st, m, seat) for m, piece in _occupied_by(st, seat))


def view_limit(st: pb.State, seat: int) -> int:
    """The strongest TableLimit the moons `seat` stands on put on his view."""
    return max((piece.view_limit(st, m, seat) for m, piece in _occupied_by(st, seat)),
               default=pb.TABLE_LIMIT_NONE)


def may_leave(st: pb.State, body: int, seat: int) -> bool:
    """May `seat` move his tokens off `body` (no moon holds them there: 58)?"""
    m = B.moon_of(st, body)
    if m is None or st.moons[m].gone:
        return True
    piece = pieces.MOONS.get(st.moons[m].number)
    return piece is None or not piece.holds_tokens(st, m, seat)


def encounter_over(st: pb.State, ctx: Ctx) -> None:
    for m, piece in on_board(st):
        piece.after_encounter(st, ctx, m)
