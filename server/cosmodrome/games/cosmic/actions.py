"""What the flow and the pieces both do to the State: lose tokens, discard, draw a new hand,
take a consolation, announce a use and open a response window.

Pieces reach one another only through the hooks in `pieces`; nothing here names a piece.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonboard, pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.ctx import Ctx, reason
from cosmodrome.games.cosmic.hooks import (
    RESPONSE_CONSOLATION,
    RESPONSE_EDICT_DISCARDED,
    RESPONSE_POWER_USE,
    about,
)
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

VOID_ELIMINATION = 15  # more than this many tokens removed from the game eliminates a player
NEW_HAND_ROUNDS = 20   # redraws of a hand without encounter card (hands may hoard them all)


# ====================================================================== tokens

def lose_tokens(st: pb.State, ctx: Ctx, seat: int, n: int, by: int = -1,
                on_bases: bool = False, automatic: bool = False, at: int | None = None) -> None:
    """`seat` loses `n` tokens to `by`'s side (-1: to no side). Off the board already (the
    cone, the attacked planet), they go to the black hole; still `on_bases` (a failed deal,
    an edict), he chooses which (`automatic`: he let the deal time out, the largest bases
    give them). Every seat that loses tokens is first asked whether a power saves them
    (a `tokens_lost` task, at `at` in the queue; None: its end), so that being asked tells
    nothing; a standing auto-pass answers no."""
    if n <= 0 or st.seats[seat].eliminated:
        return
    if automatic:
        saver = next((p for p in pieces.held(st, seat) if p.saves_lost_tokens(st, seat)), None)
        if saver is not None:  # he timed out: a power that only helps is used
            saver.save_lost_tokens(st, ctx, seat, n, on_bases=True)
            return
        for _ in range(n):
            p = max(B.bases(st, seat), key=lambda q: (B.tok(st, q, seat), -q))
            B.add_tok(st, p, seat, -1)
        lose_from_bases(st, ctx, seat, n, by)
        return
    if not on_bases:
        st.seats[seat].limbo += n  # in hand until the answer
    task = pb.Task(seat=seat, tokens_lost=pb.TokensLostTask(count=n, on_bases=on_bases))
    if by >= 0:
        task.tokens_lost.lost_to = by
    if st.seats[seat].auto_pass:
        let_tokens_go(st, ctx, task)
    else:
        queue(st, task, at)


def let_tokens_go(st: pb.State, ctx: Ctx, t: pb.Task, at: int = 0) -> None:
    """No power saves the tokens of the `tokens_lost` task `t`: still on his bases, he takes
    them off one at a time; in hand, they go."""
    lost = t.tokens_lost
    if lost.on_bases:
        n = min(lost.count, B.tokens_on_bases(st, t.seat))
        if n:
            take = pb.TakeTask(count=n, min=n, dest=pb.DEST_BLACK_HOLE)
            if lost.HasField("lost_to"):
                take.lost_to = lost.lost_to
            st.tasks.insert(at, pb.Task(seat=t.seat, take=take))
        return
    n = min(lost.count, st.seats[t.seat].limbo)
    st.seats[t.seat].limbo -= n
    lose_plainly(st, ctx, t.seat, n, lost.lost_to if lost.HasField("lost_to") else -1)


def queue(st: pb.State, task: pb.Task, at: int | None = None) -> None:
    if at is None:
        st.tasks.append(task)
    else:
        st.tasks.insert(at, task)


def lose_plainly(st: pb.State, ctx: Ctx, seat: int, n: int, by: int,
                 source: int = pb.PLACE_ENCOUNTER) -> None:
    """Tokens already off the board go to the black hole, or leave the game if `by` removes
    them (more than VOID_ELIMINATION removed eliminates the player)."""
    if pieces.removed_by(st, by, seat):
        for piece in pieces.held(st, by):
            if piece.removes_lost_tokens(st, by, seat):
                pieces.use(st, ctx, by, piece.name)
                break
        st.seats[seat].removed += n
        ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
            seat=seat, count=n, source=source, destination=pb.PLACE_REMOVED)))
        if st.seats[seat].removed > VOID_ELIMINATION:
            eliminate(st, ctx, seat)
        return
    st.seats[seat].black_hole += n
    ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
        seat=seat, count=n, source=source, destination=pb.PLACE_BLACK_HOLE)))


def lose_from_bases(st: pb.State, ctx: Ctx, seat: int, n: int, by: int) -> None:
    """Tokens just taken off `seat`'s bases (a failed deal, an edict), any choice made."""
    lose_plainly(st, ctx, seat, n, by, source=pb.PLACE_BASES)


def place_from_limbo(st: pb.State, seat: int, n: int) -> None:
    """`n` tokens come back to `seat`'s hand, to be put on his bases one at a time."""
    if n > 0:
        st.seats[seat].limbo += n
        st.tasks.add(seat=seat, place=pb.PlaceTask(count=n))


def eliminate(st: pb.State, ctx: Ctx, seat: int) -> None:
    """Too many tokens removed from the game: cards to the discard, tokens and discs out."""
    se = st.seats[seat]
    se.eliminated = True
    tasks = [t for t in st.tasks if t.seat != seat]  # his questions go (before his discards)
    del st.tasks[:]
    st.tasks.extend(tasks)
    hand = list(se.hand)
    del se.hand[:]
    for c in hand:  # "Il dépose ses cartes sur la défausse": edicts may be asked for
        if not pieces.is_edict(c):
            st.discard.append(c)
        else:
            discard_edict(st, ctx, seat, c)
    gone = se.black_hole + se.limbo
    se.black_hole = se.limbo = 0
    se.lucres = 0  # seed 000: to the bank, nobody inherits them (L5)
    for body in [*st.planets, *st.moons]:
        gone += body.count[seat]
        body.count[seat] = 0
    e = st.enc
    for cone in (e.cone_off, e.cone_def):
        if len(cone) > seat:
            gone += cone[seat]
            cone[seat] = 0
    se.removed += gone
    for discs in (st.cup, st.discs_out):
        keep = [c for c in discs if c != seat]
        del discs[:]
        discs.extend(keep)
    if seat in e.answer_order:
        order = [s for s in e.answer_order if s != seat]
        del e.answer_order[:]
        e.answer_order.extend(order)
    ctx.note(pb.NOTE_KIND_ELIMINATED, seat)


# ====================================================================== cards

def discard_edict(st: pb.State, ctx: Ctx, seat: int, card: int) -> None:
    """An edict played or discarded goes to the discard pile; every other seat may answer
    (a power that takes it): the card waits on the pile meanwhile."""
    st.discard.append(card)
    open_response(st, seat, edict_discarded=pb.EdictDiscardedResponse(card=card))


def play_edict(st: pb.State, ctx: Ctx, seat: int, ed: pb.PlayEdict) -> None:
    st.seats[seat].hand.remove(ed.card)
    ctx.edict_played(seat, ed.card, ed.target if ed.HasField("target") else -1, ed.as_edict)
    discard_edict(st, ctx, seat, ed.card)
    pieces.played_edict(ed).play(st, ctx, seat, ed)


def new_hand(st: pb.State, ctx: Ctx, seat: int, rounds: int = 0) -> None:
    """Discard the hand and draw seven; again if the new hand has no encounter card (000:
    "si vous ne tirez que des Edits et des extensions", again too). He is
    first asked whether a power keeps some cards (a `new_hand` task): every seat is, so that
    being asked tells nothing; a standing auto-pass answers no."""
    task = pb.Task(seat=seat, new_hand=pb.NewHandTask(rounds=rounds))
    if st.seats[seat].auto_pass:
        renew_hand(st, ctx, task, kept=[])  # with flares, he keeps them
    else:
        if st.options.flares:  # 000 (FL5): first, which flares he keeps (flares.KEPT)
            st.tasks.append(pb.Task(seat=seat, flares_kept=pb.FlaresKeptTask()))
        st.tasks.append(task)


def renew_hand(st: pb.State, ctx: Ctx, t: pb.Task, kept: list[int]) -> None:
    """The answer to a `new_hand` task: the hand but `kept` is discarded, then seven are drawn."""
    se = st.seats[t.seat]
    flares = st.options.flares  # 000: the flares he kept are still there (flares.KEPT)
    for c in [c for c in se.hand if c not in kept  # 000: "jeter toutes vos extensions"
              and not (flares and CARDS[c].kind == "flare")]:
        se.hand.remove(c)
        if not pieces.is_edict(c):
            st.discard.append(c)
        else:
            discard_edict(st, ctx, t.seat, c)
    draw_new_hand(st, ctx, t.seat, t.new_hand.rounds)


def draw_new_hand(st: pb.State, ctx: Ctx, seat: int, rounds: int) -> None:
    se = st.seats[seat]
    drawn = []
    for _ in range(B.HAND_SIZE):
        c = draw_card(st, ctx)
        if c is None:
            break
        se.hand.append(c)
        drawn.append(c)
    ctx.note(pb.NOTE_KIND_NEW_HAND, seat)
    ctx.show(seat, -1, drawn, "new hand")
    pieces.drawn(st, ctx, seat, len(drawn))
    if drawn and not B.has_encounter_card(st, seat) and rounds < NEW_HAND_ROUNDS:
        new_hand(st, ctx, seat, rounds + 1)


def draw_card(st: pb.State, ctx: Ctx) -> int | None:
    """Top card of the deck; the discard pile is reshuffled into a new deck when it runs out,
    except the cards a queued question is about: they wait on the pile for its answer. With
    four piles, "la défausse est battue, scindée équitablement en quatre paquets"."""
    if not st.deck:
        held = awaited_on_discard(st)
        cards = [c for c in st.discard if c not in held]
        if not cards:
            return None
        ctx.rng.shuffle(cards)
        kept = [c for c in st.discard if c in held]
        del st.discard[:]
        st.discard.extend(kept)
        st.deck.extend(cards)
        if st.options.four_piles:
            B.split_piles(st)
    return B.pop_deck(st)


def awaited_on_discard(st: pb.State) -> set[int]:
    """Edicts just discarded whose response window is still open."""
    return {t.response.edict_discarded.card for t in st.tasks
            if about(t) == RESPONSE_EDICT_DISCARDED}


def take_from_hand(st: pb.State, ctx: Ctx, taker: int, giver: int, n: int, why: str) -> None:
    """`taker` takes `n` cards at random from `giver`'s hand (both see them)."""
    taken = []
    for _ in range(min(n, len(st.seats[giver].hand))):
        hand = st.seats[giver].hand
        c = hand[ctx.rng.below(len(hand))]
        hand.remove(c)
        st.seats[taker].hand.append(c)
        taken.append(c)
    ctx.note(pb.NOTE_KIND_CARDS_TAKEN, taker, count=len(taken), target=giver,
             reason=reason(why)["why"])
    if taken:
        ctx.show(taker, giver, taken, why, frozenset({taker, giver}))


# ====================================================================== response windows

def responders(st: pb.State, exclude: int, passed=()) -> list[int]:
    """Every living seat but `exclude` that has neither answered nor set a standing auto-pass,
    in the order of simultaneous uses: who is asked says nothing of what anyone holds."""
    order = B.power_order(st) if st.enc.offense >= 0 else range(st.players)
    return [s for s in order if s != exclude and not st.seats[s].eliminated
            and not st.seats[s].auto_pass and s not in passed]


def open_response(st: pb.State, seat: int, **what) -> bool:
    """Put a response window before the queue, if anyone may answer `seat`'s act; `what` is
    its `ResponseTask.about` member (`power_use=pb.PowerUseResponse()`, ...)."""
    if not responders(st, exclude=seat):
        return False
    st.tasks.insert(0, pb.Task(seat=seat, response=pb.ResponseTask(**what)))
    return True


def announce(st: pb.State, ctx: Ctx, seat: int, name: str,
             use: pb.UsePower | None = None) -> None:
    """A power use is announced: others may answer it (with an edict); else it is carried out."""
    pieces.use(st, ctx, seat, name)
    e = st.enc
    e.pending.seat = seat
    e.pending.use.CopyFrom(use or pb.UsePower(power=pieces.POWER_ID[name]))
    if not open_response(st, seat, power_use=pb.PowerUseResponse()):
        perform_pending(st, ctx)


def perform_pending(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    seat, use = e.pending.seat, pb.UsePower()
    use.CopyFrom(e.pending.use)
    e.ClearField("pending")
    if use.power in pieces.used_ids(st, seat):
        pieces.POWERS[use.power].perform(st, ctx, seat, use)


def edict_move(card: int, target: int) -> pb.PlayEdict:
    """A PlayEdict naming seat `target` (below 0: none)."""
    move = pb.PlayEdict(card=card)
    if target >= 0:
        move.target = target
    return move


def response_options(st: pb.State, t: pb.Task) -> list[tuple[int, list[pb.Move]]]:
    out = []
    r = t.response
    for s in responders(st, t.seat, range(st.players) if r.power_use.closed else r.passed):
        moves = []
        card = pieces.answer_card(st, s, about(t))
        if card >= 0:
            target = pieces.edict_of(card).answer_target(t)
            moves.append(pb.Move(edict=edict_move(card, target)))
        for piece in pieces.held(st, s):
            moves += piece.response_moves(st, s, t)
        moves += pieces.moon_moves(st, s, t)
        out.append((s, [*moves, pb.Move(done=pb.Done())]))
    return out


def apply_response(st: pb.State, ctx: Ctx, t: pb.Task, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "done":
        t.response.passed.append(seat)
        return
    st.tasks.remove(t)
    if which == "power":
        pieces.POWERS[move.power.power].respond(st, ctx, seat, t, move)
        return
    if which == "moon_use":
        moonboard.use(st, ctx, seat, move, t)
        return
    card = move.edict.card
    st.seats[seat].hand.remove(card)
    ctx.edict_played(seat, card, move.edict.target if move.edict.HasField("target") else -1,
                     move.edict.as_edict)
    discard_edict(st, ctx, seat, card)
    pieces.played_edict(move.edict).answer(st, ctx, seat, t, card)


def close_response(st: pb.State, ctx: Ctx, t: pb.Task) -> None:
    """Everyone asked has passed: what was answered goes ahead."""
    st.tasks.remove(t)
    if about(t) == RESPONSE_POWER_USE and st.enc.HasField("pending"):
        perform_pending(st, ctx)
    elif about(t) == RESPONSE_CONSOLATION:
        c = t.response.consolation
        take_consolation(st, ctx, t.seat, c.giver, c.count)


def consolation(st: pb.State, ctx: Ctx, taker: int, giver: int, n: int) -> None:
    """One card per token the compromising main player lost, at random from the opponent's
    hand; others may answer first (with an edict)."""
    if n <= 0 or st.seats[taker].eliminated or st.enc.no_consolation:
        return
    if not open_response(st, taker, consolation=pb.ConsolationResponse(giver=giver, count=n)):
        take_consolation(st, ctx, taker, giver, n)


def take_consolation(st: pb.State, ctx: Ctx, taker: int, giver: int, n: int) -> None:
    """001: from the opponent's hand. Seed 000 (`consolation_from_deck`): "au hasard dans la
    main de votre adversaire ou dans la pioche", the source chosen card by card (C1)."""
    if st.options.consolation_from_deck:
        task = pb.ConsolationTask(giver=giver, count=n)
        st.tasks.insert(0, pb.Task(seat=taker, consolation=task))
    else:
        take_from_hand(st, ctx, taker, giver, n, "consolation")
        pieces.drawn(st, ctx, taker, n)

