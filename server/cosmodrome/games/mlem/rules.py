"""MLEM (Space Agency): the pure rules engine.

One expedition: take-off (from the Commander on, in turn order, each seat with cats at home
boards one, in the open), then travel phases (the Commander rolls the pool and picks dice
groups) each followed by a landing phase (from space 6 on, in rocket order, each cat stays or
disembarks), until every cat has landed or a roll crashes. Quotes are from the seed
(shared/seeds/002); docs/rules/mlem.md says how each rule and ability is read and lists every
provisional value. The track is data: track.py, layouts/*.json.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import combinations, pairwise
from pathlib import Path

from cosmodrome.core.engine import (
    BadOptions,
    Decision,
    Event,
    Game,
    IllegalMove,
    OptionSpec,
    Result,
)
from cosmodrome.core.errors import clip
from cosmodrome.core.rng import Rng
from cosmodrome.games.mlem import scoring
from cosmodrome.games.mlem.track import (
    DEFAULT_LAYOUT,
    LAYOUTS,
    Layout,
    host_layout_paths,
    load_layouts,
)
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb

# "Les dés ont six faces : 1, 2, 2, 3, 4 et Postcombustion."
DIE_FACES = (pb.FACE_ONE, pb.FACE_TWO, pb.FACE_TWO, pb.FACE_THREE, pb.FACE_FOUR, pb.FACE_BOOSTER)
FACE_VALUE = {pb.FACE_ONE: 1, pb.FACE_TWO: 2, pb.FACE_THREE: 3, pb.FACE_FOUR: 4}
FACE_NAME = {pb.FACE_ONE: "1", pb.FACE_TWO: "2", pb.FACE_THREE: "3", pb.FACE_FOUR: "4",
             pb.FACE_BOOSTER: "booster"}
CAT_KINDS = tuple(range(1, 9))  # the eight CatKind values, one cat of each per player

DiceSource = Callable[[Rng, int], list[int]]
"""Rolls `pool` dice: returns their faces. The engine's own draws from the match PRNG; tests
may give `Mlem(dice=...)` a scripted one to force a roll."""


def roll_dice(rng: Rng, pool: int) -> list[int]:
    return [DIE_FACES[rng.below(6)] for _ in range(pool)]


# Shared, immutable-by-convention option messages (decisions() must stay cheap).
SEND = {k: pb.Move(send_cat=pb.SendCat(kind=k)) for k in CAT_KINDS}
STAY = pb.Move(land=pb.Land(disembark=False))
_DISEMBARK: dict[int, pb.Move] = {}
_GROUP_OPTIONS: dict[tuple[int, ...], list[pb.Move]] = {}


def disembark_move(space: int) -> pb.Move:
    move = _DISEMBARK.get(space)
    if move is None:
        move = _DISEMBARK[space] = pb.Move(land=pb.Land(disembark=True, space=space))
    return move


def group_options(usable: tuple[int, ...]) -> list[pb.Move]:
    """Every non-empty set of usable groups, faces increasing (the use_groups options)."""
    options = _GROUP_OPTIONS.get(usable)
    if options is None:
        options = [pb.Move(use_groups=pb.UseGroups(faces=combo))
                   for n in range(1, len(usable) + 1) for combo in combinations(usable, n)]
        _GROUP_OPTIONS[usable] = options
    return options


def next_to_board(state: pb.State) -> int:
    """Take-off: the seat that boards next. "Le Chastronaute de tête (joueur de départ) est le
    Commandant": seats board in turn order from the starting seat, so its cat leads (the first
    seat after it with a cat at home, if it has none)."""
    n = state.players
    return next(s for i in range(n) if state.sends[s := (state.starting_seat + i) % n])


class Mlem(Game):
    skippable = True  # a landing or parachute decision passes: stay aboard, or go home
    name = "mlem"
    title = "MLEM (Space Agency)"
    summary = ("Cat astronauts share a rocket: the Commander rolls dice to fly it up the track, "
               "each cat disembarks on a moon, a planet or in Deep Space, or rides on and risks "
               "the crash. 2-5 players; track values are provisional data.")
    min_players = 2
    max_players = 5
    hidden_information = False  # open take-off; chance (the dice) is the only unknown
    option_specs = (
        OptionSpec("layout", "string", "track layout file the server loaded (provisional data)",
                   default=DEFAULT_LAYOUT),
    )
    Options, State, Move, View, Event = pb.Options, pb.State, pb.Move, pb.View, pb.Event

    def __init__(self, extra_layouts: Iterable[Path | str] | None = None,
                 dice: DiceSource = roll_dice) -> None:
        """Loads (and validates) the packaged layouts plus a host's own layout files.

        extra_layouts None (how the server's registry builds it): the files named by the
        COSMODROME_MLEM_LAYOUTS environment variable (track.HOST_LAYOUTS_ENV), if set.
        A bad file raises track.LayoutError naming the file and the key.
        """
        extra = host_layout_paths() if extra_layouts is None else tuple(extra_layouts)
        self.dice = dice
        self.layouts: dict[str, Layout] = load_layouts(tuple(extra))
        self.option_specs = (OptionSpec(
            "layout", "enum", "track layout (the packaged one is provisional data)",
            default=DEFAULT_LAYOUT, choices=tuple(sorted(self.layouts))),)

    def layout(self, state_or_options) -> Layout:
        options = getattr(state_or_options, "options", state_or_options)
        # a stored match on a layout this process did not load fails naming it
        return LAYOUTS.pick(self.layouts, options.layout or DEFAULT_LAYOUT)

    # ------------------------------------------------------------------ setup

    def check_options(self, options: pb.Options, players: int) -> None:
        if (options.layout or DEFAULT_LAYOUT) not in self.layouts:
            raise BadOptions(f"layout: unknown layout {clip(options.layout)}; known: "
                             f"{', '.join(sorted(self.layouts))}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"players: MLEM is for {self.min_players} to {self.max_players}")

    def setup(self, options: pb.Options, players: int, seed: int, now_ms: int = 0) -> pb.State:
        self.check_options(options, players)
        layout = self.layout(options)
        state = pb.State(
            options=pb.Options(layout=options.layout or DEFAULT_LAYOUT), rng=Rng(seed).state,
            players=players, boards=[pb.Player(home=CAT_KINDS) for _ in range(players)],
            failure=0, starting_seat=0,
            moons=[pb.MoonSlot(number=m.number) for m in layout.moons],
            planets=[pb.PlanetPile(name=p.name) for p in layout.planets])
        self._begin_takeoff(state, [])
        return state

    # ------------------------------------------------------------ decisions

    def decisions(self, state: pb.State) -> list[Decision]:
        phase = state.phase
        if phase == pb.PHASE_TAKEOFF:
            seat = next_to_board(state)
            return [Decision(seat, "send_cat", "Choose a cat to board the rocket",
                             [SEND[k] for k in state.boards[seat].home])]
        if phase == pb.PHASE_TRAVEL:
            usable = self._usable(state, self.layout(state))
            return [Decision(state.rocket[0].owner, "use_groups",
                             f"Commander: choose dice groups to move from space {state.space}",
                             group_options(usable))]
        if phase in (pb.PHASE_LANDING, pb.PHASE_PARACHUTE):
            cat = state.rocket[state.landing_index]
            targets = self._targets(state, self.layout(state), state.landing_index)
            if phase == pb.PHASE_LANDING:
                kind, prompt = "land", f"Stay aboard or disembark at space {state.space}"
            else:
                kind = "parachute"
                prompt = f"Crash: parachute down at space {state.space} or go home"
            return [Decision(cat.owner, kind, prompt, [STAY, *map(disembark_move, targets)])]
        return []

    # ---------------------------------------------------------------- apply

    def skip_move(self, state: pb.State, decision: Decision) -> pb.Move | None:
        """Landing: stay aboard; parachute: go home (the same option, STAY)."""
        return STAY if STAY in decision.options else None

    def apply(self, state: pb.State, seat: int, move: pb.Move, now_ms: int = 0) -> list[Event]:
        phase = state.phase
        if phase == pb.PHASE_OVER:
            raise IllegalMove("game_over", "the game is over")
        if not 0 <= seat < state.players:
            raise IllegalMove("seat", "no such seat")
        which = move.WhichOneof("kind")
        layout = self.layout(state)
        events: list[Event] = []
        if which == "send_cat":
            self._check_send(state, seat, move.send_cat.kind)
            self._send(state, layout, seat, move.send_cat.kind, events)
        elif which == "use_groups":
            faces = self._check_groups(state, layout, seat, list(move.use_groups.faces))
            self._travel(state, layout, faces, events)
        elif which == "land":
            target = self._check_land(state, layout, seat, move.land)
            if phase == pb.PHASE_LANDING:
                self._landing_choice(state, layout, target, events)
            else:
                self._parachute_choice(state, layout, target, events)
        else:
            raise IllegalMove("move_kind", "a move must be send_cat, use_groups or land")
        state.moves += 1
        return events

    # -- checks (raise before any change)

    def _check_send(self, state: pb.State, seat: int, kind: int) -> None:
        if state.phase != pb.PHASE_TAKEOFF:
            raise IllegalMove("take_off_phase", "cats are chosen only at take-off")
        if not state.sends[seat]:
            raise IllegalMove("one_cat_per_player", "you have no cat left to board now")
        if seat != next_to_board(state):
            raise IllegalMove("takeoff_turn_order",
                              f"seat {next_to_board(state)} boards before you")
        if kind not in state.boards[seat].home:
            raise IllegalMove("cat_at_home", "that cat is not on your board")

    def _check_groups(self, state: pb.State, layout: Layout, seat: int,
                      faces: list[int]) -> list[int]:
        if state.phase != pb.PHASE_TRAVEL:
            raise IllegalMove("travel_phase", "dice groups are chosen only in the travel phase")
        if seat != state.rocket[0].owner:
            raise IllegalMove("commander_chooses", "only the Commander chooses the dice groups")
        if not faces:
            raise IllegalMove("choose_groups", "choose at least one group")
        if any(b <= a for a, b in pairwise(faces)):
            raise IllegalMove("choose_groups", "list each group once, faces increasing")
        usable = self._usable(state, layout)
        for f in faces:
            if f not in usable:
                raise IllegalMove("group_allowed_here",
                                  f"no rolled group of face {FACE_NAME.get(f, f)} allowed at "
                                  f"space {state.space}")
        return faces

    def _check_land(self, state: pb.State, layout: Layout, seat: int, land: pb.Land) -> int:
        if state.phase not in (pb.PHASE_LANDING, pb.PHASE_PARACHUTE):
            raise IllegalMove("landing_phase", "cats disembark only in a landing phase or crash")
        if seat != state.rocket[state.landing_index].owner:
            raise IllegalMove("rocket_order", "cats decide one at a time, in rocket order")
        if not land.disembark:
            if land.space:
                raise IllegalMove("stay_aboard", "staying aboard takes no space")
            return -1
        if land.space not in self._targets(state, layout, state.landing_index):
            raise IllegalMove("disembark_here", f"your cat cannot disembark at space {land.space}")
        return land.space

    # -- take-off

    def _begin_takeoff(self, state: pb.State, events: list[Event]) -> None:
        state.phase = pb.PHASE_TAKEOFF
        state.sends[:] = [bool(b.home) for b in state.boards]
        del state.rocket[:]
        state.ClearField("roll")
        state.landing_index = 0

    def _send(self, state: pb.State, layout: Layout, seat: int, kind: int,
              events: list[Event]) -> None:
        cat = state.rocket.add(owner=seat, kind=kind)
        state.boards[seat].home.remove(kind)
        state.sends[seat] = False
        events.append(Event(pb.Event(cat_boarded=pb.CatBoarded(
            cat=cat, position=len(state.rocket) - 1))))
        if any(state.sends):
            return
        # The seat whose cat leads commands this expedition; command rotates from it.
        state.starting_seat = state.rocket[0].owner
        state.expedition += 1
        satellite = any(c.kind == pb.CAT_KIND_SATELLITE for c in state.rocket)
        state.space = layout.satellite_space if satellite else 0
        state.pool = layout.dice
        events.append(Event(pb.Event(take_off=pb.TakeOff(
            expedition=state.expedition, rocket=state.rocket, space=state.space,
            pool=state.pool))))
        self._roll(state, layout, events)

    # -- travel

    def _usable(self, state: pb.State, layout: Layout) -> tuple[int, ...]:
        rolled = set(state.roll.dice)
        if state.roll.bonus_ones:
            rolled.add(pb.FACE_ONE)
        return tuple(sorted(rolled & layout.spaces[state.space].faces))

    def _roll(self, state: pb.State, layout: Layout, events: list[Event]) -> None:
        """Start a travel phase: the Commander rolls every die in the pool."""
        rng = Rng(state.rng)
        dice = sorted(self.dice(rng, state.pool))
        state.rng = rng.state
        bonus = sum(c.kind == pb.CAT_KIND_DIE_ONE for c in state.rocket)
        state.roll.CopyFrom(pb.Rolled(dice=dice, bonus_ones=bonus))
        allowed = sorted(layout.spaces[state.space].faces)
        events.append(Event(pb.Event(dice_rolled=pb.DiceRolled(
            roll=state.roll, space=state.space, allowed=allowed))))
        if self._usable(state, layout):
            state.phase = pb.PHASE_TRAVEL
        else:
            self._crash(state, layout, events)

    def _travel(self, state: pb.State, layout: Layout, faces: list[int],
                events: list[Event]) -> None:
        space = layout.spaces[state.space]
        dice = list(state.roll.dice)
        distance = 0
        discarded = 0
        for f in faces:
            count = dice.count(f)
            if f == pb.FACE_BOOSTER:
                distance += space.booster * count  # boosters are kept
            else:
                if f == pb.FACE_ONE:
                    count += state.roll.bonus_ones  # a DIE_ONE cat is no die: nothing to discard
                    discarded += dice.count(f)
                else:
                    discarded += count
                distance += FACE_VALUE[f] * count
        # "conservez tous les dés Postcombustion ainsi que les dés non utilisés ... Si cela
        # devait entraîner l'absence totale de dés, conservez un seul dé"
        state.pool = max(1, state.pool - discarded)
        start = state.space
        state.space = min(layout.last, start + distance)
        state.ClearField("roll")
        events.append(Event(pb.Event(rocket_moved=pb.RocketMoved(
            faces=faces, from_space=start, to_space=state.space, pool=state.pool))))
        if state.space == layout.last:
            self._deep_space(state, layout, events)
        elif state.space < layout.landing_from:
            self._roll(state, layout, events)  # spaces 0-5: no landing, travel again
        else:
            state.phase = pb.PHASE_LANDING
            state.landing_index = 0
            self._next_lander(state, layout, events)

    # -- landing

    def _targets(self, state: pb.State, layout: Layout, index: int) -> list[int]:
        """Spaces where rocket[index] may disembark now (empty: it can only stay aboard)."""
        cat = state.rocket[index]
        here = state.space
        if state.phase == pb.PHASE_PARACHUTE:
            if cat.kind != pb.CAT_KIND_PARACHUTE:
                return []
            return [here] if self._can_land(state, layout, here) else []
        spaces = ((here - 1, here, here + 1) if cat.kind == pb.CAT_KIND_SHIFTER else (here,))
        return [s for s in spaces if self._can_land(state, layout, s)]

    def _can_land(self, state: pb.State, layout: Layout, space: int) -> bool:
        if not layout.landing_from <= space <= layout.last:
            return False
        sp = layout.spaces[space]
        if sp.kind == "moon":  # "si toutes les Lunes sont occupées, vous ne pouvez pas débarquer"
            return any(not state.moons[m].occupied for m in sp.moons)
        return True  # planets and Deep Space have no limit

    def _next_lander(self, state: pb.State, layout: Layout, events: list[Event]) -> None:
        """Move landing_index to the next cat with a choice; cats with none stay aboard."""
        while state.landing_index < len(state.rocket):
            if self._targets(state, layout, state.landing_index):
                return
            events.append(Event(pb.Event(stayed_aboard=pb.StayedAboard(
                cat=state.rocket[state.landing_index]))))
            state.landing_index += 1
        if state.phase == pb.PHASE_PARACHUTE:
            self._end_crash(state, layout, events)
        elif state.rocket:
            self._roll(state, layout, events)  # cats still aboard: a new travel phase
        else:
            self._end_expedition(state, layout, events, crashed=False)

    def _landing_choice(self, state: pb.State, layout: Layout, target: int,
                        events: list[Event]) -> None:
        index = state.landing_index
        if target < 0:
            events.append(Event(pb.Event(stayed_aboard=pb.StayedAboard(cat=state.rocket[index]))))
            state.landing_index += 1
        else:
            cat = pb.Cat()
            cat.CopyFrom(state.rocket[index])
            # "Si ... le Commandant débarque ... les autres Chastronautes avancent d'une place"
            del state.rocket[index]
            self._place(state, layout, cat, target, index == 0, False, events)
            if cat.kind == pb.CAT_KIND_DIE_TAKER:
                state.pool = max(1, state.pool - 1)
                events.append(Event(pb.Event(die_taken=pb.DieTaken(cat=cat, pool=state.pool))))
        self._next_lander(state, layout, events)

    def _place(self, state: pb.State, layout: Layout, cat: pb.Cat, space: int,
               commander: bool, parachute: bool, events: list[Event]) -> None:
        sp = layout.spaces[space]
        landed = pb.Landed(cat=cat, space=space, by_parachute=parachute)
        if sp.kind == "moon":
            # "placez votre Chastronaute sur la Lune portant le numéro le plus élevé"
            m = next(m for m in sp.moons if not state.moons[m].occupied)
            state.moons[m].occupied = True
            state.moons[m].cat.CopyFrom(cat)
            landed.site, landed.moon_number = pb.SITE_MOON, state.moons[m].number
        elif sp.kind == "planet":
            state.planets[sp.planet].cats.append(cat)  # top to bottom in arrival order
            landed.site, landed.planet = pb.SITE_PLANET, layout.planets[sp.planet].name
        elif commander:
            state.comet.append(cat)
            landed.site = pb.SITE_COMET
        else:
            state.galaxy.append(cat)
            landed.site = pb.SITE_GALAXY
        events.append(Event(pb.Event(landed=landed)))
        self._claim_objectives(state, cat.owner, events)

    def _claim_objectives(self, state: pb.State, seat: int, events: list[Event]) -> None:
        # Claimed the moment the condition is met.
        for objective in scoring.claim_objectives(state, seat):
            events.append(Event(pb.Event(objective_claimed=pb.ObjectiveClaimed(
                seat=seat, objective=objective))))

    def _deep_space(self, state: pb.State, layout: Layout, events: list[Event]) -> None:
        # "le Commandant est placé sur la Comète et tous les passagers sont placés sur la Galaxie"
        cats = [pb.Cat(owner=c.owner, kind=c.kind) for c in state.rocket]
        del state.rocket[:]
        for i, cat in enumerate(cats):
            self._place(state, layout, cat, layout.last, i == 0, False, events)
        self._end_expedition(state, layout, events, crashed=False)

    # -- crash

    def _crash(self, state: pb.State, layout: Layout, events: list[Event]) -> None:
        state.failure += 1  # "Le pion Échec Cosmique avance d'une case."
        events.append(Event(pb.Event(crashed=pb.Crashed(space=state.space,
                                                        failure=state.failure))))
        state.phase = pb.PHASE_PARACHUTE
        state.landing_index = 0
        self._next_lander(state, layout, events)

    def _parachute_choice(self, state: pb.State, layout: Layout, target: int,
                          events: list[Event]) -> None:
        index = state.landing_index
        if target < 0:
            state.landing_index += 1
        else:
            cat = pb.Cat()
            cat.CopyFrom(state.rocket[index])
            del state.rocket[index]
            self._place(state, layout, cat, target, index == 0, True, events)
        self._next_lander(state, layout, events)

    def _end_crash(self, state: pb.State, layout: Layout, events: list[Event]) -> None:
        # "tous les autres Chastronautes sont retournés sur les plateaux de leurs joueurs"
        returned = list(state.rocket)
        for cat in returned:
            home = state.boards[cat.owner].home
            home.append(cat.kind)
            home.sort()
        events.append(Event(pb.Event(cats_returned=pb.CatsReturned(cats=returned))))
        del state.rocket[:]
        self._end_expedition(state, layout, events, crashed=True)

    # -- expedition and game end

    def _end_expedition(self, state: pb.State, layout: Layout, events: list[Event],
                        crashed: bool) -> None:
        # "Le rôle de Commandant passe au joueur suivant" / "nouvelle expédition commence avec
        # un nouveau Commandant": the next seat after the one whose cat led this expedition
        # (take-off set starting_seat to that seat: if the starting seat had no cat to send,
        # the seat that led in its place does not lead again).
        state.starting_seat = (state.starting_seat + 1) % state.players
        state.ClearField("roll")
        events.append(Event(pb.Event(expedition_ended=pb.ExpeditionEnded(
            expedition=state.expedition, crashed=crashed,
            next_starting_seat=state.starting_seat))))
        if state.failure >= layout.failure_end:
            self._finish(state, events, "the Cosmic Failure track reached "
                         f"{layout.failure_end}")
        elif any(not b.home for b in state.boards):
            # "lorsqu'un joueur a débarqué ses 8 Chastronautes et que l'expédition en cours
            # s'est achevée naturellement": read as the end of that expedition, crash or not
            # (an expedition ends when all have landed "et/ou qu'un Crash a eu lieu").
            self._finish(state, events, "a player has landed all 8 cats")
        else:
            self._begin_takeoff(state, events)

    def _finish(self, state: pb.State, events: list[Event], reason: str) -> None:
        state.phase = pb.PHASE_OVER
        totals = scoring.scores(state, self.layout(state))
        state.final_scores[:] = totals
        state.winners[:] = scoring.winners(totals)
        events.append(Event(pb.Event(game_ended=pb.GameEnded(
            scores=totals, winners=state.winners, reason=reason))))

    # ------------------------------------------------------------ view/result

    def view(self, state: pb.State, viewer: int | None) -> pb.View:
        seated = viewer is not None and 0 <= viewer < state.players
        v = pb.View(
            options=state.options, players=state.players, boards=state.boards,
            phase=state.phase, failure=state.failure, starting_seat=state.starting_seat,
            sends=state.sends, rocket=state.rocket, space=state.space, pool=state.pool,
            landing_index=state.landing_index, moons=state.moons, planets=state.planets,
            comet=state.comet, galaxy=state.galaxy,
            expedition=state.expedition, winners=state.winners,
            viewer=viewer if seated else -1)
        if state.HasField("roll"):
            v.roll.CopyFrom(state.roll)
        v.scores[:] = (state.final_scores if state.phase == pb.PHASE_OVER
                       else scoring.scores(state, self.layout(state)))
        return v

    def audit(self, state: pb.State) -> list[str]:
        """Every cat of every player is in exactly one place; final scores match the board."""
        places = Counter((seat, kind) for seat, board in enumerate(state.boards)
                         for kind in board.home)
        places.update((c.owner, c.kind) for c in state.rocket)
        places.update((m.cat.owner, m.cat.kind) for m in state.moons if m.occupied)
        places.update((c.owner, c.kind) for p in state.planets for c in p.cats)
        places.update((c.owner, c.kind) for c in (*state.comet, *state.galaxy))
        expected = {(seat, kind) for seat in range(state.players) for kind in CAT_KINDS}
        problems = [f"cat {cat} lost" for cat in expected - set(places)]
        problems += [f"cat {cat} invented" for cat in set(places) - expected]
        problems += [f"cat {cat} in {n} places" for cat, n in places.items() if n > 1]
        if state.phase == pb.PHASE_OVER:
            board_scores = scoring.scores(state, self.layout(state))
            if list(state.final_scores) != list(board_scores):
                problems.append(f"final scores {list(state.final_scores)} are not the "
                                f"board's {board_scores}")
        return problems

    def result(self, state: pb.State) -> Result | None:
        if state.phase != pb.PHASE_OVER:
            return None
        winners = tuple(state.winners)
        return Result(winners=winners, scores=tuple(float(s) for s in state.final_scores),
                      summary=("shared victory: " if len(winners) > 1 else "winner: ")
                      + ", ".join(f"seat {w}" for w in winners)
                      + f" with {max(state.final_scores)} points")
