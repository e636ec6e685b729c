"""La Peste, seed 001, "à n'importe quel moment": the victim loses three tokens of his bases,
then one attack card, one compromise card and one edict card of his choice; seed 000: one
extension card too ("d'une carte Extension", with extension cards), and he then shows his
hand to the player of the plague; with flares, one flare last ("et d'un Flaire dès qu'il en
possède", E01: the one exception to F07 besides moon 26)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Edict, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

KINDS = {pb.CardInfo.KIND_ATTACK: "attack", pb.CardInfo.KIND_COMPROMISE: "compromise",
         pb.CardInfo.KIND_EDICT: "edict", pb.CardInfo.KIND_EXTENSION: "extension",
         pb.CardInfo.KIND_FLARE: "flare"}


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    """The cards of the kind asked; none: he says so (Done). He is asked either way, so
    being asked tells nothing of his hand."""
    if st.seats[t.seat].eliminated:
        return []
    want = KINDS[t.plague.card_kind]
    return [pb.Move(card=pb.CardChoice(card=c)) for c in sorted(set(st.seats[t.seat].hand))
            if CARDS[c].kind == want] or [pb.Move(done=pb.Done())]


def _discard(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    if move.WhichOneof("kind") != "done":
        c = move.card.card
        st.seats[t.seat].hand.remove(c)
        if CARDS[c].kind == "edict":
            actions.discard_edict(st, ctx, t.seat, c)
        else:
            st.discard.append(c)
    _skipped(st, ctx, t)


def _skipped(st: pb.State, ctx, t: pb.Task) -> None:
    if t.plague.last and t.plague.player != t.seat:  # a plague of nobody's (moon 42): no show
        _show_hand(st, ctx, t)


def _show_hand(st: pb.State, ctx, t: pb.Task) -> None:
    cards = sorted(st.seats[t.seat].hand)
    st.knowledge.add(viewer=t.plague.player, target=t.seat, cards=cards, **reason("peste"))
    ctx.show(t.plague.player, t.seat, cards, "peste")


def _view(t: pb.Task, out: pb.TaskView) -> None:
    out.plague.card_kind = t.plague.card_kind


class Plague(Edict):
    name = "peste"
    windows = frozenset({pb.STEP_START_WINDOW, pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL,
                         pb.STEP_POST_REVEAL, pb.STEP_CLEANUP})
    tasks = {"plague": TaskKind("plague_discard", "La Peste: choose the card to lose",
                                _options, _discard, skipped=_skipped, view=_view)}

    def at_any_time(self, st, seat):
        card = pieces.first_edict(st, seat, self.name)
        return [pb.Move(edict=pb.PlayEdict(card=card, target=t))
                for t in B.alive(st) if t != seat]

    def play(self, st, ctx, seat, move):
        strike(st, ctx, move.target, seat)


def strike(st: pb.State, ctx, victim: int, player: int) -> None:
    """La Peste on `victim`, his losses first in the queue; he then shows his hand to
    `player` (`player` == `victim`: to nobody, as when moon 42 plagues him)."""
    kinds = [pb.CardInfo.KIND_ATTACK, pb.CardInfo.KIND_COMPROMISE]
    kinds += [pb.CardInfo.KIND_EXTENSION] if st.options.extension_cards else []
    kinds.append(pb.CardInfo.KIND_EDICT)
    kinds += [pb.CardInfo.KIND_FLARE] if st.options.flares else []
    losses = [pb.Task(seat=victim, plague=pb.PlagueTask(card_kind=k, player=player,
                                                          last=k == kinds[-1]))
              for k in kinds]
    for i, t in enumerate(losses):
        st.tasks.insert(i, t)
    actions.lose_tokens(st, ctx, victim, min(3, B.tokens_on_bases(st, victim)),
                        on_bases=True, at=0)


EDICT = Plague()
