"""A turn's frame: it starts (a new hand due, a token back from the black hole), each
encounter begins, the offence chooses another one or ends his turn, the game ends.

The functions named `..._step` return the step to move to; `begin_turn`, `begin_encounter`,
`end_turn` and `go_next` move there (through `graph.goto`), for the tests that drive the
engine step by step.
"""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import flares, moonflow, pieces
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.graph import goto
from cosmodrome.games.cosmic.tasks import DONE
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

WIN_BASES = 5  # "le premier joueur qui possède 5 bases étrangères a gagné"


def turn_step(st: pb.State, ctx: Ctx, seat: int) -> int:
    """`seat`'s turn starts: the step of its first encounter."""
    st.enc.offense = seat
    st.enc.number = 0
    # "Si, au début de votre duel, vous n'avez plus aucune carte de duel, vous devez jouer tous
    # vos Edits ou les jeter à la défausse ... puis vous devez tirer sept nouvelles cartes."
    # He may first play them in the start window: he always draws once it closes
    # (`destiny.start_window_closes`), so the moment says nothing of his edicts.
    due = not B.has_encounter_card(st, seat) and moonflow.may_redraw(st, seat)
    first = encounter_step(st, ctx)  # the retrieval or the start window: a turn's first
    if due:                          # encounter always has one
        st.enc.new_hand_due = True
    return first


def begin_turn(st: pb.State, ctx: Ctx, seat: int) -> None:
    goto(st, ctx, turn_step(st, ctx, seat))


def encounter_step(st: pb.State, ctx: Ctx) -> int:
    """An encounter of the offence's turn begins: its first step (or the turn's end)."""
    off = st.enc.offense
    number = st.enc.number + 1
    extra = st.enc.extra_encounters if number > 1 else 0
    n = st.players
    st.enc.Clear()
    e = st.enc
    e.offense, e.number = off, number  # no system, planet nor defender yet
    e.extra_encounters = extra  # a moon's extra encounter counts per turn
    for field in (e.cone_off, e.cone_def, e.lost_off, e.lost_def):
        field.extend([0] * n)
    e.invited_off.extend([False] * n)
    e.invited_def.extend([False] * n)
    X.clear(e)
    for piece in pieces.POWERS:
        piece.reset_encounter(e)
    # st.tasks is kept: the flow only moves on with an empty queue, except for the questions a
    # new hand drawn as the turn starts has just queued, which must still be asked
    if number > 1 and not B.has_encounter_card(st, off) and not st.enc.new_hand_due:
        ctx.note(pb.NOTE_KIND_TURN_ENDS_NO_ENCOUNTER_CARD, off)
        return turn_end_step(st, ctx)
    if st.seats[off].black_hole > 0:
        return pb.STEP_RETRIEVE
    return pb.STEP_START_WINDOW


def begin_encounter(st: pb.State, ctx: Ctx) -> None:
    goto(st, ctx, encounter_step(st, ctx))


def retrieve_asks(st: pb.State) -> list[Decision]:
    off = st.enc.offense
    places = B.bases(st, off) or B.standing_planets(st, off)
    return [Decision(off, "retrieve", "Take one token back from the black hole (or not)",
                     [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in places] + [DONE])]


def retrieve(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int:
    if move.WhichOneof("kind") == "planet":
        st.seats[seat].black_hole -= 1
        B.add_tok(st, move.planet.planet, seat, 1)
        ctx.note(pb.NOTE_KIND_TOKEN_RETRIEVED, seat)
    return pb.STEP_START_WINDOW


# ====================================================================== another encounter

def next_entered(st: pb.State, ctx: Ctx) -> int | None:
    """The offence is asked about another encounter whenever he may play on at all (only to
    end his turn, if the rules give him no other), so being asked tells nothing."""
    off = st.enc.offense
    if st.seats[off].eliminated or not (B.has_encounter_card(st, off)
                                        or moonflow.extra_encounter(st, off) is not None):
        return turn_end_step(st, ctx)
    return None


def go_next(st: pb.State, ctx: Ctx) -> None:
    goto(st, ctx, pb.STEP_NEXT)


def _another_allowed(st: pb.State) -> bool:
    return _rules_allow_another(st) or moonflow.extra_encounter(st, st.enc.offense) is not None


def _rules_allow_another(st: pb.State) -> bool:
    e = st.enc
    off = e.offense
    for piece in [*flares.active(st, off), *pieces.held(st, off)]:  # a played flare first
        allowed = piece.another_encounter(st, off)
        if allowed is not None:
            return allowed
    return e.success and e.number < 2


def next_asks(st: pb.State) -> list[Decision]:
    another = [pb.Move(another=pb.Done())] if _another_allowed(st) else []
    return [Decision(st.enc.offense, "another", "Launch another encounter, or end your turn",
                     [*another, DONE])]


def next_move(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int:
    e = st.enc
    if move.WhichOneof("kind") != "another":
        return turn_end_step(st, ctx)
    if not (B.has_encounter_card(st, seat) and _rules_allow_another(st)):
        moonflow.take_extra_encounter(st, ctx, seat)  # beyond the rules: a moon
    elif not (e.success and e.number < 2):  # beyond the rule book: a piece allowed it
        for piece in pieces.held(st, seat):
            if piece.another_encounter(st, seat):
                pieces.use(st, ctx, seat, piece.name)
                break
    return encounter_step(st, ctx)


# ====================================================================== turn and game end

def turn_end_step(st: pb.State, ctx: Ctx) -> int:
    """The turn ends: the next one's first step (or the power rotation, or the game's end)."""
    st.turn += 1
    living = B.alive(st)
    if len(living) == 1:
        return finish(st, ctx, living, pb.GAME_END_LAST_PLAYER_STANDING)
    if st.turn >= st.turn_limit:
        return finish(st, ctx, [], pb.GAME_END_TURN_LIMIT)
    nxt = B.clockwise_from(st, st.enc.offense)[0]
    if st.options.power_rotation and st.power_pool and nxt == st.first_player:
        st.enc.offense = nxt
        st.rotation_pos = 0
        return pb.STEP_ROTATION
    return turn_step(st, ctx, nxt)


def end_turn(st: pb.State, ctx: Ctx) -> None:
    goto(st, ctx, turn_end_step(st, ctx))


def finish(st: pb.State, ctx: Ctx, winners: list[int], why: int) -> int:
    """The game is over: returns its last step."""
    st.finished = True
    st.game_end = why
    del st.winners[:]
    st.winners.extend(winners)
    del st.tasks[:]
    ctx.emit(pb.Event(game_over=pb.GameOver(winners=winners, why=why)))
    return pb.STEP_OVER


def check_victory(st: pb.State, ctx: Ctx) -> bool:
    living = B.alive(st)
    foreign = B.foreign_bases_by_seat(st)
    winners: list[int] = []
    if max(foreign) + moonflow.most_victory_bases() >= WIN_BASES:  # else no seat is near:
        moons = moonflow.victory_bases_by_seat(st)  # the moons need not be read (most steps)
        winners = [s for s in living
                   if foreign[s] + moons[s] >= WIN_BASES and moonflow.may_win(st, ctx, s)]
    winners = moonflow.standing_wins(st, winners)  # a moon may cancel a win
    if winners is None:
        return False
    if winners:
        moonflow.victory_moons_act(st, ctx, winners)
        goto(st, ctx, finish(st, ctx, winners, pb.GAME_END_FIVE_FOREIGN_BASES))
        return True
    if len(living) == 1:
        goto(st, ctx, finish(st, ctx, living, pb.GAME_END_LAST_PLAYER_STANDING))
        return True
    return False
