"""Crafting the Cosmos: the pure rules engine.

A round: each seat in turn order plays an energy phase (move energy tokens clockwise round the
four controls, then collect the active reward of its own token's control and one passive reward
per token on every control) and a creation phase (a menu of placements, scoring actions,
slider actions and energy-card actions, each split into small listed steps), ending its turn on
an omega space; then the common end-of-round phase (objectives move down and score, the end is
checked, the hand limit applied). Quotes are from the seed (shared/seeds/004);
docs/rules/crafting.md maps each rule sentence to its test and lists every provisional choice.
Content (board, tiles, powers, objectives, energy split) is data: content.py, content/*.json.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
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
from cosmodrome.games.crafting import board as rules_board
from cosmodrome.games.crafting.board import EMPTY_CELL
from cosmodrome.games.crafting.content import (
    ACTIVE,
    CONTROLS,
    DEFAULT_CONTENT,
    ELEMENTS,
    PACKS,
    PASSIVE,
    SEED,
    STAR_GAINS,
    Content,
    host_content_paths,
    load_contents,
)
from cosmodrome.games.crafting.objectives import count, majority_points
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb

EMPTY = -1
SIZES = (1, 2, 3)
SHIFT_OWN = pb.Move(shift_energy=pb.ShiftEnergy(own=True))
END_SHIFTS = pb.Move(end_shifts=pb.EndShifts())
TAKE_FROM_DECK = pb.Move(take_energy=pb.TakeEnergy(deck=True))

# Decision kind owed at each creation step (STEP_UNSPECIFIED: the action menu).
STEP_KINDS = {
    pb.STEP_UNSPECIFIED: "create", pb.STEP_STAR_SPACE: "star_space",
    pb.STEP_NEBULA_SPACE: "nebula_space", pb.STEP_LIFE_SPACE: "life_space",
    pb.STEP_DISCARD_STAR: "discard_star", pb.STEP_STAR_ELEMENT: "discharge_star",
    pb.STEP_SUPERNOVA_STAR: "supernova_star", pb.STEP_DNA_LIFE: "dna_life",
    pb.STEP_GRAVITON_FROM: "graviton_from", pb.STEP_GRAVITON_TO: "graviton_to",
    pb.STEP_KEEP_POWER: "keep_power", pb.STEP_OMEGA_SIZE: "omega_size",
    pb.STEP_STABILIZE_LIFE: "stabilize_life",
}


_PICKS: dict[tuple[int, bool], pb.Move] = {}


def pick(space: int, life: bool = False) -> pb.Move:
    """A shared, immutable-by-convention Pick option (decisions() must stay cheap)."""
    move = _PICKS.get((space, life))
    if move is None:
        move = _PICKS[(space, life)] = pb.Move(pick=pb.Pick(space=space, life=life))
    return move


def type_index(control: int) -> int:
    return control - 1


class Crafting(Game):
    skippable = True  # the creation phase passes: end the turn, where the rules allow it
    name = "crafting"
    title = "Crafting the Cosmos"
    summary = ("Move energy round the Console to collect stars, nebulae and life, then craft "
               "your own galaxy: complete nebulae, charge time crystals, grow advanced life. "
               "2-4 players; board, tiles, powers and objectives are provisional data.")
    min_players = 2
    max_players = 4
    hidden_information = True  # hands, deck orders, drawn powers, advanced-life values
    option_specs = (OptionSpec("content", "string",
                               "content pack the server loaded (provisional data)",
                               default=DEFAULT_CONTENT),)
    Options, State, Move, View, Event = pb.Options, pb.State, pb.Move, pb.View, pb.Event

    def __init__(self, extra_content: Iterable[Path | str] | None = None) -> None:
        """Loads the packaged content packs plus a host's own (extra_content, or None: the
        files named by COSMODROME_CRAFTING_CONTENT). A bad file raises ContentError naming the
        file and the key."""
        extra = host_content_paths() if extra_content is None else tuple(extra_content)
        self.contents: dict[str, Content] = load_contents(tuple(extra))
        self.option_specs = (OptionSpec(
            "content", "enum", "content pack (the packaged one is provisional data)",
            default=DEFAULT_CONTENT, choices=tuple(sorted(self.contents))),)

    def content(self, state_or_options) -> Content:
        options = (state_or_options.options if isinstance(state_or_options, pb.State)
                   else state_or_options)
        return PACKS.pick(self.contents, options.content or DEFAULT_CONTENT)

    # ------------------------------------------------------------------------------ setup

    def check_options(self, options: pb.Options, players: int) -> None:
        if (options.content or DEFAULT_CONTENT) not in self.contents:
            raise BadOptions(f"content: unknown content pack {clip(options.content)}; known: "
                             f"{', '.join(sorted(self.contents))}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions("players: Crafting the Cosmos is for 2 to 4")

    def setup(self, options: pb.Options, players: int, seed: int, now_ms: int = 0) -> pb.State:
        self.check_options(options, players)
        content = self.content(options)
        rng = Rng(seed)
        state = pb.State(options=pb.Options(content=options.content or DEFAULT_CONTENT),
                         players=players, pending_tile=EMPTY, round=1)
        # "Place les cristaux de temps dans la réserve commune selon le nombre de joueurs"
        state.crystal_reserve = SEED.crystals[players]
        # "Mélange les 16 cartes objectif universel, pioche 6 cartes face cachée ... Révèle la
        # première carte et place-la sur l'espace du haut de la piste d'objectif."
        objectives = list(range(len(content.objectives)))
        rng.shuffle(objectives)
        state.objective_deck[:] = objectives[:SEED.objectives_in_game]
        state.objective_track[:] = [EMPTY] * SEED.objective_spaces
        state.objective_track[0] = state.objective_deck.pop()
        # "Sépare les 32 cartes pouvoir en 4 paquets par type ... Mélange chaque paquet"
        for control in CONTROLS:
            deck = [p.id for p in content.powers if p.type == control]
            rng.shuffle(deck)
            state.power_decks.add(cards=deck)
        # "Mélange les 60 cartes énergie et révèle 4 cartes face visible en étalage"
        energy = [c for c, n in zip(CONTROLS, content.energy_split, strict=True)
                  for _ in range(n)]
        rng.shuffle(energy)
        state.energy_deck[:] = energy
        state.energy_discard[:] = [0] * 4
        state.display[:] = [state.energy_deck.pop() for _ in range(SEED.display)]
        # "Sépare les 48 tuiles nébuleuse en 3 piles par taille (1, 2 et 3). Mélange chaque pile"
        for size in SIZES:
            pile = [t.id for t in content.tiles if t.size == size]
            rng.shuffle(pile)
            state.nebula_piles.add(cards=pile)
        # "Empile le Groupe 2 face cachée près du plateau, puis place dessus 2 jetons aléatoires
        # du Groupe 1 par joueur."
        group2, group1 = list(SEED.advanced_group2), list(SEED.advanced_group1)
        rng.shuffle(group2)
        rng.shuffle(group1)
        state.advanced_stack[:] = group2 + group1[:SEED.group1_per_player * players]
        for _ in range(players):
            state.seats.append(self._new_player(state, content))
        state.rng = rng.state
        self._first_player(state)
        self._start_turn(state, state.first_player, [])
        return state

    def _new_player(self, state: pb.State, content: Content) -> pb.Player:
        player = pb.Player(board=rules_board.empty_board(content.geometry), hand=[0] * 4,
                           has_crystal=True)  # "1 cristal de temps sur la case 0"
        board = player.board
        # "Pioche 1 tuile nébuleuse de chaque taille ... les place face visible aux
        # emplacements indiqués sur son plateau"
        for size, cell in zip(SIZES, content.start_nebulae, strict=True):
            board.cells[cell].tile = state.nebula_piles[size - 1].cards.pop()
        board.lives[content.life_start] = pb.LIFE_PROTO  # "1 proto-vie ... espace de départ"
        board.stars[content.center_star].element = pb.ELEMENT_H  # "1 étoile H ... central"
        for _ in range(SEED.start_hand):  # "Pioche 4 cartes énergie en main"
            player.hand[type_index(state.energy_deck.pop())] += 1
        return player

    def _first_player(self, state: pb.State) -> None:
        """"En partant du contrôle de Lumière et en avançant dans le sens horaire, placez
        aléatoirement un jeton par contrôle, un à la fois. Le joueur dont le jeton est tiré en
        dernier devient le premier joueur.\""""
        tokens = [(True, s) for s in range(state.players)]
        tokens += [(False, d) for d in range(SEED.dark_tokens[state.players])]
        rng = Rng(state.rng)
        rng.shuffle(tokens)
        state.rng = rng.state
        state.dark[:] = [pb.CONTROL_UNSPECIFIED] * SEED.dark_tokens[state.players]
        for i, (own, index) in enumerate(tokens):
            control = CONTROLS[i % 4]
            if own:
                state.seats[index].energy_at = control
                state.first_player = index  # the last seat token drawn wins
            else:
                state.dark[index] = control

    # -------------------------------------------------------------------------- decisions

    def decisions(self, state: pb.State) -> list[Decision]:
        phase = state.phase
        seat = state.active
        if phase == pb.PHASE_ENERGY_MOVE:
            return [Decision(seat, "shift_energy",
                             f"Move energy tokens clockwise ({state.shifts_left} moves left)",
                             self._shift_options(state))]
        if phase == pb.PHASE_COLLECT:
            gain = state.gains[0]
            if gain == pb.GAIN_ENERGY_CARD:
                return [Decision(seat, "take_energy", "Take an energy card: display or deck",
                                 self._take_options(state))]
            return [Decision(seat, "nebula_size", "Choose the size of your nebula tile",
                             self._size_options(state))]
        if phase == pb.PHASE_CREATION:
            content = self.content(state)
            kind = STEP_KINDS[state.step]
            return [Decision(seat, kind, f"Creation phase: {kind.replace('_', ' ')}",
                             self._creation_options(state, content))]
        if phase == pb.PHASE_HAND_LIMIT:
            return [Decision(s, "discard_energy",
                             f"Hand limit {SEED.hand_limit}: discard one energy card",
                             [pb.Move(discard_energy=pb.DiscardEnergy(type=c))
                              for c in CONTROLS if p.hand[type_index(c)]])
                    for s, p in enumerate(state.seats) if sum(p.hand) > SEED.hand_limit]
        return []

    def _tokens_at(self, state: pb.State, control: int) -> int:
        return (sum(p.energy_at == control for p in state.seats)
                + sum(d == control for d in state.dark))

    def _next_control(self, state: pb.State, control: int) -> int:
        """"Les jetons se déplacent toujours dans le sens horaire" and "si un contrôle est
        plein, on le saute": the next control clockwise with room (0: none has room)."""
        for step in (1, 2, 3):
            target = CONTROLS[(type_index(control) + step) % 4]
            if self._tokens_at(state, target) < SEED.control_capacity:
                return target
        return 0

    def _shift_options(self, state: pb.State) -> list[pb.Move]:
        options = []
        if state.shifts_left > 0:
            if self._next_control(state, state.seats[state.active].energy_at):
                options.append(SHIFT_OWN)
            # "Tu dois déplacer ton propre jeton énergie d'au moins 1 case": the last move is
            # the own token's if it has not moved yet.
            if state.own_shifted or state.shifts_left > 1:
                options += [pb.Move(shift_energy=pb.ShiftEnergy(dark=i))
                            for i, at in enumerate(state.dark) if self._next_control(state, at)]
        if state.own_shifted:
            options.append(END_SHIFTS)
        return options

    def _take_options(self, state: pb.State) -> list[pb.Move]:
        options = [pb.Move(take_energy=pb.TakeEnergy(slot=i))
                   for i, card in enumerate(state.display) if card]
        if state.energy_deck or sum(state.energy_discard):
            options.append(TAKE_FROM_DECK)
        return options

    def _size_options(self, state: pb.State) -> list[pb.Move]:
        return [pb.Move(choose_size=pb.ChooseSize(size=s))
                for s in SIZES if state.nebula_piles[s - 1].cards]

    def _creation_options(self, state: pb.State, content: Content) -> list[pb.Move]:
        player = state.seats[state.active]
        board = player.board
        step = state.step
        if step == pb.STEP_UNSPECIFIED:
            return self._menu(state, content, player)
        if step == pb.STEP_STAR_SPACE:
            return [pick(v) for v in rules_board.empty_stars(board)]
        if step == pb.STEP_NEBULA_SPACE:
            return [pick(c) for c in rules_board.empty_cells(board)]
        if step == pb.STEP_LIFE_SPACE:
            return [pick(e) for e in rules_board.life_spaces(board, content)]
        if step == pb.STEP_DISCARD_STAR:
            return [pick(v) for v in content.geometry.corners[state.target]
                    if board.stars[v].element]
        if step == pb.STEP_STAR_ELEMENT:
            return [pb.Move(choose_element=pb.ChooseElement(element=e)) for e in ELEMENTS]
        if step == pb.STEP_SUPERNOVA_STAR:
            return [pick(v) for v, s in enumerate(board.stars) if s.element and not s.supernova]
        if step in (pb.STEP_DNA_LIFE, pb.STEP_STABILIZE_LIFE):
            return [pick(e) for e, life in enumerate(board.lives) if life == pb.LIFE_PROTO]
        if step == pb.STEP_GRAVITON_FROM:
            return [pick(s, life) for s, life in rules_board.graviton_sources(board, content)]
        if step == pb.STEP_GRAVITON_TO:
            return [pick(s) for s in rules_board.graviton_targets(board, content, state.target,
                                                                  state.target_life)]
        if step == pb.STEP_KEEP_POWER:
            return [pb.Move(keep_power=pb.KeepPower(card=c)) for c in state.drawn_powers]
        if step == pb.STEP_OMEGA_SIZE:
            return self._size_options(state)
        raise AssertionError(f"unknown step {step}")

    def _menu(self, state: pb.State, content: Content, player: pb.Player) -> list[pb.Move]:
        board = player.board
        held = player.held
        stars = board.stars
        free_stars = any(not s.element for s in stars)
        free_cells = bool(rules_board.empty_cells(board))
        life_room = held.lives > 0 and bool(rules_board.life_spaces(board, content))
        options = []
        # Placement: "tu DOIS placer toutes tes nébuleuses, étoiles et proto-vies récoltées"
        if free_stars:
            options += [pb.Move(place_star=pb.PlaceStar(element=e))
                        for e in ELEMENTS if e in held.stars]
        if free_cells:
            options += [pb.Move(place_nebula=pb.PlaceNebula(tile=t)) for t in held.tiles]
        if life_room:
            options.append(pb.Move(place_life=pb.PlaceLife()))
        # Scoring actions, "dès que les conditions sont remplies, autant de fois que possible"
        cells = range(len(board.cells))
        options += [pb.Move(complete_nebula=pb.CompleteNebula(cell=c))
                    for c in cells if rules_board.completable(board, content, c)]
        if player.charged:
            options.append(pb.Move(discharge=pb.Discharge()))
        if state.advanced_stack:
            options += [pb.Move(create_advanced_life=pb.CreateAdvancedLife(cell=c))
                        for c in cells if rules_board.advanced_life_ready(board, content, c)]
        # Resource sliders
        if player.supernova and any(s.element and not s.supernova for s in stars):
            options.append(pb.Move(use_supernova=pb.UseSupernova()))
        if player.dna and pb.LIFE_PROTO in board.lives:
            options.append(pb.Move(use_dna=pb.UseDna()))
        if player.graviton and rules_board.can_use_graviton(board, content):
            options.append(pb.Move(use_graviton=pb.UseGraviton()))
        # Energy cards
        slot = len(player.powers)
        for c in CONTROLS:
            held_cards = player.hand[type_index(c)]
            if (slot < len(SEED.power_slot_costs) and held_cards >= SEED.power_slot_costs[slot]
                    and state.power_decks[type_index(c)].cards):
                options.append(pb.Move(buy_power=pb.BuyPower(type=c)))
        for card in player.powers:
            power = content.powers[card]
            if player.hand[type_index(power.type)] >= power.cost:
                options.append(pb.Move(activate_power=pb.ActivatePower(card=card)))
        options += [pb.Move(trade_five=pb.TradeFive(type=c)) for c in CONTROLS
                    if player.hand[type_index(c)] >= SEED.trade_cards]
        # End of turn, once nothing held can still be placed (provisional reading of "DOIS")
        placeable = ((free_stars and len(held.stars)) or (free_cells and len(held.tiles))
                     or life_room)
        if not placeable:
            if free_cells and any(p.cards for p in state.nebula_piles):
                options.append(pb.Move(end_turn=pb.EndTurn(omega=pb.OMEGA_NEBULA)))
            if pb.LIFE_PROTO in board.lives:
                options.append(pb.Move(end_turn=pb.EndTurn(omega=pb.OMEGA_STABILIZE)))
            if not any(o.HasField("end_turn") for o in options):
                options.append(pb.Move(end_turn=pb.EndTurn(omega=pb.OMEGA_NONE)))
        return options

    # ------------------------------------------------------------------------------ apply

    def skip_move(self, state: pb.State, decision: Decision) -> pb.Move | None:
        """The creation phase's end of turn, when it is offered."""
        return next((o for o in decision.options if o.HasField("end_turn")), None)

    def apply(self, state: pb.State, seat: int, move: pb.Move, now_ms: int = 0) -> list[Event]:
        if state.phase == pb.PHASE_OVER:
            raise IllegalMove("game_over", "the game is over")
        owed = [d for d in self.decisions(state) if d.seat == seat]
        if not owed:
            raise IllegalMove("not_your_turn", "you owe no decision now")
        decision = owed[0]
        if move not in decision.options:
            raise IllegalMove(decision.kind, f"{self.move_kind(move)} is not a legal "
                              f"{decision.kind} move now")
        events = [Event(pb.Event(played=pb.Played(seat=seat, move=move)))]
        which = move.WhichOneof("kind")
        APPLY[which](self, state, seat, getattr(move, which), events)
        state.moves += 1
        return events

    # -- energy phase

    def _start_turn(self, state: pb.State, seat: int, events: list[Event]) -> None:
        state.active = seat
        state.phase = pb.PHASE_ENERGY_MOVE
        state.shifts_left = SEED.energy_shifts
        state.own_shifted = False

    def _do_shift_energy(self, state, seat, shift: pb.ShiftEnergy, events) -> None:
        if shift.WhichOneof("token") == "own":
            player = state.seats[seat]
            player.energy_at = self._next_control(state, player.energy_at)
            state.own_shifted = True
        else:
            state.dark[shift.dark] = self._next_control(state, state.dark[shift.dark])
        state.shifts_left -= 1
        if not state.shifts_left or not self._shift_options(state):
            self._start_collect(state, events)

    def _do_end_shifts(self, state, seat, _move, events) -> None:
        self._start_collect(state, events)

    def _start_collect(self, state: pb.State, events: list[Event]) -> None:
        """"Commence par ta récompense active, puis collecte les passives en faisant le tour des
        contrôles dans le sens horaire" (from your own token's control: provisional)."""
        player = state.seats[state.active]
        here = player.energy_at
        gains = list(ACTIVE[here])
        for step in range(4):
            control = CONTROLS[(type_index(here) + step) % 4]
            # one passive per energy token there, plus one per power token of yours there
            n = self._tokens_at(state, control) + list(player.power_tokens).count(control)
            gains += [PASSIVE[control]] * n
        state.gains[:] = gains
        state.phase = pb.PHASE_COLLECT
        self._run_gains(state, events)

    def _run_gains(self, state: pb.State, events: list[Event]) -> None:
        """Collect automatic rewards until one needs a choice, then the creation phase."""
        seat = state.active
        while state.gains:
            gain = state.gains[0]
            if gain == pb.GAIN_ENERGY_CARD and self._take_options(state):
                return
            if gain == pb.GAIN_NEBULA and self._size_options(state):
                return
            del state.gains[0]
            if gain not in (pb.GAIN_ENERGY_CARD, pb.GAIN_NEBULA):  # else none left: nothing
                self._gain(state, seat, gain, 1, events)
        # "L'étalage est regarni à 4 cartes à la fin de ta phase d'énergie."
        rng = Rng(state.rng)
        for i, card in enumerate(state.display):
            if not card:
                state.display[i] = self._draw_energy(state, rng)
        state.rng = rng.state
        state.phase = pb.PHASE_CREATION
        state.step = pb.STEP_UNSPECIFIED

    def _gain(self, state: pb.State, seat: int, gain: int, n: int,
              events: list[Event]) -> None:
        player = state.seats[seat]
        if gain in STAR_GAINS:
            player.held.stars.extend([STAR_GAINS[gain]] * n)
        elif gain == pb.GAIN_PROTO_LIFE:  # "tu prends les jetons face violette"
            player.held.lives += n
        elif gain == pb.GAIN_SUPERNOVA:   # "avance simplement le curseur correspondant"
            player.supernova += n
        elif gain == pb.GAIN_DNA:
            player.dna += n
        elif gain == pb.GAIN_GRAVITON:
            player.graviton += n
        elif gain == pb.GAIN_CRYSTAL:
            for _ in range(n):
                self._advance_crystal(state, seat, events)
        elif gain == pb.GAIN_POINTS:
            self._score(state, seat, n, pb.REASON_POWER, events)
        events.append(Event(pb.Event(collected=pb.Collected(seat=seat, gain=gain))))

    def _advance_crystal(self, state: pb.State, seat: int, events: list[Event]) -> None:
        """"quand ton cristal atteint la 6e case de ta chambre temporelle, prends un nouveau
        cristal de la réserve et place-le sur la case 0, puis continue\""""
        player = state.seats[seat]
        if not player.has_crystal:
            return  # no crystal in the chamber (the reserve ran out): the advance is lost
        player.chamber += 1
        if player.chamber < self.content(state).charge_at:
            return
        player.charged += 1
        player.chamber = 0
        player.has_crystal = state.crystal_reserve > 0
        if player.has_crystal:
            state.crystal_reserve -= 1
        events.append(Event(pb.Event(crystal_charged=pb.CrystalCharged(
            seat=seat, new_crystal=player.has_crystal))))

    def _draw_energy(self, state: pb.State, rng: Rng) -> int:
        """The deck's top card; an empty deck is made again from the shuffled discards
        (provisional). 0 when there is no card at all."""
        if not state.energy_deck:
            cards = [c for c in CONTROLS for _ in range(state.energy_discard[type_index(c)])]
            rng.shuffle(cards)
            state.energy_deck[:] = cards
            state.energy_discard[:] = [0] * 4
        return state.energy_deck.pop() if state.energy_deck else pb.CONTROL_UNSPECIFIED

    def _do_take_energy(self, state, seat, take: pb.TakeEnergy, events) -> None:
        """"tu pioches depuis l'étalage face visible OU depuis la pioche face cachée\""""
        player = state.seats[seat]
        if take.WhichOneof("source") == "slot":
            card = state.display[take.slot]
            state.display[take.slot] = pb.CONTROL_UNSPECIFIED
        else:
            rng = Rng(state.rng)
            card = self._draw_energy(state, rng)
            state.rng = rng.state
            events.append(Event(pb.Event(card_drawn=pb.CardDrawn(type=card)), frozenset({seat})))
        player.hand[type_index(card)] += 1
        del state.gains[0]
        self._run_gains(state, events)

    def _draw_tile(self, state: pb.State, seat: int, size: int, events: list[Event]) -> int:
        tile = state.nebula_piles[size - 1].cards.pop()
        events.append(Event(pb.Event(tile_drawn=pb.TileDrawn(seat=seat, tile=tile))))
        return tile

    def _do_choose_size(self, state, seat, choice: pb.ChooseSize, events) -> None:
        tile = self._draw_tile(state, seat, choice.size, events)
        if state.phase == pb.PHASE_COLLECT:  # the Chemistry reward: placed in creation
            state.seats[seat].held.tiles.append(tile)
            del state.gains[0]
            self._run_gains(state, events)
            return
        # omega: "Gagner 1 tuile nébuleuse ... et la placer immédiatement"
        state.pending_tile = tile
        state.step = pb.STEP_NEBULA_SPACE

    # -- creation: placements

    def _do_place_star(self, state, seat, place: pb.PlaceStar, events) -> None:
        held = state.seats[seat].held.stars
        del held[list(held).index(place.element)]
        state.pending_element = place.element
        state.step = pb.STEP_STAR_SPACE

    def _do_place_nebula(self, state, seat, place: pb.PlaceNebula, events) -> None:
        held = state.seats[seat].held.tiles
        del held[list(held).index(place.tile)]
        state.pending_tile = place.tile
        state.step = pb.STEP_NEBULA_SPACE

    def _do_place_life(self, state, seat, _place, events) -> None:
        player = state.seats[seat]
        player.held.lives -= 1
        if rules_board.has_life(player.board):
            state.step = pb.STEP_LIFE_SPACE
        else:
            player.board.lives[self.content(state).life_start] = pb.LIFE_PROTO

    def _do_pick(self, state, seat, chosen: pb.Pick, events) -> None:
        board = state.seats[seat].board
        step, space = state.step, chosen.space
        state.step = pb.STEP_UNSPECIFIED
        if step == pb.STEP_STAR_SPACE:
            board.stars[space].element = state.pending_element
            state.pending_element = pb.ELEMENT_UNSPECIFIED
        elif step == pb.STEP_NEBULA_SPACE:
            board.cells[space].tile = state.pending_tile
            state.pending_tile = EMPTY
        elif step == pb.STEP_LIFE_SPACE:
            board.lives[space] = pb.LIFE_PROTO
        elif step == pb.STEP_DISCARD_STAR:
            # "tu défausses 1 étoile adjacente de ton choix vers la réserve"
            board.stars[space].Clear()
        elif step == pb.STEP_SUPERNOVA_STAR:
            board.stars[space].supernova = True
        elif step in (pb.STEP_DNA_LIFE, pb.STEP_STABILIZE_LIFE):
            board.lives[space] = pb.LIFE_STABLE
        elif step == pb.STEP_GRAVITON_FROM:
            state.target, state.target_life = space, chosen.life
            state.step = pb.STEP_GRAVITON_TO
        elif step == pb.STEP_GRAVITON_TO:
            if state.target_life:
                board.lives[space] = board.lives[state.target]
                board.lives[state.target] = pb.LIFE_UNSPECIFIED
            else:
                board.stars[space].CopyFrom(board.stars[state.target])
                board.stars[state.target].Clear()
        if state.ending and state.step == pb.STEP_UNSPECIFIED:
            self._finish_turn(state, seat, events)

    # -- creation: scoring actions

    def _score(self, state: pb.State, seat: int, points: int, reason: int,
               events: list[Event]) -> None:
        state.seats[seat].score += points
        events.append(Event(pb.Event(scored=pb.Scored(seat=seat, points=points, reason=reason))))

    def _do_complete_nebula(self, state, seat, complete: pb.CompleteNebula, events) -> None:
        """"Tu marques les points indiqués sur la tuile, tu défausses 1 étoile adjacente de ton
        choix vers la réserve, puis tu retournes la tuile sur son côté « complétée »\""""
        cell = state.seats[seat].board.cells[complete.cell]
        self._score(state, seat, self.content(state).tiles[cell.tile].points,
                    pb.REASON_NEBULA, events)
        cell.completed = True
        state.target = complete.cell
        state.step = pb.STEP_DISCARD_STAR

    def _do_discharge(self, state, seat, _move, events) -> None:
        """Slide a charged crystal to the rightmost free score space: 3/6/10/15/21 points,
        then 0, and "1 étoile de ton choix (à placer immédiatement)\""""
        player = state.seats[seat]
        player.charged -= 1
        rank = player.discharged
        player.discharged += 1
        points = SEED.discharge_points[rank] if rank < len(SEED.discharge_points) else 0
        self._score(state, seat, points, pb.REASON_DISCHARGE, events)
        state.step = pb.STEP_STAR_ELEMENT

    def _do_choose_element(self, state, seat, choice: pb.ChooseElement, events) -> None:
        if rules_board.empty_stars(state.seats[seat].board):
            state.pending_element = choice.element
            state.step = pb.STEP_STAR_SPACE
        else:  # nowhere to place it at once: lost
            state.step = pb.STEP_UNSPECIFIED
            events.append(Event(pb.Event(lost=pb.Lost(seat=seat, held=pb.Held(
                stars=[choice.element])))))

    def _do_create_advanced_life(self, state, seat, create: pb.CreateAdvancedLife,
                                 events) -> None:
        """"Défausse toutes les proto-vies autour de cette nébuleuse (les vies stables
        restent), puis pioche 1 jeton vie avancée du dessus de la pile et place-le face cachée
        sur la nébuleuse.\""""
        player = state.seats[seat]
        board = player.board
        for e in self.content(state).geometry.sides[create.cell]:
            if board.lives[e] == pb.LIFE_PROTO:
                board.lives[e] = pb.LIFE_UNSPECIFIED
        value = state.advanced_stack.pop()
        board.cells[create.cell].advanced_life = True
        player.advanced.add(cell=create.cell, value=value)
        events.append(Event(pb.Event(advanced_life_drawn=pb.AdvancedLifeDrawn(
            cell=create.cell, value=value)), frozenset({seat})))

    # -- creation: sliders ("coût : 1 sur le curseur")

    def _do_use_supernova(self, state, seat, _move, events) -> None:
        state.seats[seat].supernova -= 1
        state.step = pb.STEP_SUPERNOVA_STAR

    def _do_use_dna(self, state, seat, _move, events) -> None:
        state.seats[seat].dna -= 1
        state.step = pb.STEP_DNA_LIFE

    def _do_use_graviton(self, state, seat, _move, events) -> None:
        state.seats[seat].graviton -= 1
        state.step = pb.STEP_GRAVITON_FROM

    # -- creation: energy cards

    def _pay(self, state: pb.State, seat: int, control: int, n: int) -> None:
        state.seats[seat].hand[type_index(control)] -= n
        state.energy_discard[type_index(control)] += n

    def _do_buy_power(self, state, seat, buy: pb.BuyPower, events) -> None:
        """"Tu pioches autant de cartes pouvoir que de cartes énergie dépensées, tu en gardes
        1 et tu remets les autres sous le paquet.\""""
        cost = SEED.power_slot_costs[len(state.seats[seat].powers)]
        self._pay(state, seat, buy.type, cost)
        deck = state.power_decks[type_index(buy.type)].cards
        drawn = [deck.pop() for _ in range(min(cost, len(deck)))]
        state.drawn_powers[:] = drawn
        state.buying = buy.type
        state.step = pb.STEP_KEEP_POWER
        events.append(Event(pb.Event(powers_drawn=pb.PowersDrawn(cards=drawn)),
                            frozenset({seat})))

    def _do_keep_power(self, state, seat, keep: pb.KeepPower, events) -> None:
        player = state.seats[seat]
        player.powers.append(keep.card)
        # "Place ensuite ton jeton pouvoir libéré dans le contrôle correspondant"
        player.power_tokens.append(state.buying)
        rest = [c for c in state.drawn_powers if c != keep.card]
        deck = state.power_decks[type_index(state.buying)].cards
        deck[:] = rest + list(deck)  # under the deck (the bottom is index 0)
        del state.drawn_powers[:]
        state.buying = pb.CONTROL_UNSPECIFIED
        state.step = pb.STEP_UNSPECIFIED

    def _do_activate_power(self, state, seat, activate: pb.ActivatePower, events) -> None:
        power = self.content(state).powers[activate.card]
        self._pay(state, seat, power.type, power.cost)
        for gain, n in power.gain:
            self._gain(state, seat, gain, n, events)

    def _do_trade_five(self, state, seat, trade: pb.TradeFive, events) -> None:
        self._pay(state, seat, trade.type, SEED.trade_cards)
        self._score(state, seat, SEED.trade_points, pb.REASON_TRADE_FIVE, events)

    # -- end of turn

    def _do_end_turn(self, state, seat, end: pb.EndTurn, events) -> None:
        """"déplace ton marqueur de fin de tour depuis l'espace alpha vers l'un des deux
        espaces omega\""""
        state.seats[seat].omega = end.omega
        state.ending = True
        if end.omega == pb.OMEGA_NEBULA:
            state.step = pb.STEP_OMEGA_SIZE
        elif end.omega == pb.OMEGA_STABILIZE:
            state.step = pb.STEP_STABILIZE_LIFE
        else:
            self._finish_turn(state, seat, events)

    def _finish_turn(self, state: pb.State, seat: int, events: list[Event]) -> None:
        player = state.seats[seat]
        held = player.held
        if held.stars or held.tiles or held.lives:  # "Si tu ne peux pas les placer, elles
            events.append(Event(pb.Event(lost=pb.Lost(seat=seat, held=held))))  # sont perdues"
            state.lost_tiles.extend(held.tiles)
            player.ClearField("held")
        # "Ensuite, remets tous tes curseurs de ressources à 0."
        player.supernova = player.dna = player.graviton = 0
        state.ending = False
        state.step = pb.STEP_UNSPECIFIED
        state.turns_played += 1
        if state.turns_played < state.players:
            self._start_turn(state, (seat + 1) % state.players, events)
        else:
            self._end_round(state, events)

    # -- end of round

    def _end_round(self, state: pb.State, events: list[Event]) -> None:
        content = self.content(state)
        track = list(state.objective_track)
        # 1. "Fais descendre toutes les cartes objectif universel d'un cran"
        state.objective_track[:] = [EMPTY, *track[:-1]]
        # 2. "Si une carte atteint le bas de la piste (4e espace), on la score ... puis on la
        # défausse."
        bottom = state.objective_track[-1]
        if bottom != EMPTY:
            counts = [count(p, content, content.objectives[bottom]) for p in state.seats]
            points = majority_points(counts)
            for seat, n in enumerate(points):
                if n:
                    state.seats[seat].score += n
            state.objectives_scored.append(bottom)
            state.objective_track[-1] = EMPTY
            events.append(Event(pb.Event(objective_scored=pb.ObjectiveScored(
                card=bottom, counts=counts, points=points))))
        # 3. "Révèle une nouvelle carte objectif ... (s'il en reste dans le paquet)."
        if state.objective_deck:
            state.objective_track[0] = state.objective_deck.pop()
            events.append(Event(pb.Event(objective_revealed=pb.ObjectiveRevealed(
                card=state.objective_track[0]))))
        # 4. "La réserve de cristaux de temps est épuisée / La dernière carte objectif
        # universel a été scorée"
        state.last_round = (state.crystal_reserve == 0
                            or len(state.objectives_scored) == SEED.objectives_in_game)
        # 5. "chaque joueur ne peut garder que 10 cartes énergie maximum"
        state.phase = pb.PHASE_HAND_LIMIT
        self._after_hand_limit(state, events)

    def _do_discard_energy(self, state, seat, discard: pb.DiscardEnergy, events) -> None:
        self._pay(state, seat, discard.type, 1)
        self._after_hand_limit(state, events)

    def _after_hand_limit(self, state: pb.State, events: list[Event]) -> None:
        if any(sum(p.hand) > SEED.hand_limit for p in state.seats):
            return
        if state.last_round:
            self._finish(state, events)
            return
        # 6. "Chaque joueur remet son marqueur de fin de tour sur l'espace alpha. Le jeton
        # premier joueur passe au joueur à gauche."
        for player in state.seats:
            player.omega = pb.OMEGA_UNSPECIFIED
        state.first_player = (state.first_player + 1) % state.players
        events.append(Event(pb.Event(round_ended=pb.RoundEnded(
            round=state.round, first_player=state.first_player))))
        state.round += 1
        state.turns_played = 0
        self._start_turn(state, state.first_player, events)

    def _finish(self, state: pb.State, events: list[Event]) -> None:
        """"chaque joueur retourne ses jetons vie avancée et ajoute ces points à son score. Le
        joueur avec le plus de points de victoire remporte la partie ! En cas d'égalité, c'est le
        joueur avec le plus de cartes énergie en main qui gagne. Si c'est encore une égalité,
        les joueurs concernés partagent la victoire.\""""
        state.phase = pb.PHASE_OVER
        totals = final_scores(state)
        state.final_scores[:] = totals
        best = max(zip(totals, (sum(p.hand) for p in state.seats), strict=True))
        state.winners[:] = [s for s, p in enumerate(state.seats)
                            if (totals[s], sum(p.hand)) == best]
        revealed = [a for p in state.seats for a in p.advanced]
        seats = [s for s, p in enumerate(state.seats) for _ in p.advanced]
        reason = ("the time-crystal reserve is exhausted" if state.crystal_reserve == 0
                  else "the last universal objective has been scored")
        events.append(Event(pb.Event(game_ended=pb.GameEnded(
            scores=totals, winners=state.winners, revealed=revealed, revealed_seats=seats,
            reason=reason))))

    # -------------------------------------------------------------------- view and result

    def view(self, state: pb.State, viewer: int | None) -> pb.View:
        seated = viewer is not None and 0 <= viewer < state.players
        over = state.phase == pb.PHASE_OVER
        v = pb.View(
            options=state.options, players=state.players, viewer=viewer if seated else -1,
            dark=state.dark, crystal_reserve=state.crystal_reserve,
            objective_deck_size=len(state.objective_deck),
            objective_track=state.objective_track, objectives_scored=state.objectives_scored,
            power_deck_sizes=[len(d.cards) for d in state.power_decks],
            energy_deck_size=len(state.energy_deck), display=state.display,
            energy_discard=state.energy_discard,
            nebula_pile_sizes=[len(p.cards) for p in state.nebula_piles],
            advanced_stack_size=len(state.advanced_stack), first_player=state.first_player,
            round=state.round, active=state.active, phase=state.phase, step=state.step,
            shifts_left=state.shifts_left, own_shifted=state.own_shifted, gains=state.gains,
            drawn_count=len(state.drawn_powers), target=state.target,
            target_life=state.target_life, pending_element=state.pending_element,
            pending_tile=state.pending_tile, final_scores=state.final_scores,
            winners=state.winners)
        if seated and viewer == state.active:
            v.drawn_powers[:] = state.drawn_powers
        for seat, p in enumerate(state.seats):
            mine = seated and seat == viewer
            pv = v.seats.add(
                board=p.board, score=p.score, hand_size=sum(p.hand), supernova=p.supernova,
                dna=p.dna, graviton=p.graviton, has_crystal=p.has_crystal, chamber=p.chamber,
                charged=p.charged, discharged=p.discharged, powers=p.powers,
                power_tokens=p.power_tokens, advanced_cells=[a.cell for a in p.advanced],
                omega=p.omega, held=p.held, energy_at=p.energy_at)
            if mine:
                pv.hand[:] = p.hand
            if mine or over:
                pv.advanced_values[:] = [a.value for a in p.advanced]
        return v

    def result(self, state: pb.State) -> Result | None:
        if state.phase != pb.PHASE_OVER:
            return None
        winners = tuple(state.winners)
        return Result(winners=winners, scores=tuple(float(s) for s in state.final_scores),
                      summary=("shared victory: " if len(winners) > 1 else "winner: ")
                      + ", ".join(f"seat {w}" for w in winners)
                      + f" with {max(state.final_scores)} points")

    def audit(self, state: pb.State) -> list[str]:
        """Every energy card, power card, objective, tile, crystal and advanced-life token is
        in exactly one place; the final scores are the boards' scores plus advanced life."""
        content = self.content(state)
        problems = []
        energy = Counter()
        for c in CONTROLS:
            i = type_index(c)
            energy[c] = (state.energy_discard[i] + sum(p.hand[i] for p in state.seats)
                         + list(state.energy_deck).count(c) + list(state.display).count(c))
        expected = dict(zip(CONTROLS, content.energy_split, strict=True))
        if dict(energy) != expected:
            problems.append(f"energy cards per type {dict(energy)}, expected {expected}")
        powers = Counter(c for d in state.power_decks for c in d.cards)
        powers.update(state.drawn_powers)
        powers.update(c for p in state.seats for c in p.powers)
        if powers != Counter(range(len(content.powers))):
            problems.append("power cards lost, invented or in two places")
        objectives = [*state.objective_deck, *(o for o in state.objective_track if o != EMPTY),
                      *state.objectives_scored]
        if len(objectives) != SEED.objectives_in_game or len(set(objectives)) != len(objectives):
            problems.append(f"objectives in play {sorted(objectives)}: not 6 distinct cards")
        tiles = Counter(t for pile in state.nebula_piles for t in pile.cards)
        tiles.update(state.lost_tiles)
        tiles.update(t for p in state.seats for t in p.held.tiles)
        tiles.update(c.tile for p in state.seats for c in p.board.cells if c.tile != EMPTY_CELL)
        if state.pending_tile != EMPTY:
            tiles[state.pending_tile] += 1
        if tiles != Counter(range(len(content.tiles))):
            problems.append("nebula tiles lost, invented or in two places")
        crystals = state.crystal_reserve + sum(p.has_crystal + p.charged + p.discharged
                                               for p in state.seats)
        if crystals != SEED.crystals[state.players] + state.players:
            problems.append(f"{crystals} time crystals, expected "
                            f"{SEED.crystals[state.players] + state.players}")
        tokens = sorted([*state.advanced_stack, *(a.value for p in state.seats
                                                  for a in p.advanced)])
        if (len(tokens) != len(SEED.advanced_group2) + SEED.group1_per_player * state.players
                or not Counter(SEED.advanced_group2) <= Counter(tokens)):
            problems.append("advanced-life tokens lost or invented")
        for seat, p in enumerate(state.seats):
            if sorted(a.cell for a in p.advanced) != [c for c, cell in
                                                      enumerate(p.board.cells)
                                                      if cell.advanced_life]:
                problems.append(f"seat {seat}: advanced-life tokens and cells disagree")
        if state.phase == pb.PHASE_OVER and list(state.final_scores) != final_scores(state):
            problems.append("final scores are not the boards' scores plus advanced life")
        return problems


# Each case of the Move oneof and the method that applies it (a test holds that every case is
# here): an explicit table, as Cosmic's actions and the renderers dispatch.
APPLY: dict[str, Callable[..., None]] = {
    "shift_energy": Crafting._do_shift_energy,
    "end_shifts": Crafting._do_end_shifts,
    "take_energy": Crafting._do_take_energy,
    "choose_size": Crafting._do_choose_size,
    "place_star": Crafting._do_place_star,
    "place_nebula": Crafting._do_place_nebula,
    "place_life": Crafting._do_place_life,
    "pick": Crafting._do_pick,
    "complete_nebula": Crafting._do_complete_nebula,
    "discharge": Crafting._do_discharge,
    "choose_element": Crafting._do_choose_element,
    "create_advanced_life": Crafting._do_create_advanced_life,
    "use_supernova": Crafting._do_use_supernova,
    "use_dna": Crafting._do_use_dna,
    "use_graviton": Crafting._do_use_graviton,
    "buy_power": Crafting._do_buy_power,
    "keep_power": Crafting._do_keep_power,
    "activate_power": Crafting._do_activate_power,
    "trade_five": Crafting._do_trade_five,
    "end_turn": Crafting._do_end_turn,
    "discard_energy": Crafting._do_discard_energy,
}


def final_scores(state: pb.State) -> list[int]:
    return [p.score + sum(a.value for a in p.advanced) for p in state.seats]
