"""Zap Cosmique, seed 001: stops one player's power for the rest of the encounter, played
in a window or at the very instant a power is used (with several powers per player: his main
one, or all his secondary ones)."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import RESPONSE_POWER_USE, Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

ALL, MAIN, SECONDARY = pb.POWER_SCOPE_UNSPECIFIED, pb.POWER_SCOPE_MAIN, pb.POWER_SCOPE_SECONDARY


def targets(st: pb.State, seat: int) -> list[int]:
    """Seats in the encounter with a power that may still be zapped."""
    if B.defender(st) < 0:
        return []
    return [t for t in B.power_order(st)
            if t != seat and pieces.involved(st, t) and st.seats[t].powers
            and B.power_active(st, t)
            and any(not pieces.zapped(st, t, p) for p in st.seats[t].powers)]


def suspend(st: pb.State, ctx, seat: int, seats: list[int], which: int) -> None:
    """Suspend powers of `seats` for the encounter; others may answer with an Un-Zap, which
    undoes exactly this."""
    e = st.enc
    before = len(e.zapped)
    for t in seats:
        held = list(st.seats[t].powers)
        chosen = held if which == ALL else held[:1] if which == MAIN else held[1:]
        for pid in chosen:
            if not pieces.zapped(st, t, pid):
                e.zapped.add(seat=t, power=pid)
    one = {"target": seats[0]} if len(seats) == 1 else {}  # unset: every other player
    ctx.note(pb.NOTE_KIND_POWERS_ZAPPED, seat, **one)
    stopped = pb.PowersStoppedResponse(zapped_from=before, **one)
    actions.open_response(st, seat, powers_stopped=stopped)


def answer_power_use(st: pb.State, t: pb.Task) -> None:
    """After a Zap answers a use, the use waits for a possible Un-Zap: a closed response
    window (everyone passed) decides it once the Un-Zap window is over."""
    closed = [x for x in st.tasks if x.WhichOneof("kind") == "response"]
    decided = pb.ResponseTask(power_use=pb.PowerUseResponse(closed=True))
    st.tasks.insert(len(closed), pb.Task(seat=t.seat, response=decided))


class Zap(Edict):
    name = "zap"
    answers = frozenset({RESPONSE_POWER_USE})
    windows = frozenset({pb.STEP_PRE_CARDS, pb.STEP_POST_REVEAL})

    def window_actions(self, st, seat, window):
        if window not in self.windows:
            return []
        card = pieces.first_edict(st, seat, self.name)
        out = []
        for t in targets(st, seat):
            whiches = (MAIN, SECONDARY) if len(st.seats[t].powers) > 1 else (ALL,)
            out += [pb.Move(edict=pb.PlayEdict(card=card, target=t, powers=w)) for w in whiches]
        return out

    def play(self, st, ctx, seat, move):
        suspend(st, ctx, seat, [move.target], move.powers)

    def answer(self, st, ctx, seat, t, card):
        suspend(st, ctx, seat, [t.seat], ALL)
        answer_power_use(st, t)


EDICT = Zap()
