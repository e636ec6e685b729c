"""What the moon pieces call: the helpers single moons share (act in public, ask a question,
pass hands or powers around, give lucres, send tokens home, destroy a body, free prisoners).

`moonflow` is what the flow calls (deal, aim, totals, victory, windows); the moon modules
call this module and `moonboard` (which moon acts for whom), never `moonflow`. A landing is
here (`landed`): the flow and the moons that land tokens call it alike. Neither this module nor
`moonboard` imports `moonflow`, which is above both.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx, reason
from cosmodrome.games.cosmic.hooks import (
    ANY_MOON,
    BODY_DESTROYED,
    LANDED,
    REVEALED,
    Landing,
    Moment,
    Moon,
)
from cosmodrome.games.cosmic.moonboard import hear, on_board, suspended
from cosmodrome.games.cosmic.registry import MOONS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def acts(st: pb.State, ctx: Ctx, m: int, seat: int) -> None:
    """Moon `m` acts for `seat`: L06 "Au moment où la lune agit, et pas avant, les autres
    joueurs prennent alors connaissance de sa puissance"."""
    mo = st.moons[m]
    if not all(mo.known_by):
        for s in range(st.players):
            mo.known_by[s] = True
    ctx.emit(pb.Event(moon_acted=pb.MoonActed(moon=m, number=mo.number, seat=seat)))


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


def share_lucres(st: pb.State, seat: int) -> None:
    """`seat` shares his lucres equally among his opponents; what does not divide goes to the
    bank (50: "Si la division ne tombe pas juste, les restant des lucres va à la
    banque")."""
    others = [s for s in B.alive(st) if s != seat]
    share = st.seats[seat].lucres // len(others) if others else 0
    for s in others:
        give_lucres(st, s, share)
    st.seats[seat].lucres = 0


def in_card_step(st: pb.State) -> bool:
    """The main players are choosing their cards (no question queued): `use_moves` there are
    the card-step moons' (3, 59), not the "à tout moment" ones."""
    return st.step == pb.STEP_CARDS and not st.tasks


def moons_held(st: pb.State, seat: int, but: int = -1) -> int:
    """Moons (but moon `but`) where `seat` has tokens."""
    return sum(1 for m, mo in enumerate(st.moons) if m != but and mo.count[seat] > 0)


def vanish(st: pb.State, m: int) -> None:
    """Moon `m` leaves the game; the tokens on it go back to their owners' bases."""
    mo = st.moons[m]
    mo.gone = True
    for s, n in enumerate(mo.count):
        if n:
            mo.count[s] = 0
            actions.place_from_limbo(st, s, n)


def standing(st: pb.State, body: int) -> bool:
    """Is `body` (a planet or a moon) still there, neither destroyed nor gone?"""
    m = B.moon_of(st, body)
    return not st.planets[body].destroyed if m is None else not st.moons[m].gone


def destroyed(st: pb.State, ctx: Ctx, body: int) -> None:
    """`body` is destroyed (its tokens already dealt with by the moon that did it); the moons
    that depend on it are told (a moon guarding it vanishes with it)."""
    m = B.moon_of(st, body)
    if m is None:
        st.planets[body].destroyed = True
    else:
        st.moons[m].gone, st.moons[m].face_up = True, False
    hear(st, ctx, Moment(BODY_DESTROYED, body=body), list(on_board(st)))


def held_by_prisons(st: pb.State, seat: int) -> list[int]:
    """Moons holding tokens of `seat` that an edict may free (`Moon.zap_frees`)."""
    return [m for m, piece in on_board(st) if st.moons[m].count[seat] and piece.zap_frees]


def free(st: pb.State, ctx: Ctx, seat: int) -> None:
    """Every token of `seat` held by a prison moon goes back to his bases (he places them)."""
    n = 0
    for m in held_by_prisons(st, seat):
        n += st.moons[m].count[seat]
        st.moons[m].count[seat] = 0
    actions.place_from_limbo(st, seat, n)


def send_home(st: pb.State, m: int) -> None:
    """Every token on moon `m` goes back to its owner's bases (he places them)."""
    mo = st.moons[m]
    for s, n in enumerate(mo.count):
        mo.count[s] = 0
        if n and not st.seats[s].eliminated:
            actions.place_from_limbo(st, s, n)


def beside(st: pb.State, m: int) -> int:
    """The planet moon `m` lies beside (m6: "la plus proche planète")."""
    mo = st.moons[m]
    return B.planets_of(mo.system)[mo.slot]


def step_clockwise(st: pb.State, m: int) -> None:
    """Moon `m` moves beside the next planet: planet slot + 1, then the next system clockwise
    (seat + 1), its tokens riding along."""
    mo = st.moons[m]
    mo.slot += 1
    if mo.slot == B.PLANETS_PER_SYSTEM:
        mo.slot, mo.system = 0, (mo.system + 1) % st.players


# ====================================================================== landing (M2)
# (a landing has one author and one moment: the flow's won encounter, or a moon's effect;
# both call `landed`, the landing effects' one dispatcher)

ALL = None  # `know`'s audience: every seat


def content():
    """content/moons.json as validated by content_000, imported when moons are asked for:
    content_000 also checks the flares against the power modules, which a classic game
    (or a power dropped into powers/ without its flare yet) need not pass."""
    from cosmodrome.games.cosmic import content_000
    return content_000


def data(number: int):
    """The content entry (content_000.Moon) of moon `number`."""
    return content().MOONS[number - 1]


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


def landed(st: pb.State, ctx: Ctx, body: int, tokens: dict[int, int]) -> None:
    """`tokens` (seat -> n) have just landed on `body` (by a won encounter, or by a moon's
    effect: M2). On a moon: an R
    moon turns face up for all (L03), an S moon is seen by those who land (L05), and an
    instant moon acts (L07: at each landing, "puis reste inopérante jusqu'à ce que un autre
    pion touche la lune à son tour")."""
    m = B.moon_of(st, body)
    if m is None or not tokens:
        return
    mo = st.moons[m]
    if mo.gone:
        return
    new_stay(st, m, tokens)
    piece = MOONS.get(mo.number)
    lander = st.enc.offense if st.enc.offense in tokens else min(tokens)
    if data(mo.number).secret:
        know(st, ctx, m, sorted(tokens), pb.MOON_WHY_LANDED)
    elif not mo.face_up:
        mo.face_up = True
        know(st, ctx, m, ALL, pb.MOON_WHY_REVEALED)
        if piece is not None and REVEALED in piece.landings:
            piece.on_landing(st, ctx, m, Landing(REVEALED, lander, tokens))
    keeper_acts(st, ctx, m, lander)
    if piece is not None and LANDED in piece.landings and data(mo.number).instant \
            and m not in st.enc.moons_zapped and not suspended(st, m, lander):
        piece.on_landing(st, ctx, m, Landing(LANDED, lander, tokens))
    anywhere = Landing(ANY_MOON, lander, tokens)
    for k, other in on_board(st):  # every moon hears that tokens landed on a moon
        if ANY_MOON in other.landings:
            other.on_landing(st, ctx, k, anywhere)


def new_stay(st: pb.State, m: int, tokens: dict[int, int]) -> None:
    """Seats whose tokens just arrived on moon `m` where none of theirs stood begin a new
    stay: what a moon allows once per stay is theirs again (29)."""
    mo = st.moons[m]
    left = [s for s in mo.used_by if not (s in tokens and mo.count[s] == tokens[s])]
    if len(left) != len(mo.used_by):
        mo.used_by[:] = left


def keeper_acts(st: pb.State, ctx: Ctx, m: int, lander: int) -> None:
    """Tokens landing on a moon that keeps them: it acts at once (they cannot leave: all
    will see it)."""
    if st.moons[m].number in B.KEEPING_MOONS and not all(st.moons[m].known_by):
        acts(st, ctx, m, lander)
