"""A heuristic Crafting the Cosmos bot over the View and Move messages (the clients' Bot
interface): it plays from its seat's view only.

It values stars by the nebula corners they would satisfy, places tiles where their corners are
already met, completes nebulae, discharges crystals and creates advanced life whenever it can,
trades five identical cards for 6 points, buys two powers and activates those that score or
give stars, and picks its energy moves by trying every sequence of moves (at most 3) and
valuing the rewards it would collect.

Win rate against RandomBots: `python -m cosmodrome.games.crafting.bot --games 200`.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from cosmodrome.games.crafting.board import EMPTY_CELL, graviton_targets
from cosmodrome.games.crafting.content import (
    ACTIVE,
    CONTROLS,
    DEFAULT_CONTENT,
    PASSIVE,
    SEED,
    STAR_GAINS,
    Content,
    host_content_paths,
    load_contents,
)
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

# Rough worth of each reward, in points (stars are valued by need, see _star_value).
GAIN_VALUE = {pb.GAIN_ENERGY_CARD: 1.2, pb.GAIN_CRYSTAL: 1.3, pb.GAIN_GRAVITON: 0.2,
              pb.GAIN_PROTO_LIFE: 0.6, pb.GAIN_DNA: 0.3, pb.GAIN_SUPERNOVA: 1.0,
              pb.GAIN_NEBULA: 2.0, pb.GAIN_POINTS: 1.0}
PREFERRED_SIZE = 2
POWERS_TO_BUY = 2


class CraftingBot:
    """Implements the bots' interface (cosmodrome_client.bots.Bot) for Crafting the Cosmos;
    server-side only: it reads the board geometry of the engine's content."""

    def __init__(self, seed: int | None = None,
                 contents: dict[str, Content] | None = None) -> None:
        self._random = random.Random(seed)
        self._contents = contents or load_contents(host_content_paths())

    def choose(self, view: pb.View, kind: str, options: Sequence[pb.Move]) -> pb.Move:
        if len(options) == 1:
            return options[0]
        content = self._contents.get(view.options.content or DEFAULT_CONTENT)
        if content is None or not 0 <= view.viewer < view.players:
            return self._random.choice(options)  # content this machine lacks: play legally
        me = view.seats[view.viewer]
        chooser = getattr(self, f"_{kind}", None)
        if chooser is None:
            return self._random.choice(options)
        return chooser(view, me, content, options)

    # -- board reading

    def _needs(self, board: pb.Board, content: Content) -> dict[tuple[int, int], int]:
        """(star space, element) -> how many placed, uncompleted nebulae ask it there."""
        needs: dict[tuple[int, int], int] = {}
        for c, cell in enumerate(board.cells):
            if cell.tile == EMPTY_CELL or cell.completed:
                continue
            for v, e in zip(content.geometry.corners[c], content.tiles[cell.tile].requires,
                            strict=True):
                if e and not board.stars[v].element:
                    needs[(v, e)] = needs.get((v, e), 0) + 1
        return needs

    def _star_spot(self, board: pb.Board, content: Content, v: int, element: int) -> float:
        """Worth of putting `element` on empty star space v."""
        value = 0.0
        for c in content.geometry.star_cells[v]:
            cell = board.cells[c]
            if cell.tile == EMPTY_CELL:
                value += 0.2
                continue
            if cell.completed:
                continue
            corners = content.geometry.corners[c]
            need = content.tiles[cell.tile].requires[corners.index(v)]
            if need == element:
                missing = sum(1 for u, e in zip(corners, content.tiles[cell.tile].requires,
                                                strict=True)
                              if e and board.stars[u].element != e
                              and not (board.stars[u].element and board.stars[u].supernova))
                value += 3.0 + (4.0 if missing == 1 else 0.0)
            elif need:
                value -= 2.0
        return value

    def _star_value(self, board: pb.Board, content: Content, element: int) -> float:
        free = [v for v, s in enumerate(board.stars) if not s.element]
        if not free:
            return 0.0
        return max(0.3, max(self._star_spot(board, content, v, element) for v in free) / 2)

    def _gains_value(self, stars: dict[int, float], gains: list[int]) -> float:
        """`stars`: the worth of a star of each element now."""
        return sum(stars[STAR_GAINS[g]] if g in STAR_GAINS else GAIN_VALUE.get(g, 0.0)
                   for g in gains)

    # -- energy phase

    def _shift_energy(self, view, me, content, options):
        tokens = {"own": me.energy_at, **{i: d for i, d in enumerate(view.dark)}}
        others = [p.energy_at for s, p in enumerate(view.seats) if s != view.viewer]
        stars = {e: self._star_value(me.board, content, e) for e in STAR_GAINS.values()}
        best = (-1e9, options[0])
        for first in options:
            value = self._plan_value(view, me, stars, tokens, others, first,
                                     view.shifts_left, view.own_shifted)
            if value > best[0]:
                best = (value, first)
        return best[1]

    def _plan_value(self, view, me, stars, tokens, others, move, left, own_moved) -> float:
        if move.HasField("end_shifts"):
            return self._collect_value(me, stars, tokens, others)
        tokens = dict(tokens)
        key = "own" if move.shift_energy.WhichOneof("token") == "own" else move.shift_energy.dark
        tokens[key] = self._next(tokens, others, tokens[key])
        own_moved = own_moved or key == "own"
        left -= 1
        value = self._collect_value(me, stars, tokens, others) if own_moved else -1e9
        if left:
            for nxt in ["own", *range(len(view.dark))]:
                if not own_moved and left == 1 and nxt != "own":
                    continue
                if not self._next(tokens, others, tokens[nxt]):
                    continue
                fake = pb.Move(shift_energy=pb.ShiftEnergy(own=True) if nxt == "own"
                               else pb.ShiftEnergy(dark=nxt))
                value = max(value, self._plan_value(view, me, stars, tokens, others, fake,
                                                    left, own_moved))
        return value

    def _next(self, tokens, others, control) -> int:
        at = list(tokens.values()) + others
        for step in (1, 2, 3):
            target = CONTROLS[(control - 1 + step) % 4]
            if at.count(target) < SEED.control_capacity:
                return target
        return 0

    def _collect_value(self, me, stars, tokens, others) -> float:
        at = list(tokens.values()) + others
        gains = list(ACTIVE[tokens["own"]])
        for c in CONTROLS:
            gains += [PASSIVE[c]] * (at.count(c) + list(me.power_tokens).count(c))
        return self._gains_value(stars, gains)

    def _take_energy(self, view, me, content, options):
        def value(o):
            if o.take_energy.WhichOneof("source") == "deck":
                return 0.5
            return me.hand[view.display[o.take_energy.slot] - 1]
        return max(options, key=value)

    def _nebula_size(self, view, me, content, options):
        return min(options, key=lambda o: abs(o.choose_size.size - PREFERRED_SIZE))

    _omega_size = _nebula_size

    # -- creation

    def _create(self, view, me, content, options):
        board = me.board
        by_kind: dict[str, list[pb.Move]] = {}
        for o in options:
            by_kind.setdefault(o.WhichOneof("kind"), []).append(o)
        for kind in ("complete_nebula", "create_advanced_life", "discharge", "keep_power"):
            if kind in by_kind:
                return by_kind[kind][0]
        if "activate_power" in by_kind:
            for o in by_kind["activate_power"]:
                gains = dict(content.powers[o.activate_power.card].gain)
                if pb.GAIN_POINTS in gains or any(g in STAR_GAINS for g in gains):
                    return o
        if "buy_power" in by_kind and len(me.powers) < POWERS_TO_BUY:
            return max(by_kind["buy_power"], key=lambda o: me.hand[o.buy_power.type - 1])
        if "trade_five" in by_kind:
            return by_kind["trade_five"][0]
        if "place_nebula" in by_kind:
            return by_kind["place_nebula"][0]
        if "place_star" in by_kind:
            return max(by_kind["place_star"], key=lambda o: self._star_value(
                board, content, o.place_star.element))
        if "place_life" in by_kind:
            return by_kind["place_life"][0]
        if "use_supernova" in by_kind and self._supernova_target(board, content) is not None:
            return by_kind["use_supernova"][0]
        if "use_dna" in by_kind:
            return by_kind["use_dna"][0]
        if "use_graviton" in by_kind and self._graviton_plan(board, content):
            return by_kind["use_graviton"][0]
        ends = by_kind.get("end_turn", [])
        for omega in (pb.OMEGA_NEBULA, pb.OMEGA_STABILIZE, pb.OMEGA_NONE):
            for o in ends:
                if o.end_turn.omega == omega:
                    return o
        return self._random.choice(options)

    def _star_space(self, view, me, content, options):
        element = view.pending_element
        return max(options, key=lambda o: self._star_spot(me.board, content, o.pick.space,
                                                          element))

    def _discharge_star(self, view, me, content, options):
        return max(options, key=lambda o: self._star_value(me.board, content,
                                                           o.choose_element.element))

    def _nebula_space(self, view, me, content, options):
        tile = content.tiles[view.pending_tile]
        board = me.board

        def value(o):
            score = 0.0
            for v, e in zip(content.geometry.corners[o.pick.space], tile.requires, strict=True):
                star = board.stars[v]
                if not e:
                    continue
                if star.element == e or (star.element and star.supernova):
                    score += 2.0
                elif star.element:
                    score -= 1.5
            return score
        return max(options, key=value)

    def _life_space(self, view, me, content, options):
        board = me.board

        def value(o):
            return sum(board.cells[c].completed + 0.1 * sum(
                bool(board.lives[e]) for e in content.geometry.sides[c])
                for c in content.geometry.life_cells[o.pick.space])
        return max(options, key=value)

    def _discard_star(self, view, me, content, options):
        needs = self._needs(me.board, content)
        return min(options, key=lambda o: sum(
            n for (v, _), n in needs.items() if v == o.pick.space))

    def _supernova_target(self, board: pb.Board, content: Content) -> int | None:
        """A star sitting on a corner that asks another element."""
        for c, cell in enumerate(board.cells):
            if cell.tile == EMPTY_CELL or cell.completed:
                continue
            for v, e in zip(content.geometry.corners[c], content.tiles[cell.tile].requires,
                            strict=True):
                star = board.stars[v]
                if e and star.element and star.element != e and not star.supernova:
                    return v
        return None

    def _supernova_star(self, view, me, content, options):
        target = self._supernova_target(me.board, content)
        for o in options:
            if o.pick.space == target:
                return o
        return options[0]

    def _dna_life(self, view, me, content, options):
        return self._life_space(view, me, content, options)

    _stabilize_life = _dna_life

    def _graviton_plan(self, board: pb.Board, content: Content) -> tuple[int, int] | None:
        """A star not needed where it is, moved where its element is needed."""
        needs = self._needs(board, content)
        for v, star in enumerate(board.stars):
            if not star.element or star.supernova:
                continue
            if self._star_spot(board, content, v, star.element) > 0:
                continue
            for target in graviton_targets(board, content, v, False):
                if needs.get((target, star.element)):
                    return v, target
        return None

    def _graviton_from(self, view, me, content, options):
        plan = self._graviton_plan(me.board, content)
        for o in options:
            if plan and o.pick.space == plan[0] and not o.pick.life:
                return o
        return options[0]

    def _graviton_to(self, view, me, content, options):
        board = me.board
        if view.target_life:
            return options[0]
        element = board.stars[view.target].element
        return max(options, key=lambda o: self._star_spot(board, content, o.pick.space,
                                                          element))

    def _keep_power(self, view, me, content, options):
        def value(o):
            power = content.powers[o.keep_power.card]
            return sum(n * (2.0 if g == pb.GAIN_POINTS else 1.0) for g, n in power.gain) \
                / power.cost
        return max(options, key=value)

    def _discard_energy(self, view, me, content, options):
        return min(options, key=lambda o: me.hand[o.discard_energy.type - 1])


def evaluate(games: int = 200, players: int = 2, seed: int = 0) -> dict:
    """The heuristic bot in one seat (rotating) against RandomBots; a shared win counts split."""
    from cosmodrome.games.crafting.rules import Crafting

    game = Crafting()
    rnd = random.Random(seed)
    bot = CraftingBot(seed=seed, contents=game.contents)
    wins = 0.0
    for g in range(games):
        hero = g % players
        state = game.setup(pb.Options(), players, rnd.getrandbits(64))
        while decisions := game.decisions(state):
            d = decisions[0]
            if d.seat == hero:
                move = bot.choose(game.view(state, hero), d.kind, d.options)
            else:
                move = rnd.choice(d.options)
            game.apply(state, d.seat, move)
        winners = game.result(state).winners
        wins += 1.0 / len(winners) if hero in winners else 0.0
    return {"games": games, "players": players, "win_rate": wins / games}


def main() -> None:
    parser = argparse.ArgumentParser(description="Crafting the Cosmos bot vs random bots")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for players in (2, 3, 4):
        r = evaluate(args.games, players, args.seed)
        print(f"{players} players, {r['games']} games: heuristic bot win rate "
              f"{r['win_rate']:.3f} (a random seat: {1 / players:.3f})")


if __name__ == "__main__":
    main()
