"""Chercheur (Seeker), seed 001: before the cards, ask one question of the opponent, who
must answer truthfully.

The server answers questions about a hand itself (structured questions, see
docs/rules/cosmic.md); a question about an intention makes the target commit now, and his
card choice then holds him to it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

QUESTIONS = {
    1: "Do you hold a compromise card?",
    2: "Do you hold an edict card?",
    3: "Do you hold an attack card of 10 or more?",
    4: "Do you hold an attack card of 15 or more?",
    5: "Do you hold an attack card of 20 or more?",
    6: "Will you play a compromise card in this encounter? (you will be held to it)",
}
INTENTION = 6
WILL, WILL_NOT = 1, 2  # Encounter.commitment


def _answer_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    return [pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))]


def _answer(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    st.enc.question_target = t.seat
    st.enc.commitment = WILL if move.answer.yes else WILL_NOT
    ctx.say(f"answers {'yes' if move.answer.yes else 'no'} and is held to it", t.seat)


class Seeker(Piece):
    name, en = "chercheur", "Seeker"
    tasks = {pb.TASK_ANSWER: TaskKind(
        "answer", "Answer the Chercheur: yes or no (you will be held to it)",
        _answer_options, _answer)}

    def reset_encounter(self, e: pb.Encounter) -> None:
        e.question_target = -1

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not pieces.involved(st, seat) \
                or pieces.used(st, seat, self.name):
            return []
        e = st.enc
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name], target=t, arg=q))
                for t in (e.offense, e.defense) if t != seat for q in QUESTIONS]

    def perform(self, st, ctx, seat, use):
        target, q = use.target, use.arg
        hand = st.seats[target].hand
        ctx.say(f"Chercheur asks seat {target}: {QUESTIONS[q]}", seat)
        if q == INTENTION:
            st.tasks.insert(0, pb.Task(kind=pb.TASK_ANSWER, seat=target, arg=seat))
            return
        if q == 1:
            yes = any(CARDS[c].kind == "compromise" for c in hand)
        elif q == 2:
            yes = any(CARDS[c].kind == "edict" for c in hand)
        else:
            floor = {3: 10, 4: 15, 5: 20}[q]
            yes = any(CARDS[c].kind == "attack" and CARDS[c].value >= floor for c in hand)
        ctx.say(f"seat {target} answers {'yes' if yes else 'no'}", target)

    def card_choices(self, st, seat, cards):
        e = st.enc
        if e.question_target != seat or not e.commitment:
            return cards
        comp = [c for c in cards if CARDS[c].kind == "compromise"]
        other = [c for c in cards if CARDS[c].kind != "compromise"]
        if e.commitment == WILL and comp:
            return comp
        if e.commitment == WILL_NOT and other:
            return other
        return cards


POWER = Seeker()
