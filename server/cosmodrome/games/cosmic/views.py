"""Per-seat views: the only road out for the Cosmic state, built field by field.

Nothing internal is copied: every field of a View is set from what its viewer may know.
Hidden from him: other hands, the deck order, face-down cards before the reveal (his own
excepted, and a card laid face up first: `card_order`), undisclosed powers of others,
the arguments of a pending power use (a gift names a card), counts of questions that would
tell a hand, the deal's drafts but his own, and the PRNG. Conditional knowledge (what a
power, an edict or a gift showed) is included for the seat that holds it.

Seed 000's table-behaviour moons may keep an occupant from the table (`View.table_limit`, as
`hooks.TableRule.view_limit` says): blindfolded, he sees no board (tokens on planets, moons and the
cone, the discard pile, the cup); away, he sees only his own tokens, and the encounter only
when he is in it. Where a count is not shown it is 0; `table_limit` says so. A piece's own
public fields are its to publish (`hooks.Moon.publish`): this module names no piece.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, moonflow, table, tasks
from cosmodrome.games.cosmic.registry import MOONS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def view_for(st: pb.State, viewer: int | None) -> pb.View:
    seated = viewer is not None and 0 <= viewer < st.players
    me = viewer if seated else -1
    limit = moonflow.view_limit(st, me) if seated and st.moons else pb.TABLE_LIMIT_NONE
    v = pb.View(players=st.players, step=st.step, deck_size=len(st.deck), turn=st.turn,
                winners=st.winners, finished=st.finished, game_end=st.game_end,
                first_player=st.first_player,
                piles=st.piles, table_limit=limit)
    if limit == pb.TABLE_LIMIT_NONE:
        v.planets.extend(st.planets)
        v.discard.extend(st.discard)
        v.cup.extend(st.cup)
    else:
        seen = _tokens_seen(st, me, limit)
        for pt in st.planets:
            v.planets.add(system=pt.system, count=[n if s in seen else 0
                                                   for s, n in enumerate(pt.count)])
    for s, se in enumerate(st.seats):
        sv = v.seats.add(hand_size=len(se.hand), black_hole=se.black_hole, removed=se.removed,
                         eliminated=se.eliminated, foreign_bases=B.foreign_bases(st, s),
                         home_bases=B.home_bases(st, s), auto_pass=se.auto_pass,
                         lucres=se.lucres)
        for i, pid in enumerate(se.powers):
            if s == me or se.disclosed[i]:
                sv.powers.append(pid)
                sv.power_active.append(B.power_active(st, s))
    if seated:
        v.viewer = me
        v.my_hand.extend(st.seats[me].hand)
        v.my_powers.extend(st.seats[me].powers or st.seats[me].drawn_powers)
        for k in st.knowledge:
            if k.viewer == me:
                v.knowledge.add(viewer=k.viewer, target=k.target, cards=k.cards, why=k.why,
                                 power=k.power, edict=k.edict, moon=k.moon)
        if st.moons and not st.finished:
            v.reports.extend(table.reports_of(st, me))
    _moons(st, me, v, limit)
    if limit == pb.TABLE_LIMIT_NONE or _in_encounter(st, me):
        _encounter(st, me, v.enc, board=limit == pb.TABLE_LIMIT_NONE)
    for t in st.tasks:
        _task(t, v.tasks.add())
    if st.step == pb.STEP_DEAL and st.enc.winner == pb.OUTCOME_DEAL_DUE:
        _deal(st, me, v.deal)
    return v


def _tokens_seen(st: pb.State, me: int, limit: int) -> set[int]:
    """Whose tokens a viewer kept from the table sees: away, his own; blindfolded, none."""
    return {me} if limit == pb.TABLE_LIMIT_AWAY else set()


def _in_encounter(st: pb.State, me: int) -> bool:
    """Does the encounter concern `me` directly (main player, invited, or on the cone)?"""
    e = st.enc
    if me in (e.offense, B.defender(st)):
        return True
    return any(len(f) > me and f[me] for f in (e.invited_off, e.invited_def, e.cone_off,
                                               e.cone_def))


def _moons(st: pb.State, me: int, v: pb.View, limit: int) -> None:
    """Every moon's place and tokens are public; its number only to whom has seen it, or
    to all once it is face up or has acted (seed 000, L03-L06). Kept from the table, a viewer
    sees the tokens `_tokens_seen` and the numbers he has seen."""
    board = limit == pb.TABLE_LIMIT_NONE
    seen = _tokens_seen(st, me, limit)
    for mo in st.moons:
        out = v.moons.add(system=mo.system, gone=mo.gone, face_up=mo.face_up and board,
                          slot=mo.slot if board else 0)
        out.count.extend(mo.count if board else [n if s in seen else 0
                                                 for s, n in enumerate(mo.count)])
        if (board and (mo.face_up or all(mo.known_by))) or (me >= 0 and mo.known_by[me]):
            out.number = mo.number
        piece = MOONS.get(mo.number)
        if board and piece is not None:  # what the moon itself shows on the table
            piece.publish(mo, out)
    v.moon_deck_size = len(st.moon_deck)


def _encounter(st: pb.State, me: int, out: pb.EncounterView, board: bool) -> None:
    """The encounter; the tokens on the cone only if `board` (not to the blindfolded)."""
    e = st.enc
    out.number, out.offense = e.number, e.offense
    for field in ("defense", "system", "planet"):  # unset until drawn or aimed
        if e.HasField(field):
            setattr(out, field, getattr(e, field))
    if board:
        out.cone_off.extend(e.cone_off)
        out.cone_def.extend(e.cone_def)
    out.invited_off.extend(e.invited_off)
    out.invited_def.extend(e.invited_def)
    out.answer_order.extend(e.answer_order)
    out.revealed, out.success, out.winner, out.auto_win = \
        e.revealed, e.success, e.winner, e.auto_win
    out.swapped = e.swapped
    out.moons_zapped.extend(e.moons_zapped)  # the stopping edict's public target
    out.window_deadline_ms = e.window_deadline_ms
    if e.HasField("pending"):  # announced in public; its detail may name a card
        out.pending_seat, out.pending_power = e.pending.seat, e.pending.use.power
        if e.pending.use.HasField("target"):
            out.pending_target = e.pending.use.target
    for z in e.zapped:
        if _known_power(st, me, z.seat, z.power):
            out.zapped_powers.add(seat=z.seat, power=z.power)
    known = _known_cards(st, me)
    _played(B.played(st, "off"), "card_off" in known, out.card_off)
    _played(B.played(st, "def"), "card_def" in known, out.card_def)
    _extension(e.ext_off, "card_off" in known, out.ext_off)
    _extension(e.ext_def, "card_def" in known, out.ext_def)


def _known_cards(st: pb.State, me: int) -> set[str]:
    """Which face-down slots `me` may read: all once revealed; his own (wherever a swap put
    it); the one laid face up first for all (`card_order`)."""
    e = st.enc
    if e.revealed:
        return {"card_off", "card_def"}
    known = set()
    if me >= 0 and me in (e.offense, B.defender(st)):
        mine_off = (me == e.offense) != e.swapped
        known.add("card_off" if mine_off else "card_def")
    face_up = card_order.face_up_slot(st)
    if face_up is not None:
        known.add(face_up)
    return known


def _played(card: int, known: bool, out: pb.PlayedCard) -> None:
    if card == B.NO_CARD_PLAYED:
        out.face = pb.CARD_FACE_NONE
    elif card >= 0:
        out.face = pb.CARD_FACE_KNOWN if known else pb.CARD_FACE_DOWN
        if known:
            out.card = card


def _extension(ext: pb.ExtensionPlay, known: bool, out: pb.ExtensionView) -> None:
    """Seed 000: "Les cartes d'extension sont toujours jouées face cachée": seen as its slot's
    encounter card is (how many cards lie there is public, as the hand sizes tell it)."""
    if ext.HasField("card"):
        _played(ext.card, known, out.extension)
    for c in ext.extra:
        _played(c, known, out.extra.add())
    out.choosing = ext.choosing
    if ext.HasField("moon_value"):
        out.moon_value = ext.moon_value
    out.triple = ext.triple


def _task(t: pb.Task, out: pb.TaskView) -> None:
    """Its kind, and the fields its table entry says every viewer may know."""
    out.seat = t.seat
    view = tasks.kind(t).view
    if view is None:
        getattr(out, t.WhichOneof("kind")).SetInParent()
    else:
        view(t, out)


def _deal(st: pb.State, me: int, out: pb.DealView) -> None:
    e, d = st.enc, st.deal
    main = me >= 0 and me in (e.offense, B.defender(st))
    out.deadline_ms, out.edits = d.deadline_ms, d.edits
    if d.HasField("offer_by"):
        out.offer_by = d.offer_by
    if main:
        _terms(d.draft_off if me == e.offense else d.draft_def, out.my_draft, cards=True)
    _terms(d.offer, out.offer, cards=main)  # named cards: said to the other main player only


def _terms(t: pb.DealTerms, out: pb.DealTerms, cards: bool) -> None:
    for field in ("off_base", "def_base"):
        if t.HasField(field):
            setattr(out, field, getattr(t, field))
    out.off_random, out.def_random, out.frees = t.off_random, t.def_random, t.frees
    if cards:
        out.off_cards.extend(t.off_cards)
        out.def_cards.extend(t.def_cards)


def _known_power(st: pb.State, viewer: int, seat: int, pid: int) -> bool:
    se = st.seats[seat]
    if seat == viewer:
        return True
    return any(p == pid and se.disclosed[i] for i, p in enumerate(se.powers))
