"""The table of steps: the turn graph as data. Each step says who is asked and what, how a
move applies, what happens on arriving there, what comes next, and every step it may lead to
(`to`, with when). docs/rules/cosmic-turn.mmd is drawn from it (tests/games/cosmic/
test_turn_graph.py fails when the two differ, or when a game moves along an edge not listed).
"""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.flow import alliances as A
from cosmodrome.games.cosmic.flow import cards as C
from cosmodrome.games.cosmic.flow import deal as D
from cosmodrome.games.cosmic.flow import destiny as F
from cosmodrome.games.cosmic.flow import resolution as R
from cosmodrome.games.cosmic.flow import turn as T
from cosmodrome.games.cosmic.flow import variants as V
from cosmodrome.games.cosmic.flow.graph import STEPS, Next, Step
from cosmodrome.games.cosmic.flow.windows import open_window, window_asks, window_move
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _nobody(st: pb.State) -> list[Decision]:
    return []


def _never(st: pb.State, seat: int) -> bool:
    return False


def _offence(st: pb.State, seat: int) -> bool:
    return seat == st.enc.offense


def _defence(st: pb.State, seat: int) -> bool:
    return seat == B.defender(st)


def _main(st: pb.State, seat: int) -> bool:
    return seat in (st.enc.offense, B.defender(st))


def _next_ally(st: pb.State, seat: int) -> bool:
    return st.enc.answer_order[:1] == [seat]


def _rotating(st: pb.State, seat: int) -> bool:
    return seat == st.rotation_pos


def _window(then: int | Next, to: dict[int, str]) -> Step:
    """A window step: its seats are put to in turn (`windows`); it opens as it is entered."""
    return Step(window_asks, window_move, then, to, enter=open_window)


TURN_STARTS = "the turn starts"
BLACK_HOLE = "a token in the black hole"

STEPS.update({
    pb.STEP_UNSPECIFIED: Step(_nobody, None, None, {
        pb.STEP_CHOOSE_POWERS: "two of three powers", pb.STEP_START_WINDOW: TURN_STARTS,
        pb.STEP_RETRIEVE: BLACK_HOLE}, _never),
    pb.STEP_CHOOSE_POWERS: Step(V.choose_powers_asks, V.choose_powers, None, {
        pb.STEP_START_WINDOW: TURN_STARTS, pb.STEP_RETRIEVE: BLACK_HOLE}),
    pb.STEP_RETRIEVE: Step(T.retrieve_asks, T.retrieve, None, {
        pb.STEP_START_WINDOW: "a token back, or none"}, _offence),
    pb.STEP_START_WINDOW: _window(F.start_window_closes, {
        pb.STEP_DESTINY: "two players, a planet to aim at at home",
        pb.STEP_AIM: "the destiny drawn"}),
    pb.STEP_DESTINY: Step(F.destiny_asks, F.destiny, None, {
        pb.STEP_AIM: "the system chosen"}, _offence),
    pb.STEP_AIM: Step(F.aim_asks, F.aim, None, {pb.STEP_LAUNCH: "the cone aimed"}, _offence),
    pb.STEP_LAUNCH: Step(_nobody, None, F.after_launch, {
        pb.STEP_INVITE_OFF: "the tokens on the cone",
        pb.STEP_RESOLVE: "an empty planet, won at once"}, _offence, enter=F.offence_launches),
    pb.STEP_INVITE_OFF: Step(A.invite_asks, A.invite, pb.STEP_INVITE_DEF, {
        pb.STEP_INVITE_DEF: "the offence has invited"}, _offence),
    pb.STEP_INVITE_DEF: Step(A.invite_asks, A.invite, A.invitations_close, {
        pb.STEP_ALLIES: "the defence has invited"}, _defence),
    pb.STEP_ALLIES: Step(A.allies_asks, A.join, pb.STEP_PRE_CARDS, {
        pb.STEP_PRE_CARDS: "the invitees have answered"}, _next_ally),
    pb.STEP_PRE_CARDS: _window(pb.STEP_CARDS, {pb.STEP_CARDS: ""}),
    pb.STEP_CARDS: Step(C.cards_asks, C.play_card, C.cards_then, {
        pb.STEP_PRE_REVEAL: "both cards down"}, _main, enter=C.open_cards),
    pb.STEP_PRE_REVEAL: _window(C.reveal, {pb.STEP_POST_REVEAL: "the cards revealed"}),
    pb.STEP_POST_REVEAL: _window(pb.STEP_RESOLVE, {
        pb.STEP_RESOLVE: "", pb.STEP_PRE_CARDS: "the cards played again (a power)"}),
    pb.STEP_RESOLVE: Step(_nobody, None, R.outcome_settled, {
        pb.STEP_DEAL: "both compromised", pb.STEP_CLEANUP: "the outcome settled"}, _main,
        enter=R.resolve),
    pb.STEP_DEAL: Step(D.deal_asks, D.deal, R.outcome_settled, {
        pb.STEP_CLEANUP: "a deal made, or none"}, _main, enter=D.start_deal),
    pb.STEP_CLEANUP: _window(pb.STEP_NEXT, {pb.STEP_NEXT: "the cards discarded"}),
    pb.STEP_NEXT: Step(T.next_asks, T.next_move, T.turn_end_step, {
        pb.STEP_START_WINDOW: "another encounter, or the next turn",
        pb.STEP_RETRIEVE: BLACK_HOLE,
        pb.STEP_ROTATION: "a full round, power rotation",
        pb.STEP_OVER: "the turn limit"}, _offence, enter=T.next_entered),
    pb.STEP_ROTATION: Step(V.rotation_asks, V.rotation, None, {
        pb.STEP_START_WINDOW: TURN_STARTS, pb.STEP_RETRIEVE: BLACK_HOLE}, _rotating),
    pb.STEP_OVER: Step(_nobody, None, None, {}, _never),
})
