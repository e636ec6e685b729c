"""A heuristic MLEM bot over the View and Move messages, with the track layouts as the server
publishes them (`await client.game_content("mlem")`).

It values a landing by how much it raises its own score now (moon and planet points, Deep
Space, objectives it would claim) and weighs staying aboard or flying further by the exact
chance that the next roll at a space crashes: with k dice and a share p of die faces allowed
there, P(crash) = (1 - p)^k (zero if a DIE_ONE cat is aboard and 1s are allowed). Its
reckoning of the score follows docs/rules/mlem.md ("Fin de Partie"). It is the game's one
bot: its record (games/mlem) gives it to the server for BOT_KIND_GAME seats, and the Python
client carries this same module (`cosmodrome_client.bots`), so it imports nothing but the
contract.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

# Take-off preference (earlier is sent first).
SEND_ORDER = (pb.CAT_KIND_SATELLITE, pb.CAT_KIND_DIE_ONE, pb.CAT_KIND_PARACHUTE,
              pb.CAT_KIND_SHIFTER, pb.CAT_KIND_DIE_TAKER, pb.CAT_KIND_MOON_DOUBLE,
              pb.CAT_KIND_PLANET_DOUBLE, pb.CAT_KIND_DEEP_DOUBLE)
LOOKAHEAD = 7       # spaces ahead a cat staying aboard hopes to reach
FUTURE_DISCOUNT = 0.75
DIE_FACES = (pb.FACE_ONE, pb.FACE_TWO, pb.FACE_TWO, pb.FACE_THREE, pb.FACE_FOUR, pb.FACE_BOOSTER)
FACE_VALUE = {pb.FACE_ONE: 1, pb.FACE_TWO: 2, pb.FACE_THREE: 3, pb.FACE_FOUR: 4}
OBJECTIVES = (pb.OBJECTIVE_FOUR_PLANETS, pb.OBJECTIVE_THREE_ON_ONE, pb.OBJECTIVE_FOUR_MOONS,
              pb.OBJECTIVE_TWO_DEEP)


def _last(layout: pb.Layout) -> int:
    return len(layout.spaces) - 1


def _doubled(cat: pb.Cat, kind: int) -> int:
    return 2 if cat.kind == kind else 1


def scores(board: pb.State, layout: pb.Layout) -> list[int]:
    """Every seat's total if the game ended now: moons, planets (most cats, second, presence;
    earlier arrival breaks ties), Comet and Galaxy, objectives; doubling cats double."""
    total = [0] * board.players
    for slot, moon in zip(board.moons, layout.moons, strict=False):
        if slot.occupied:
            total[slot.cat.owner] += moon.points * _doubled(slot.cat, pb.CAT_KIND_MOON_DOUBLE)
    for index, pile in enumerate(board.planets):
        count: dict[int, int] = {}
        for cat in pile.cats:  # insertion order: seats by first arrival
            count[cat.owner] = count.get(cat.owner, 0) + 1
        doubled = {c.owner for c in pile.cats if c.kind == pb.CAT_KIND_PLANET_DOUBLE}
        values = layout.planets[index].values
        for rank, seat in enumerate(sorted(count, key=lambda s: -count[s])):
            total[seat] += values[min(rank, 2)] * (2 if seat in doubled else 1)
    for cats, points in ((board.comet, layout.comet_points),
                         (board.galaxy, layout.galaxy_points)):
        for cat in cats:
            total[cat.owner] += points * _doubled(cat, pb.CAT_KIND_DEEP_DOUBLE)
    for seat, player in enumerate(board.boards):
        total[seat] += layout.objective_points * len(player.objectives)
    return total


def fulfils(board: pb.State, seat: int, objective: int) -> bool:
    """Whether `seat`'s landed cats meet an objective's condition now."""
    if objective == pb.OBJECTIVE_FOUR_PLANETS:
        return sum(any(c.owner == seat for c in p.cats) for p in board.planets) >= 4
    if objective == pb.OBJECTIVE_THREE_ON_ONE:
        return any(sum(c.owner == seat for c in p.cats) >= 3 for p in board.planets)
    if objective == pb.OBJECTIVE_FOUR_MOONS:
        return sum(m.occupied and m.cat.owner == seat for m in board.moons) >= 4
    return (sum(c.owner == seat for c in board.comet)
            + sum(c.owner == seat for c in board.galaxy)) >= 2


class MlemBot:
    """Implements the bots' interface (cosmodrome_client.bots.Bot) for MLEM."""

    def __init__(self, content: pb.Content, seed: int | None = None,
                 send_order: Sequence[int] = SEND_ORDER) -> None:
        self._random = random.Random(seed)
        self._layouts = {layout.name: layout for layout in content.layouts}
        self._send_order = {k: i for i, k in enumerate(send_order)}

    # -- Bot interface

    def choose(self, view: pb.View, kind: str, options: Sequence[pb.Move]) -> pb.Move:
        if len(options) == 1:
            return options[0]
        layout = self._layouts.get(view.options.layout or "provisional")
        if layout is None:  # a layout the content lacks: play legally
            return self._random.choice(options)
        if kind == "send_cat":
            return min(options, key=lambda o: self._send_order.get(o.send_cat.kind, 99))
        if kind == "use_groups":
            return max(options, key=lambda o: self._travel_value(view, layout, o))
        if kind in ("land", "parachute"):
            return max(options, key=lambda o: self._land_value(view, layout, o, kind))
        return self._random.choice(options)

    # -- values

    def _me(self, view: pb.View) -> pb.Cat:
        return view.rocket[view.landing_index]

    def _gain(self, view: pb.View, layout: pb.Layout, cat: pb.Cat, space: int,
              commander: bool) -> float:
        """How much my score rises if `cat` lands at `space` now (0 if it cannot)."""
        sp = layout.spaces[space]
        board = pb.State(players=view.players, boards=view.boards, moons=view.moons,
                         planets=view.planets, comet=view.comet, galaxy=view.galaxy)
        seat = cat.owner
        before = scores(board, layout)[seat]
        if sp.kind == pb.SPACE_KIND_MOON:
            free = [m for m in sp.moons if not board.moons[m].occupied]
            if not free:
                return 0.0
            board.moons[free[0]].occupied = True
            board.moons[free[0]].cat.CopyFrom(cat)
        elif sp.kind == pb.SPACE_KIND_PLANET:
            board.planets[sp.planet].cats.append(cat)
        elif sp.kind == pb.SPACE_KIND_DEEP_SPACE:
            (board.comet if commander else board.galaxy).append(cat)
        else:
            return 0.0
        claimed = {o for player in board.boards for o in player.objectives}
        board.boards[seat].objectives.extend(
            o for o in OBJECTIVES if o not in claimed and fulfils(board, seat, o))
        return float(scores(board, layout)[seat] - before)

    def _crash_chance(self, view: pb.View, layout: pb.Layout, space: int, pool: int,
                      die_one: bool) -> float:
        allowed = layout.spaces[space].faces
        if not allowed:
            return 0.0
        if die_one and pb.FACE_ONE in allowed:
            return 0.0
        p = sum(f in allowed for f in DIE_FACES) / len(DIE_FACES)
        return (1.0 - p) ** pool

    def _future(self, view: pb.View, layout: pb.Layout, cat: pb.Cat, space: int, pool: int,
                commander: bool) -> float:
        """Rough value of riding on from `space`: best landing ahead, discounted by risk."""
        if space >= _last(layout):
            return 0.0
        die_one = any(c.kind == pb.CAT_KIND_DIE_ONE for c in view.rocket)
        survive = 1.0 - self._crash_chance(view, layout, space, pool, die_one)
        ahead = range(max(space + 1, layout.landing_from),
                      min(_last(layout), space + LOOKAHEAD) + 1)
        gains = sorted((self._gain(view, layout, cat, s, commander) for s in ahead),
                       reverse=True)
        if not gains:
            return 0.0
        best = sum(gains[:3]) / min(3, len(gains))  # we rarely get to pick the exact space
        return survive * FUTURE_DISCOUNT * best

    def _land_value(self, view: pb.View, layout: pb.Layout, move: pb.Move, kind: str) -> float:
        cat = self._me(view)
        commander = view.landing_index == 0
        if move.land.disembark:
            return self._gain(view, layout, cat, move.land.space, commander)
        if kind == "parachute":
            return 1.0  # going home keeps the cat for a later flight
        return self._future(view, layout, cat, view.space, view.pool, commander)

    def _travel_value(self, view: pb.View, layout: pb.Layout, move: pb.Move) -> float:
        cat = view.rocket[0]
        space = layout.spaces[view.space]
        dice = list(view.roll.dice)
        distance, discarded = 0, 0
        for f in move.use_groups.faces:
            n = dice.count(f)
            if f == pb.FACE_BOOSTER:
                distance += space.booster * n
            else:
                distance += FACE_VALUE[f] * (n + (view.roll.bonus_ones if f == pb.FACE_ONE
                                                  else 0))
                discarded += n
        dest = min(_last(layout), view.space + distance)
        pool = max(1, view.pool - discarded)
        if dest == _last(layout):
            return self._gain(view, layout, cat, dest, True)
        now = (self._gain(view, layout, cat, dest, True) if dest >= layout.landing_from
               else 0.0)
        return max(now, self._future(view, layout, cat, dest, pool, True)) + 0.01 * pool

