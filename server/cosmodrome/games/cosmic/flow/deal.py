"""The deal: both main players compromised; they have a minute to agree on terms (bases,
cards), else each loses three tokens."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import actions, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DEAL_EDIT_CAP = 12  # edits per deal; past it only propose / accept / abandon (keeps play finite)


def start_deal(st: pb.State, ctx: Ctx) -> None:
    """Both compromised: allies go home, the two main players have a minute to deal."""
    e = st.enc
    st.deal.Clear()
    for t in (st.deal.draft_off, st.deal.draft_def, st.deal.offer):
        t.SetInParent()  # present, empty
    for s in range(st.players):
        for cone in (e.cone_off, e.cone_def):
            if cone[s]:
                actions.place_from_limbo(st, s, cone[s])
                cone[s] = 0
    ctx.note(pb.NOTE_KIND_DEAL_STARTS)


def _base(t: pb.DealTerms, field: str) -> int:
    """A base of the terms (`off_base`, `def_base`); -1 if none."""
    return getattr(t, field) if t.HasField(field) else -1


def _offer_by(d: pb.Deal) -> int:
    return d.offer_by if d.HasField("offer_by") else -1


def _terms_empty(t: pb.DealTerms) -> bool:
    return (not t.HasField("off_base") and not t.HasField("def_base") and not t.off_cards
            and not t.def_cards and not t.off_random and not t.def_random and not t.frees)


def deal_open(st: pb.State) -> bool:
    return st.step == pb.STEP_DEAL and not st.tasks and st.enc.winner == pb.OUTCOME_DEAL_DUE


def deal_options(st: pb.State, seat: int) -> list[pb.Move]:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    opp = B.defender(st) if is_off else e.offense
    draft = d.draft_off if is_off else d.draft_def
    out: list[pb.Move] = []
    if d.edits < DEAL_EDIT_CAP:
        my_base = _base(draft, "off_base" if is_off else "def_base")
        their_base = _base(draft, "def_base" if is_off else "off_base")
        for p in B.bases(st, seat):
            if p != my_base and B.tok(st, p, opp) == 0:
                out.append(pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_OFFER_BASE, planet=p)))
        for p in B.bases(st, opp):
            if p != their_base and B.tok(st, p, seat) == 0:
                out.append(pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=p)))
        given = draft.off_cards if is_off else draft.def_cards
        for c in sorted(set(st.seats[seat].hand)):
            if c not in given:
                out.append(pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=c)))
        asked = draft.def_random if is_off else draft.off_random
        if asked < len(st.seats[opp].hand):
            out.append(pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)))
        if not _terms_empty(draft):
            out.append(pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_CLEAR)))
        for piece in pieces.held(st, seat):
            out += piece.deal_edits(st, seat, draft)
    if not _terms_empty(draft) and not (_offer_by(d) == seat and d.offer == draft):
        out.append(pb.Move(deal_propose=pb.Done()))
    if _offer_by(d) == opp and _terms_valid(st, d.offer):
        out.append(pb.Move(deal_accept=pb.Done()))
    out.append(pb.Move(deal_abandon=pb.Done()))
    return out


def deal_asks(st: pb.State) -> list[Decision]:
    if not deal_open(st):
        return []
    e = st.enc
    return [Decision(s, "deal", "Negotiate the deal",
                     deal_options(st, s) + pieces.at_any_time(st, s), st.deal.deadline_ms)
            for s in (e.offense, B.defender(st))]


def _terms_valid(st: pb.State, t: pb.DealTerms) -> bool:
    e = st.enc
    off, de = e.offense, B.defender(st)
    if _terms_empty(t):
        return False  # "vous n'avez pas le droit de ne rien échanger contre rien"
    if t.HasField("off_base") and B.tok(st, t.off_base, off) == 0:
        return False
    if t.HasField("def_base") and B.tok(st, t.def_base, de) == 0:
        return False
    if any(c not in st.seats[off].hand for c in t.off_cards):
        return False
    if any(c not in st.seats[de].hand for c in t.def_cards):
        return False
    return (len(t.off_cards) + t.off_random <= len(st.seats[off].hand)
            and len(t.def_cards) + t.def_random <= len(st.seats[de].hand))


def deal(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    d = st.deal
    if which == "deal_edit":
        deal_edit(st, seat, move.deal_edit)
    elif which == "deal_propose":
        d.offer.CopyFrom(d.draft_off if seat == st.enc.offense else d.draft_def)
        d.offer_by = seat
        d.edits += 1
        ctx.note(pb.NOTE_KIND_DEAL_PROPOSED, seat)
    elif which == "deal_accept":
        accept_deal(st, ctx)
    else:
        ctx.note(pb.NOTE_KIND_DEAL_ABANDONED, seat)
        no_deal(st, ctx, automatic=False)


def deal_edit(st: pb.State, seat: int, ed: pb.DealEdit) -> None:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    draft = d.draft_off if is_off else d.draft_def
    d.edits += 1
    if ed.what == pb.DEAL_TERM_OFFER_BASE:
        if is_off:
            draft.off_base = ed.planet
        else:
            draft.def_base = ed.planet
    elif ed.what == pb.DEAL_TERM_ASK_BASE:
        if is_off:
            draft.def_base = ed.planet
        else:
            draft.off_base = ed.planet
    elif ed.what == pb.DEAL_TERM_GIVE_CARD:
        (draft.off_cards if is_off else draft.def_cards).append(ed.card)
    elif ed.what == pb.DEAL_TERM_ASK_RANDOM_CARD:
        if is_off:
            draft.def_random += 1
        else:
            draft.off_random += 1
    elif ed.what == pb.DEAL_TERM_CLEAR:
        draft.Clear()
    elif ed.what == pb.DEAL_TERM_FREE_TOKEN:
        draft.frees += 1


def accept_deal(st: pb.State, ctx: Ctx) -> None:
    e, t = st.enc, st.deal.offer
    off, de = e.offense, B.defender(st)
    e.success = True
    ctx.note(pb.NOTE_KIND_DEAL_MADE)
    moves: list[tuple[int, int, list[int]]] = []
    for giver, taker, named, rand in ((off, de, list(t.off_cards), t.off_random),
                                      (de, off, list(t.def_cards), t.def_random)):
        got = list(named)
        for c in named:
            st.seats[giver].hand.remove(c)
        for _ in range(rand):
            hand = st.seats[giver].hand
            c = hand[ctx.rng.below(len(hand))]
            hand.remove(c)
            got.append(c)
        st.seats[taker].hand.extend(got)
        if got:
            moves.append((giver, taker, got))
    for giver, taker, got in moves:
        ctx.show(taker, giver, got, "deal", frozenset({giver, taker}))
    for s in (off, de):
        for piece in pieces.held(st, s):
            piece.on_deal_made(st, ctx, s, t)
    # a new base: the taker settles it with tokens from his bases (1 to 4, provisional)
    if t.HasField("off_base") and B.tokens_on_bases(st, de):
        st.tasks.add(seat=de, take=pb.TakeTask(count=min(4, B.tokens_on_bases(st, de)), min=1,
                                               dest=pb.DEST_PLANET, planet=t.off_base))
    if t.HasField("def_base") and B.tokens_on_bases(st, off):
        st.tasks.add(seat=off, take=pb.TakeTask(count=min(4, B.tokens_on_bases(st, off)), min=1,
                                                dest=pb.DEST_PLANET, planet=t.def_base))
    e.winner = pb.OUTCOME_DEAL_MADE  # resolution tasks, then cleanup


def no_deal(st: pb.State, ctx: Ctx, automatic: bool) -> None:
    """No deal in time: each main player loses three tokens of his choice to the black hole
    (`automatic`: the minute ran out, the largest bases give them)."""
    e = st.enc
    e.winner = pb.OUTCOME_NO_DEAL
    ctx.note(pb.NOTE_KIND_NO_DEAL)
    off, de = e.offense, B.defender(st)
    for s, other in ((off, de), (de, off)):
        n = 0 if moonflow.spares_deal_loss(st, ctx, s) else min(3, B.tokens_on_bases(st, s))
        actions.lose_tokens(st, ctx, s, n, by=other, on_bases=True, automatic=automatic)
