"""The variants' steps: power rotation after a full round, and two of three powers chosen
before the first turn."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.turn import turn_step
from cosmodrome.games.cosmic.tasks import DONE
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def rotation_asks(st: pb.State) -> list[Decision]:
    return [Decision(st.rotation_pos, "rotation", "Keep your power, or draw a new one",
                     [DONE, pb.Move(new_power=pb.Done())])]


def rotation(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int | None:
    if move.WhichOneof("kind") == "new_power":
        rotate_power(st, ctx, seat)
    st.rotation_pos += 1
    while st.rotation_pos < st.players and st.seats[st.rotation_pos].eliminated:
        st.rotation_pos += 1
    if st.rotation_pos >= st.players:
        return turn_step(st, ctx, st.enc.offense)
    return None


def rotate_power(st: pb.State, ctx: Ctx, seat: int) -> None:
    """Power rotation: draw a new power at random from the powers not in play (never one
    excluded by another in play); the old one goes back."""
    from cosmodrome.games.cosmic.powers import excluded
    se = st.seats[seat]
    if not st.power_pool or not se.powers:
        return
    old = se.powers[0]
    in_use = [p for s, o in enumerate(st.seats) if not o.eliminated
              for i, p in enumerate(o.powers) if not (s == seat and i == 0)]
    allowed = [i for i, p in enumerate(st.power_pool) if not excluded(p, in_use)]
    if not allowed:
        return
    new = st.power_pool.pop(allowed[ctx.rng.below(len(allowed))])
    st.power_pool.append(old)
    se.powers[0] = new
    se.disclosed[0] = False
    ctx.note(pb.NOTE_KIND_NEW_POWER, seat)


def choose_powers_asks(st: pb.State) -> list[Decision]:
    return [Decision(s, "discard_power", "Discard one of your three powers",
                     [pb.Move(keep_power=pb.PowerChoice(power=p))
                      for p in st.seats[s].drawn_powers])
            for s in range(st.players) if len(st.seats[s].drawn_powers) == 3]


def choose_powers(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int | None:
    se = st.seats[seat]
    keep = [p for p in se.drawn_powers if p != move.keep_power.power]
    st.power_pool.append(move.keep_power.power)
    se.powers.extend(keep)
    se.disclosed.extend([False] * len(keep))
    del se.drawn_powers[:]
    if all(not s.drawn_powers for s in st.seats):
        return turn_step(st, ctx, st.first_player)
    return None
