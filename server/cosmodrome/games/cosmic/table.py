"""Seed 000's table-behaviour moons: rules of conduct at the table, and who judges them.

docs/rules/cosmic-000.md, "Table-behaviour moons: who judges". Each such moon's content entry
says who judges it (`judged_by`):

- `server_chat` (8, 16, 18): the match chat is the table's voice; a line of an occupant that
  breaks the rule is judged by the server (`judge_chat`) into a `TableReport` move of his;
- `neighbour_report` (12, 20, 32, 40, 46, 52): the server cannot hear a tune or see a
  cigarette: the offender's right-hand neighbour (seat - 1, M7) reports him with the move;
- `opponent_report` (60): each opponent of the lander says "Tu t'es trompé !" with it;
- `server_enforced` (36, 58): nothing to report; the moon limits alliances or views.

A report is not a decision: `Cosmic.apply` takes it whenever it is true, whoever owes a
decision (bots never report: a bot cannot see the table). The penalty is then a task of the
judge: "C'est son voisin de droite qui décide de la perte du pion ou de la carte et c'est
aussi lui choisit le pion sur le plateau ou tire la carte au hasard."
"""

from __future__ import annotations

import re
import unicodedata
from typing import ClassVar

from cosmodrome.core.engine import Event, IllegalMove
from cosmodrome.games.cosmic import actions, flow, moontools, pieces, registry
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import Moon, TableRule, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

CHAT, NEIGHBOUR, OPPONENTS, ENFORCED = (
    "server_chat", "neighbour_report", "opponent_report", "server_enforced")
PENALTY_CARD = pb.Move(penalty_card=pb.Done())


class TableMoon(Moon):
    """A moon of conduct at the table: an occupant who breaks its rule loses a token to the
    black hole or, where `card_penalty`, a random card of his hand, as his judge chooses."""

    card_penalty: ClassVar[bool] = True  # "1 de ses pions ... ou 1 carte de sa main"
    limit: ClassVar[int] = pb.TABLE_LIMIT_NONE  # what an occupant's view is kept from

    @property
    def judged_by(self) -> str:
        return moontools.data(self.number).judged_by

    def breaks(self, text: str) -> bool:
        """Does the chat line `text` of an occupant break the rule (`server_chat` moons)?
        By default every line does: "Au moindre son qui sort de sa bouche"."""
        return True

    def may_report(self, st: pb.State, moon: int, seat: int, offender: int) -> bool:
        """May `seat` report `offender` on this moon now?"""
        mo = st.moons[moon]
        if not mo.count[offender] or not (mo.face_up or mo.known_by[seat]):
            return False  # a rule he has not seen is not his to police (nor to probe)
        if self.judged_by == CHAT:
            return seat == offender  # his own line, judged by the server
        return self.judged_by == NEIGHBOUR and seat == right_neighbour(st, offender)

    def judge(self, st: pb.State, offender: int, reporter: int) -> int:
        """Who chooses the penalty: the right-hand neighbour."""
        return right_neighbour(st, offender)

    def on_infraction(self, st: pb.State, ctx: Ctx, moon: int, offender: int,
                      judge: int) -> None:
        """What the moon does besides the penalty (32: a smoker's foreign bases go home)."""

    def table_rule(self, st, moon, seat):
        return TableRule(self.limit) if self.limit != pb.TABLE_LIMIT_NONE else None


def right_neighbour(st: pb.State, seat: int) -> int:
    """M7: right = seat - 1, the nearest living player that way."""
    return B.clockwise_from(st, seat)[-1]


def _table_moon(st: pb.State, moon: int) -> TableMoon | None:
    if not 0 <= moon < len(st.moons) or st.moons[moon].gone:
        return None
    piece = pieces.MOONS.get(st.moons[moon].number)
    return piece if isinstance(piece, TableMoon) else None


# ====================================================================== the chat (8, 16, 18)

def judge_chat(st: pb.State, seat: int, text: str) -> pb.Move | None:
    """`Cosmic.judge_chat`: a line of an occupant of a chat-judged moon that breaks its rule
    is his `TableReport` (the first such moon he stands on: one line, one infraction)."""
    if st.finished or not 0 <= seat < st.players or st.seats[seat].eliminated:
        return None
    for m, mo in enumerate(st.moons):
        if not mo.count[seat]:
            continue
        piece = _table_moon(st, m)
        if piece is not None and piece.judged_by == CHAT and piece.breaks(text):
            return pb.Move(report=pb.TableReport(moon=m, offender=seat))
    return None


def words(text: str) -> list[str]:
    """The line's words, lower case, accents folded ("NON !" and "nön" give "non")."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    return re.findall(r"\w+", "".join(c for c in folded if not unicodedata.combining(c)))


# ====================================================================== a report

def reports_of(st: pb.State, seat: int) -> list[pb.TableReport]:
    """The reports `seat` may send now (`View.reports`): not the chat-judged moons', which
    the server makes of the offender's own lines."""
    out = []
    for m in range(len(st.moons)):
        piece = _table_moon(st, m)
        if piece is None or piece.judged_by not in (NEIGHBOUR, OPPONENTS):
            continue
        out += [pb.TableReport(moon=m, offender=s) for s in B.alive(st)
                if s != seat and piece.may_report(st, m, seat, s)]
    return out


def apply_report(st: pb.State, seat: int, move: pb.Move, now: int) -> list[Event]:
    """`seat` reports `move.report` (any time): refused unless true now, else the infraction
    is said to all, the moon does what it does, and the judge owes the penalty."""
    r = move.report
    if not 0 <= r.offender < st.players or st.seats[r.offender].eliminated:
        raise IllegalMove("report", "report: no such player in play")
    piece = _table_moon(st, r.moon)
    if piece is None:
        raise IllegalMove("report", "report: that moon is not a table-behaviour moon in play")
    if not piece.may_report(st, r.moon, seat, r.offender):
        raise IllegalMove("report", "report: you may not report that player on that moon now")
    events: list[Event] = []
    ctx = Ctx(st, events, now)
    judge = piece.judge(st, r.offender, seat)
    moontools.acts(st, ctx, r.moon, r.offender)
    ctx.note(pb.NOTE_KIND_TABLE_RULE_BROKEN, r.offender, target=judge)
    piece.on_infraction(st, ctx, r.moon, r.offender, judge)
    actions.queue(st, pb.Task(seat=judge, table_penalty=pb.TablePenaltyTask(
        moon=r.moon, offender=r.offender)), at=0)  # "immédiatement"
    flow.settle(st, ctx)
    st.rng = ctx.rng.state
    return events


# ====================================================================== the penalty task

def _penalty_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    p = t.table_penalty
    if st.seats[p.offender].eliminated or st.seats[t.seat].eliminated:
        return []
    out = [pb.Move(planet=pb.PlanetChoice(planet=b)) for b in B.bases(st, p.offender)]
    piece = _table_moon(st, p.moon)
    if st.seats[p.offender].hand and (piece is None or piece.card_penalty):
        out.append(PENALTY_CARD)
    return out


def _penalty(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    offender = t.table_penalty.offender
    if move.WhichOneof("kind") == "planet":
        B.add_tok(st, move.planet.planet, offender, -1)
        actions.lose_from_bases(st, ctx, offender, 1, t.seat)
        return
    hand = st.seats[offender].hand
    card = hand.pop(ctx.rng.below(len(hand)))  # "tire la carte au hasard"
    ctx.note(pb.NOTE_KIND_PENALTY_CARD, offender, target=t.seat)
    if pieces.is_edict(card):
        actions.discard_edict(st, ctx, offender, card)
    else:
        st.discard.append(card)


def _penalty_view(t: pb.Task, out: pb.TaskView) -> None:
    out.table_penalty.moon = t.table_penalty.moon
    out.table_penalty.offender = t.table_penalty.offender


PENALTY = TaskKind("table_penalty", "Choose the penalty: a token of his to the black hole, "
                   "or a random card of his hand", _penalty_options, _penalty, view=_penalty_view)
registry.register_task_kind("table_penalty", PENALTY)


# ====================================================================== moon 60's calls

def open_calls(st: pb.State, moon: int, lander: int) -> None:
    """Moon 60: the lander has just guessed each opponent's age; each may now say once "Tu
    t'es trompé !" (until the next landing there)."""
    mo = st.moons[moon]
    mo.guesser = lander
    mo.may_call_wrong[:] = [s != lander and not st.seats[s].eliminated
                            for s in range(st.players)]


def may_call_wrong(st: pb.State, moon: int, seat: int, offender: int) -> bool:
    mo = st.moons[moon]
    return (mo.HasField("guesser") and mo.guesser == offender
            and len(mo.may_call_wrong) > seat and mo.may_call_wrong[seat])
