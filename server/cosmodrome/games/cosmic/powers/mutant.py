"""Mutant, seed 001: before the cards, a main player fills his hand up to seven cards, one
at a time, each from the deck or at random from another player's hand."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DECK = -1  # Pick.index: draw from the deck


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if t.count <= 0:
        return []
    out = [pb.Move(pick=pb.Pick(index=s)) for s in B.alive(st)
           if s != t.seat and st.seats[s].hand]
    if st.deck or st.discard:
        out.append(pb.Move(pick=pb.Pick(index=DECK)))
    return out


def _draw(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    src = move.pick.index
    if src == DECK:
        c = actions.draw_card(st, ctx)
    else:
        hand = st.seats[src].hand
        c = hand[ctx.rng.below(len(hand))]
        hand.remove(c)
    if c is not None:
        st.seats[t.seat].hand.append(c)
        ctx.show(t.seat, src, [c], "mutant",
                 frozenset({t.seat} if src == DECK else {t.seat, src}))
    t.count -= 1
    if t.count <= 0 or len(st.seats[t.seat].hand) >= B.HAND_SIZE:
        st.tasks.pop(0)


class Mutant(Piece):
    name, en = "mutant", "Mutant"
    tasks = {pb.TASK_MUTANT: TaskKind(
        "mutant_draw", "Mutant: draw a card from a player's hand or the deck", _options, _draw,
        count_public=True)}

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or seat not in (st.enc.offense, st.enc.defense) \
                or pieces.used(st, seat, self.name) or len(st.seats[seat].hand) >= B.HAND_SIZE:
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name]))]

    def perform(self, st, ctx, seat, use):
        count = B.HAND_SIZE - len(st.seats[seat].hand)
        st.tasks.insert(0, pb.Task(kind=pb.TASK_MUTANT, seat=seat, count=count))


POWER = Mutant()
