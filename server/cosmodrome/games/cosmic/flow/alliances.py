"""Alliances: the offence, then the defence, invite allies; the invitees answer in turn
from the offence's left, and those who join launch their tokens."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonflow, pieces
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.destiny import launch
from cosmodrome.games.cosmic.tasks import DONE
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def invite_candidates(st: pb.State) -> list[int]:
    if st.players == 2:
        return []
    e = st.enc
    return [s for s in B.alive(st) if s not in (e.offense, B.defender(st))
            and moonflow.may_ally(st, s)]


def invite_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    off_side = st.step == pb.STEP_INVITE_OFF
    seat = e.offense if off_side else B.defender(st)
    invited = e.invited_off if off_side else e.invited_def
    cands = invite_candidates(st)
    if not cands or not moonflow.may_ally(st, seat):
        return []
    side = "offence" if off_side else "defence"
    return [Decision(seat, "invite", f"Invite an ally to the {side}, or stop",
                     [pb.Move(invite=pb.SeatChoice(seat=s)) for s in cands if not invited[s]]
                     + [DONE] + pieces.at_any_time(st, seat))]


def invite(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int | None:
    e = st.enc
    off_side = st.step == pb.STEP_INVITE_OFF
    if move.WhichOneof("kind") == "invite":
        (e.invited_off if off_side else e.invited_def)[move.invite.seat] = True
        return None
    return pb.STEP_INVITE_DEF if off_side else invitations_close(st, ctx)


def invitations_close(st: pb.State, ctx: Ctx) -> int:
    """The defence has invited: the invitees (and those a moon brings uninvited) answer in
    turn, clockwise from the offence."""
    e = st.enc
    order = [s for s in B.clockwise_from(st, e.offense)
             if (e.invited_off[s] or e.invited_def[s] or moonflow.joins_uninvited(st, s))
             and s not in (e.offense, B.defender(st))]
    del e.answer_order[:]
    e.answer_order.extend(order)
    return pb.STEP_ALLIES


def allies_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    if not e.answer_order:
        return []
    s = e.answer_order[0]
    out = [pb.Move(join=pb.Join(side=pb.SIDE_NEITHER))]
    forced = moonflow.joins_uninvited(st, s)
    if B.tokens_on_bases(st, s) > 0:
        if e.invited_off[s] or forced:
            out.append(pb.Move(join=pb.Join(side=pb.SIDE_OFFENCE)))
        if e.invited_def[s] or forced:
            out.append(pb.Move(join=pb.Join(side=pb.SIDE_DEFENCE)))
    return [Decision(s, "join", "Join the offence, the defence, or neither",
                     out + pieces.at_any_time(st, s))]


def join(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    st.enc.answer_order.pop(0)
    side = move.join.side
    if side != pb.SIDE_NEITHER:
        offence = side == pb.SIDE_OFFENCE
        ctx.note(pb.NOTE_KIND_JOINS, seat, side=side)
        launch(st, ctx, seat, pb.DEST_CONE_OFF if offence else pb.DEST_CONE_DEF)
    else:
        ctx.note(pb.NOTE_KIND_DECLINES, seat)
