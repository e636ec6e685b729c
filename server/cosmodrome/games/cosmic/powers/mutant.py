"""Mutant, seed 001: before the cards, a main player fills his hand up to seven cards, one
at a time, each from the deck or at random from another player's hand."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if t.mutant.count <= 0:
        return []
    out = [pb.Move(draw=pb.DrawFrom(seat=s)) for s in B.alive(st)
           if s != t.seat and st.seats[s].hand]
    if st.deck or st.discard:
        out.append(pb.Move(draw=pb.DrawFrom()))  # the deck
    return out


def _draw(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    deck = not move.draw.HasField("seat")
    src = -1 if deck else move.draw.seat
    if deck:
        c = actions.draw_card(st, ctx)
    else:
        hand = st.seats[src].hand
        c = hand[ctx.rng.below(len(hand))]
        hand.remove(c)
    if c is not None:
        st.seats[t.seat].hand.append(c)
        ctx.show(t.seat, src, [c], "mutant",
                 frozenset({t.seat} if deck else {t.seat, src}))
        pieces.drawn(st, ctx, t.seat, 1)
    t.mutant.count -= 1
    if t.mutant.count <= 0 or len(st.seats[t.seat].hand) >= B.HAND_SIZE:
        st.tasks.pop(0)


def _view(t: pb.Task, out: pb.TaskView) -> None:
    out.mutant.count = t.mutant.count  # public: his hand size is


class Mutant(Piece):
    name, en = "mutant", "Mutant"
    tasks = {"mutant": TaskKind(
        "mutant_draw", "Mutant: draw a card from a player's hand or the deck", _options, _draw,
        view=_view)}

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or seat not in (st.enc.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name) or len(st.seats[seat].hand) >= B.HAND_SIZE:
            return []
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name]))]

    def perform(self, st, ctx, seat, use):
        count = B.HAND_SIZE - len(st.seats[seat].hand)
        st.tasks.insert(0, pb.Task(seat=seat, mutant=pb.MutantTask(count=count)))


POWER = Mutant()
