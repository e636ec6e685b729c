"""Laser, seed 001: before the cards, a main player announces he will choose his
opponent's card himself: once his own card is down, he draws one "au hasard dans la main"
of the opponent, face down.

The whole hand: he picks a position among all the opponent's cards, shuffled face down (so
the choice tells nothing of how many are encounter cards). An edict drawn cannot be played as
an encounter card: it goes back unseen and the next card in the shuffled order is taken, until
an encounter card comes (provisional, docs/rules/cosmic.md). Its flare en sauvage (FL8) makes
him pick before his own card is down: he then sees the card picked.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, pieces
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import CARDS_DOWN, Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    hand = st.seats[pieces.opponent(st, t.seat)].hand
    if not any(B.is_encounter(c) for c in hand):
        return []
    return [pb.Move(pick=pb.Pick(index=i)) for i in range(len(hand))]


def _pick(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    e = st.enc
    opp = pieces.opponent(st, t.seat)
    cards = sorted(st.seats[opp].hand)
    ctx.rng.shuffle(cards)
    at = move.pick.index
    while not B.is_encounter(cards[at % len(cards)]):  # an edict goes back: the next one
        at += 1
    c = cards[at % len(cards)]
    st.seats[opp].hand.remove(c)
    B.set_played(st, "off" if opp == e.offense else "def", c)
    ctx.show(opp, t.seat, [c], "laser")
    if not X.card_down(st, t.seat):  # picked first (his flare): he sees it
        st.knowledge.add(viewer=t.seat, target=opp, cards=[c], **reason("laser"))
        ctx.show(t.seat, opp, [c], "laser")
    ctx.note(pb.NOTE_KIND_CARD_PICKED, t.seat, target=opp)


class Laser(Piece):
    name, en = "laser", "Laser"
    tasks = {"laser": TaskKind(
        "laser_pick", "Laser: pick a card of the opponent's hand, face down", _options, _pick)}

    def reset_encounter(self, e):
        card_order.forget_choice(e)

    def window_actions(self, st, seat, window):
        e = st.enc
        if window != pb.STEP_PRE_CARDS or seat not in (e.offense, B.defender(st)) \
                or pieces.used(st, seat, self.name) or card_order.chooser(st) is not None:
            return []
        if card_order.first_seer(st) == seat:
            return []  # he already has his opponent lay and turn his card first
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name],
                                          target=pieces.opponent(st, seat)))]

    def perform(self, st, ctx, seat, use):
        card_order.claim_choice(st, seat)

    card_moments = frozenset({CARDS_DOWN})

    def at_card_step(self, st, ctx, step):
        if card_order.chooser(st) == step.seat \
                and not X.card_down(st, pieces.opponent(st, step.seat)):  # not picked yet
            st.tasks.add(seat=step.seat, laser=pb.LaserTask())


POWER = Laser()
