"""Zombie, seed 001: "chaque fois que vous perdez des pions ... au lieu de les disposer sur
le Trou Noir, vous pouvez les replacer sur vos bases"; in a deal, it may free tokens of the
other's black hole.

Each loss is a question (TASK_ZOMBIE, "vous pouvez"); tokens already off the board wait in
hand (limbo) meanwhile. Declining is said to the Zombie only, so the power stays secret.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.tasks import drop_limbo_of_eliminated
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

YES_NO = [pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))]
FREES = 6  # DealEdit.what: free one of the other's black-hole tokens


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    if t.dest == pb.DEST_BLACK_HOLE:  # the tokens are still on its bases
        return YES_NO if B.tokens_on_bases(st, t.seat) else []
    return YES_NO if st.seats[t.seat].limbo > 0 else []


def _answer(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    """Saved: put back on its bases (or left there). Declined: lost as without the power."""
    st.tasks.pop(0)
    yes = move.answer.yes
    if t.dest == pb.DEST_BLACK_HOLE:
        n = min(t.count, B.tokens_on_bases(st, t.seat))
        if yes:
            pieces.use(st, ctx, t.seat, POWER.name, f"its {n} tokens stay on its bases")
            return
        ctx.say("the Zombie lets its tokens go", t.seat, frozenset({t.seat}))
        st.tasks.insert(0, pb.Task(kind=pb.TASK_TAKE, seat=t.seat, count=n, min=n,
                                   dest=pb.DEST_BLACK_HOLE, arg=t.arg))
        return
    n = min(t.count, st.seats[t.seat].limbo)
    if yes:
        pieces.use(st, ctx, t.seat, POWER.name, f"{n} lost tokens go back to its bases")
        st.tasks.insert(0, pb.Task(kind=pb.TASK_PLACE, seat=t.seat, count=n))
        return
    ctx.say("the Zombie lets its tokens go", t.seat, frozenset({t.seat}))
    st.seats[t.seat].limbo -= n
    actions.lose_plainly(st, ctx, t.seat, n, t.arg)


class Zombie(Piece):
    name, en = "zombie", "Zombie"
    tasks = {pb.TASK_ZOMBIE: TaskKind(
        "zombie", "Zombie: put your lost tokens back on your bases (yes), or not",
        _options, _answer, skipped=drop_limbo_of_eliminated, secret=True)}

    def on_tokens_lost(self, st, ctx, seat, n, by, on_bases, automatic):
        if automatic:  # the seat let the deal time out: its power keeps the tokens
            pieces.use(st, ctx, seat, self.name, "its three tokens stay on its bases")
            return True
        if on_bases:
            return pb.Task(kind=pb.TASK_ZOMBIE, seat=seat, count=n, arg=by,
                           dest=pb.DEST_BLACK_HOLE)
        st.seats[seat].limbo += n
        return pb.Task(kind=pb.TASK_ZOMBIE, seat=seat, count=n, arg=by)

    def deal_edits(self, st, seat, draft):
        opp = pieces.opponent(st, seat)
        if draft.frees < st.seats[opp].black_hole:
            return [pb.Move(deal_edit=pb.DealEdit(what=FREES))]
        return []

    def on_deal_made(self, st, ctx, seat, terms):
        e = st.enc
        if not terms.frees or (seat != e.offense and pieces.has(st, e.offense, self.name)):
            return  # one Zombie frees them (the offence's, if both are)
        other = pieces.opponent(st, seat)
        n = min(terms.frees, st.seats[other].black_hole)
        pieces.use(st, ctx, seat, self.name, f"frees {n} black-hole tokens of the other")
        st.seats[other].black_hole -= n
        actions.place_from_limbo(st, other, n)


POWER = Zombie()
