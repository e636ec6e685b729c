"""From the start window's close to the launch: the destiny names the system, the offence
aims the cone at a planet (or a moon) and puts his tokens on it."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import actions, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.graph import move_on
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def start_window_closes(st: pb.State, ctx: Ctx) -> int:
    """The start window is over: a new hand due is drawn (its questions first: stay), then
    the destiny (two players: the offence may have to choose the system), then the aim."""
    off = st.enc.offense
    if st.enc.new_hand_due:
        st.enc.new_hand_due = False
        actions.new_hand(st, ctx, off)
        if st.tasks:
            return st.step  # stay: questions about the old hand come before the destiny
    if st.players == 2:
        other = 1 - off
        # D05: "une planète de votre propre système où votre adversaire a une base", one
        # still aimable (not destroyed, not shielded: m6/19, m21); any moon present is a
        # target whichever system he names, so moons give no reason to ask
        if moonflow.standing_targets(st, planet_targets(st, off)):
            return pb.STEP_DESTINY
        st.enc.system = other
    else:
        st.enc.system = draw_destiny(st, ctx)
        moonflow.disc_drawn(st)
    return pb.STEP_AIM


def go_destiny(st: pb.State, ctx: Ctx) -> None:
    move_on(st, ctx, start_window_closes(st, ctx))


def destiny_asks(st: pb.State) -> list[Decision]:
    off = st.enc.offense
    return [Decision(off, "system", "Choose the system to attack",
                     [pb.Move(system=pb.SeatChoice(seat=1 - off)),
                      pb.Move(system=pb.SeatChoice(seat=off))])]


def destiny(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int:
    st.enc.system = move.system.seat
    return pb.STEP_AIM


def draw_destiny(st: pb.State, ctx: Ctx) -> int:
    """001's cup (draw, put back) or, as an option, 000's star discs (set aside, never the last)."""
    off = st.enc.offense
    for attempt in range(1000):
        if attempt == 999 or not any(c != off for c in list(st.cup) + list(st.discs_out)):
            return next(s for s in B.alive(st) if s != off)  # cannot happen with 2+ alive
        if st.options.star_discs:
            if len(st.cup) <= 1:
                st.cup.extend(st.discs_out)
                del st.discs_out[:]
            i = ctx.rng.below(len(st.cup))
            colour = st.cup[i]
            del st.cup[i]
            st.discs_out.append(colour)
            moonflow.disc_turned(st, ctx)
        else:
            colour = st.cup[ctx.rng.below(len(st.cup))]
        ctx.emit(pb.Event(destiny=pb.DestinyDrawn(colour=colour)))
        if colour != off or aim_targets(st, off):
            return colour
        ctx.note(pb.NOTE_KIND_DESTINY_DRAWN_AGAIN, off)


def aim_targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(body, defender) pairs the cone may aim at: a planet of `system`, or a moon."""
    return moonflow.standing_targets(st, planet_targets(st, system)) + moonflow.targets(st, system)


def planet_targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(planet, defender) pairs the cone may aim at in `system`; defender -1: empty, auto-win.
    A foreign system: its owner (001); seed 000 (`challenge_any_occupant`): also "n'importe
    quel joueur qui se trouve dans le système", on a planet where he has a base (§4)."""
    off = st.enc.offense
    out: list[tuple[int, int]] = []
    if system != off:
        out = [(p, system) for p in B.planets_of(system)]
        if st.options.challenge_any_occupant:
            out += [(p, s) for p in B.planets_of(system) for s in B.alive(st)
                    if s not in (off, system) and B.tok(st, p, s) > 0]
        return sorted(out)
    for p in B.planets_of(off):
        others = [s for s in B.alive(st) if s != off and B.tok(st, p, s) > 0]
        out += [(p, s) for s in others]
        if st.players > 2 and not others and B.tok(st, p, off) == 0:
            out.append((p, -1))
    return out


def aim_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    return [Decision(e.offense, "aim", "Aim the cone at a planet",
                     [pb.Move(aim=_aim_at(p, d)) for p, d in aim_targets(st, e.system)])]


def _aim_at(planet: int, defense: int) -> pb.Aim:
    """An Aim move; an empty planet (defense -1) has no defense field."""
    return pb.Aim(planet=planet, defense=defense) if defense >= 0 else pb.Aim(planet=planet)


def aim(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> int:
    e = st.enc
    e.planet = move.aim.planet
    if move.aim.HasField("defense"):
        e.defense = move.aim.defense
    moonflow.aimed(st, ctx)
    e.auto_win = not e.HasField("defense") or B.tok(st, e.planet, e.defense) == 0
    return pb.STEP_LAUNCH


def offence_launches(st: pb.State, ctx: Ctx) -> None:
    """The launch step begins: the offence's tokens go onto the cone."""
    launch(st, ctx, st.enc.offense, pb.DEST_CONE_OFF)


def launch(st: pb.State, ctx: Ctx, seat: int, dest: int) -> None:
    """`seat` puts one to four tokens from his bases on the cone, one at a time."""
    avail = B.tokens_on_bases(st, seat)
    if not avail:
        return
    cap = B.MAX_SHIP * moonflow.ally_multiplier(st, seat)
    st.tasks.add(seat=seat, take=pb.TakeTask(count=min(cap, avail), min=1, dest=dest))
    for piece in pieces.held(st, seat):
        if piece.on_launch(st, ctx, seat, defending=dest == pb.DEST_CONE_DEF):
            return


def after_launch(st: pb.State, ctx: Ctx) -> int:
    return pb.STEP_RESOLVE if st.enc.auto_win else pb.STEP_INVITE_OFF
