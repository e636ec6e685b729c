"""Vulch, seed 001: "chaque fois qu'un autre joueur joue ou se défausse d'un Édit, vous
pouvez le prendre"; at a new hand, it "garde ses Édits après les avoir montrés (ensuite
prend sept nouvelles cartes)".

Taking an edict is a question (TASK_VULCH) while the card waits on the discard pile. At a new
hand it answers, edict by edict, whether it keeps (and shows) it; the seven cards come after
its last answer.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

YES_NO = [pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))]


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    pile = st.seats[t.seat].hand if t.own else st.discard
    return YES_NO if t.arg in pile and pieces.has(st, t.seat, POWER.name) else []


def _answer(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    if t.own:
        _kept_or_not(st, ctx, t, move.answer.yes)
    elif move.answer.yes:
        pieces.use(st, ctx, t.seat, POWER.name, "takes the edict")
        st.discard.remove(t.arg)
        st.seats[t.seat].hand.append(t.arg)


def _skipped(st: pb.State, ctx, t: pb.Task) -> None:
    if t.own:  # not asked (power lost meanwhile): discarded as without the power
        _kept_or_not(st, ctx, t, keep=False)


def _kept_or_not(st: pb.State, ctx, t: pb.Task, keep: bool) -> None:
    """The answer about one of its own edicts at a new hand; the last one draws the hand."""
    if keep:
        pieces.use(st, ctx, t.seat, POWER.name, "keeps its edicts for the new hand")
        ctx.show(t.seat, t.seat, [t.arg], "vulch shows its edicts", audience=None)
    elif t.arg in st.seats[t.seat].hand:
        st.seats[t.seat].hand.remove(t.arg)
        actions.discard_edict(st, ctx, t.seat, t.arg)
    if not any(x.kind == pb.TASK_VULCH and x.own and x.seat == t.seat for x in st.tasks):
        actions.draw_new_hand(st, ctx, t.seat, t.count)


class Vulch(Piece):
    name, en = "vulch", "Vulch"
    tasks = {pb.TASK_VULCH: TaskKind(
        "vulch", "Vulch: take the edict (or, at a new hand, keep your own), or not",
        _options, _answer, skipped=_skipped, secret=True,
        awaits=lambda t: -1 if t.own else t.arg)}

    def on_discarded(self, st, ctx, seat, card, by):
        if by == seat:
            return False
        st.tasks.add(kind=pb.TASK_VULCH, seat=seat, arg=card)
        return True

    def keeps_at_new_hand(self, st, ctx, seat, rounds):
        kept = [c for c in st.seats[seat].hand if CARDS[c].kind == "edict"]
        for c in kept:
            st.tasks.add(kind=pb.TASK_VULCH, seat=seat, arg=c, own=True, count=rounds)
        return kept


POWER = Vulch()
