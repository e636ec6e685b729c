"""Chercheur (Seeker), seed 001: before the cards, ask one question of the opponent, who
must answer truthfully.

The server answers questions about a hand itself (structured questions, see
docs/rules/cosmic.md); a question about an intention makes the target commit now, and his
card choice then holds him to it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Piece, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

QUESTIONS = (pb.QUESTION_HOLDS_COMPROMISE, pb.QUESTION_HOLDS_EDICT, pb.QUESTION_HOLDS_ATTACK_10,
             pb.QUESTION_HOLDS_ATTACK_15, pb.QUESTION_HOLDS_ATTACK_20,
             pb.QUESTION_WILL_PLAY_COMPROMISE)  # UsePower.question
INTENTION = pb.QUESTION_WILL_PLAY_COMPROMISE
ATTACK_FLOOR = {pb.QUESTION_HOLDS_ATTACK_10: 10, pb.QUESTION_HOLDS_ATTACK_15: 15,
                pb.QUESTION_HOLDS_ATTACK_20: 20}
WILL, WILL_NOT = pb.COMMITMENT_COMPROMISE, pb.COMMITMENT_NO_COMPROMISE


def _answer_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    return [pb.Move(answer=pb.Answer(yes=True)), pb.Move(answer=pb.Answer(yes=False))]


def _answer(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    st.enc.question_target = t.seat
    st.enc.commitment = WILL if move.answer.yes else WILL_NOT
    ctx.note(pb.NOTE_KIND_QUESTION_ANSWERED, t.seat, yes=move.answer.yes,
             question=pb.QUESTION_WILL_PLAY_COMPROMISE)


class Seeker(Piece):
    name, en = "chercheur", "Seeker"
    tasks = {"answer": TaskKind(
        "answer", "Answer the Chercheur: yes or no (you will be held to it)",
        _answer_options, _answer)}

    def reset_encounter(self, e: pb.Encounter) -> None:
        e.ClearField("question_target")

    def window_actions(self, st, seat, window):
        if window != pb.STEP_PRE_CARDS or not pieces.involved(st, seat) \
                or pieces.used(st, seat, self.name):
            return []
        e = st.enc
        return [pb.Move(power=pb.UsePower(power=pieces.POWER_ID[self.name], target=t, question=q))
                for t in (e.offense, B.defender(st)) if t != seat for q in QUESTIONS]

    def perform(self, st, ctx, seat, use):
        target, q = use.target, use.question
        hand = st.seats[target].hand
        ctx.note(pb.NOTE_KIND_QUESTION_ASKED, seat, target=target, question=q)
        if q == INTENTION:
            st.tasks.insert(0, pb.Task(seat=target, answer=pb.AnswerTask(asker=seat)))
            return
        if q == pb.QUESTION_HOLDS_COMPROMISE:
            yes = any(CARDS[c].kind == "compromise" for c in hand)
        elif q == pb.QUESTION_HOLDS_EDICT:
            yes = any(CARDS[c].kind == "edict" for c in hand)
        else:
            floor = ATTACK_FLOOR[q]
            yes = any(CARDS[c].kind == "attack" and CARDS[c].value >= floor for c in hand)
        ctx.note(pb.NOTE_KIND_QUESTION_ANSWERED, target, yes=yes, question=q)

    def card_choices(self, st, seat, cards):
        e = st.enc
        if not e.HasField("question_target") or e.question_target != seat or not e.commitment:
            return cards
        comp = [c for c in cards if CARDS[c].kind == "compromise"]
        other = [c for c in cards if CARDS[c].kind != "compromise"]
        if e.commitment == WILL and comp:
            return comp
        if e.commitment == WILL_NOT and other:
            return other
        return cards


POWER = Seeker()
