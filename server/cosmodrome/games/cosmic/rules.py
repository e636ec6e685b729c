"""Cosmic Encounter classic (Rencontre Cosmique): the Game class and the turn's flow.

The flow is a small state machine over `State.step` plus a queue of sub-decisions
(`State.tasks`: take tokens one at a time, place tokens, rewards, ...). `advance()` runs every
automatic step until some seat owes a decision. Every move is checked against the listed
options before anything changes, so `decisions()` and `apply()` always agree and a refused
move leaves the state untouched.
"""

from __future__ import annotations

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
from cosmodrome.games.cosmic import (  # edicts, moons, powers: importing registers them
    actions,
    edicts,  # noqa: F401
    flares,
    flow,
    moonflow,
    moons,  # noqa: F401
    pieces,  # noqa: F401
    powers,  # noqa: F401
    table,
)
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import ruleset as R
from cosmodrome.games.cosmic.content import deck_of
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.powers import POWER_ID, POWERS, excluded, exclusions
from cosmodrome.games.cosmic.ruleset import MAX_LUCRES
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DEFAULT_DEAL_TIMEOUT_MS = 60_000
DEFAULT_TURN_LIMIT = 300


class Cosmic(Game):
    skippable = True  # a window passes (done); docs/rules/cosmic.md, provisional table
    name = "cosmic"
    title = "Cosmic Encounter (Rencontre Cosmique)"
    summary = ("Classic Cosmic Encounter for 2 to 8 players: alien powers, alliances, "
               "encounter cards, deals and the black hole. First to five foreign bases wins.")
    min_players = 2
    max_players = 8
    hidden_information = True
    option_specs = (
        OptionSpec("deal_timeout_ms", "int", "deal deadline in ms (0: none)",
                   default=str(DEFAULT_DEAL_TIMEOUT_MS), minimum=0),
        OptionSpec("powers_per_player", "int", "variant: several powers per player",
                   default="1", minimum=1, maximum=3),
        OptionSpec("two_of_three", "bool", "variant: draw three powers, keep two",
                   default="false"),
        OptionSpec("power_rotation", "bool", "variant: keep or redraw powers each round",
                   default="false"),
        OptionSpec("ruleset", "enum", "classic: seed 001; cosmic: seed 000, every extension on "
                   "(an extension below left unset takes its ruleset's value; defaults: classic's)",
                   default="RULESET_CLASSIC", choices=("RULESET_CLASSIC", "RULESET_COSMIC")),
        OptionSpec("star_discs", "bool", "seed 000 star discs instead of the destiny cup",
                   default="false"),
        OptionSpec("cosmic_deck", "bool", "seed 000's deck: attack cards 0-50, extensions",
                   default="false"),
        OptionSpec("extension_cards", "bool", "seed 000's extension cards 0-5 (cosmic deck)",
                   default="false"),
        OptionSpec("lucres", "int", "seed 000's lucres each at setup (cosmic ruleset: 5)",
                   default="0", minimum=0, maximum=MAX_LUCRES),
        OptionSpec("four_piles", "bool", "seed 000: the draw deck in four piles",
                   default="false"),
        OptionSpec("consolation_from_deck", "bool",
                   "seed 000: consolation from the opponent's hand or the deck, per card",
                   default="false"),
        OptionSpec("challenge_any_occupant", "bool",
                   "seed 000: challenge any player with a base in the drawn system",
                   default="false"),
        OptionSpec("out_of_cards_ends_turn", "bool",
                   "seed 000: an offence out of encounter cards ends its turn, no redraw",
                   default="false"),
        OptionSpec("flares", "bool", "seed 000's flares: powers dealt by flares, two flares "
                   "per player in the deck, played sauvage or parasite", default="false"),
        OptionSpec("no_edicts", "bool", "leave edict cards out of the deck", default="false"),
        OptionSpec("min_window_ms", "int",
                   "a window closes when all have answered and not before this (ms)",
                   default="0", minimum=0),
        OptionSpec("turn_limit", "int", "safety cap on turns; the game is a draw after it",
                   default=str(DEFAULT_TURN_LIMIT), minimum=1),
        OptionSpec("moons", "enum", "seed 000's moons, two per player (unset: the ruleset's; "
                   "classic: off); moon_deck names the moon numbers to deal from instead",
                   default="ruleset", choices=tuple(
                       n for n in pb.MoonSet.keys() if n != "MOON_SET_UNSPECIFIED")),
    )
    Options, State, Move, View, Event = pb.Options, pb.State, pb.Move, pb.View, pb.Event

    # ------------------------------------------------------------------ setup

    def check_options(self, options: pb.Options, players: int) -> None:
        if not 2 <= players <= 8:
            raise BadOptions("players must be between 2 and 8")
        if options.HasField("deal_timeout_ms") and options.deal_timeout_ms < 0:
            raise BadOptions("deal_timeout_ms must be 0 or more")
        if not 0 <= options.powers_per_player <= 3:
            raise BadOptions("powers_per_player must be between 1 and 3")
        if options.min_window_ms < 0:
            raise BadOptions("min_window_ms must be 0 or more")
        if options.turn_limit < 0:
            raise BadOptions("turn_limit must be positive")
        if options.powers:
            if len(options.powers) != players:
                raise BadOptions("powers must name one power per seat")
            named: set[str] = set()
            for name in options.powers:
                for part in name.split("+"):
                    if part != "none" and part not in POWER_ID:
                        raise BadOptions(f"powers: unknown power {clip(part)}")
                    named.add(part)
            for x, y in exclusions():
                if x in named and y in named:
                    # seed 001: "Ne pas utiliser ce Pouvoir dans les parties où ... l'Oracle"
                    raise BadOptions(f"powers: {x} cannot be played with {y}")
        per = self._powers_per(options)
        if not options.powers and players * per > len(POWERS) - 1:
            raise BadOptions("powers_per_player: not enough powers for every seat")
        if options.HasField("first_player") and not 0 <= options.first_player < players:
            raise BadOptions("first_player must be a seat")
        R.check(options)
        moonflow.check_options(options, players)

    @staticmethod
    def _powers_per(options: pb.Options) -> int:
        if options.two_of_three:
            return 3
        return options.powers_per_player or 1

    def setup(self, options: pb.Options, players: int, seed: int, now_ms: int = 0) -> pb.State:
        self.check_options(options, players)
        options = R.resolve(options)
        rng = Rng(seed)
        st = pb.State(players=players)
        st.options.CopyFrom(options)
        st.deal_timeout_ms = (options.deal_timeout_ms if options.HasField("deal_timeout_ms")
                              else DEFAULT_DEAL_TIMEOUT_MS)
        st.turn_limit = options.turn_limit or DEFAULT_TURN_LIMIT
        st.planets.extend(B.empty_planets(players))
        for s in range(players):
            for p in B.planets_of(s):
                B.add_tok(st, p, s, B.TOKENS_PER_PLANET)
        seats = [pb.Seat(lucres=options.lucres) for _ in range(players)]
        # powers: dealt secretly
        if options.powers:
            for s, name in enumerate(options.powers):
                seats[s].powers.extend(POWER_ID[p] for p in name.split("+") if p != "none")
        else:
            pool = list(range(len(POWERS)))
            rng.shuffle(pool)
            per = self._powers_per(options)
            taken: list[int] = []
            for s in range(players):
                hand: list[int] = []
                while len(hand) < per and pool:
                    pid = pool.pop()
                    if excluded(pid, taken):
                        pool.insert(0, pid)
                        continue
                    hand.append(pid)
                    taken.append(pid)
                if options.two_of_three:
                    seats[s].drawn_powers.extend(hand)
                else:
                    seats[s].powers.extend(hand)
            st.power_pool.extend(pool)
        for s in range(players):
            seats[s].disclosed.extend([False] * len(seats[s].powers))
        st.seats.extend(seats)
        # deck and hands
        deck = dealt_cards(options) + flares.deal(st, rng)
        rng.shuffle(deck)
        st.deck.extend(deck)
        if options.four_piles:  # "Constituez quatre paquets égaux et distribuez sept cartes"
            B.split_piles(st)
        for s in range(players):
            for _ in range(B.HAND_SIZE):
                st.seats[s].hand.append(B.pop_deck(st))
        # destiny: 001's cup (two discs per colour, one is on the home star) or 000's discs
        per_colour = 3 if options.star_discs else 2
        st.cup.extend([s for s in range(players) for _ in range(per_colour)])
        first = options.first_player if options.HasField("first_player") else rng.below(players)
        st.first_player = first
        moonflow.deal(st, rng)
        st.rng = rng.state
        events: list[Event] = []
        st.enc.offense = first
        if options.two_of_three and not options.powers:
            flow.start_power_choice(st, events, now_ms)
        else:
            flow.start_turn(st, events, first, now_ms)
        return st

    # ------------------------------------------------------------------ play

    # The last state listed (its bytes) and its decisions: a caller asks decisions() and then
    # apply()s one of them, and apply() checks the move against the same listing; apply()
    # leaves the listing settling made of the new state. Keyed by the whole state's bytes
    # (serializing costs a tenth of listing), so any change to the state, however made,
    # lists anew.
    _listed: tuple[bytes, list[Decision]] | None = None

    def decisions(self, state: pb.State) -> list[Decision]:
        key = state.SerializeToString(deterministic=True)
        listed = self._listed
        if listed is None or listed[0] != key:
            listed = self._listed = (key, flow.decisions(state))
        return list(listed[1])

    def apply(self, state: pb.State, seat: int, move: pb.Move, now_ms: int = 0) -> list[Event]:
        if state.finished:
            raise IllegalMove("game_over", "the game is over")
        if not 0 <= seat < state.players:
            raise IllegalMove("seat", "no such seat")
        if move.WhichOneof("kind") == "report":  # seed 000's table moons: at any time
            return table.apply_report(state, seat, move, now_ms)
        mine = ([d for d in self.decisions(state) if d.seat == seat]
                if flow.owes(state, seat) else [])
        if not mine:
            raise IllegalMove("not_your_decision", "you owe no decision now")
        if not any(o == move for d in mine for o in d.options):
            raise IllegalMove(mine[0].kind, "that move is not one of your options now")
        events: list[Event] = []
        owed = flow.apply_move(state, seat, move, now_ms, events)
        if owed is not None:  # listed while settling: the next decisions() needs no listing
            self._listed = (state.SerializeToString(deterministic=True), owed)
        return events

    def takes_any_time(self, state: pb.State, seat: int, move: pb.Move) -> bool:
        """Seed 000's table moons: a report (`table.apply_report` checks it is true)."""
        return move.WhichOneof("kind") == "report"

    def judge_chat(self, state: pb.State, seat: int, text: str) -> pb.Move | None:
        """Seed 000's moons 8, 16, 18: an occupant's line that breaks the moon's rule."""
        return table.judge_chat(state, seat, text)

    def drop_out(self, state: pb.State, seat: int, now_ms: int) -> list[Event]:
        """A seat that drops out (out of time, FORFEIT) is eliminated as the Void eliminates:
        its tokens leave the game, its cards go to the discard (provisional: cosmic.md)."""
        if state.finished or state.seats[seat].eliminated:
            return []
        events: list[Event] = []
        ctx = Ctx(state, events, now_ms)
        actions.eliminate(state, ctx, seat)
        flow.settle(state, ctx)  # the last one standing wins; his questions go
        state.rng = ctx.rng.state
        return events

    def skip_move(self, state: pb.State, decision: Decision) -> pb.Move | None:
        """A window or a question that may be passed: done."""
        return next((o for o in decision.options if o.HasField("done")), None)

    def timeout(self, state: pb.State, now_ms: int) -> list[Event]:
        events: list[Event] = []
        flow.on_timeout(state, now_ms, events)
        return events

    def audit(self, state: pb.State) -> list[str]:
        """Every token and every card in exactly one place (tokens: planets, the cone, the
        black hole, removed by the Void, in hand waiting to be placed; cards: deck, discard,
        hands, face down on the table with their extensions, set aside by Chronos); seed
        000: the four piles hold the deck, no seat owes lucres."""
        st = state
        problems = []
        e = st.enc
        for s in range(st.players):
            se = st.seats[s]
            cone = sum(c[s] for c in (e.cone_off, e.cone_def) if len(c) > s)
            total = B.tokens_on_board(st, s) + cone + se.black_hole + se.removed + se.limbo
            if total != B.TOKENS_PER_PLAYER:
                problems.append(f"seat {s} has {total} tokens, not {B.TOKENS_PER_PLAYER}")
        places: dict[int, list[str]] = {}
        piles = [("deck", st.deck), ("discard", st.discard)]
        piles += [(f"hand of seat {s}", se.hand) for s, se in enumerate(st.seats)]
        on_table = not e.discarded and st.step not in (pb.STEP_CLEANUP, pb.STEP_NEXT)
        if on_table:
            piles += [("offence's extension", X.cards(e.ext_off)),
                      ("defence's extension", X.cards(e.ext_def)),
                      ("offence's card", [c for c in [B.played(st, "off")] if c >= 0]),
                      ("defence's card", [c for c in [B.played(st, "def")] if c >= 0])]
        piles.append(("set aside", [e.set_aside] if e.HasField("set_aside") else []))
        for where, cards in piles:
            for c in cards:
                places.setdefault(c, []).append(where)
        for c in dealt_cards(st.options) + list(st.flares):
            found = places.pop(c, [])
            if len(found) != 1:
                problems.append(f"card {c} is in {len(found)} places ({', '.join(found)})"
                                if found else f"card {c} is nowhere")
        problems += [f"card {c} is not in this game's deck ({', '.join(w)})"
                     for c, w in sorted(places.items())]
        if st.options.four_piles and (len(st.piles) != B.PILES or sum(st.piles) != len(st.deck)):
            problems.append(f"the piles {list(st.piles)} do not hold the {len(st.deck)} cards "
                            "of the deck")
        problems += [f"seat {s} has {se.lucres} lucres" for s, se in enumerate(st.seats)
                     if se.lucres < 0]
        return problems + self._audit_moons(st)

    @staticmethod
    def _audit_moons(st: pb.State) -> list[str]:
        """Every moon of the game's moon deck in one place: on the board or in the deck."""
        dealt = sorted(moonflow.deck_numbers(st.options))
        found = sorted([mo.number for mo in st.moons] + list(st.moon_deck))
        if found != dealt:
            return [f"moons {found} are not the moon deck {dealt}"]
        return moonflow.audit(st)

    def view(self, state: pb.State, viewer: int | None) -> pb.View:
        from cosmodrome.games.cosmic.views import view_for
        return view_for(state, viewer)

    def result(self, state: pb.State) -> Result | None:
        if not state.finished:
            return None
        winners = tuple(state.winners)
        scores = tuple(float(B.foreign_bases(state, s)) for s in range(state.players))
        return Result(winners=winners, scores=scores, summary=summary(state))


END_WORDS = {pb.GAME_END_FIVE_FOREIGN_BASES: "five foreign bases",
             pb.GAME_END_LAST_PLAYER_STANDING: "last player standing",
             pb.GAME_END_TURN_LIMIT: "turn limit reached: draw"}


def summary(state: pb.State) -> str:
    end = state.game_end or (pb.GAME_END_FIVE_FOREIGN_BASES if state.winners  # stored by a
                             else pb.GAME_END_TURN_LIMIT)                     # release without it
    if end == pb.GAME_END_FIVE_FOREIGN_BASES and len(state.winners) > 1:
        return "shared victory: five foreign bases at once"
    return END_WORDS[end]


def dealt_cards(options: pb.Options) -> list[int]:
    """The ids of the deck a match deals: its ruleset's, edicts left out if asked (and those
    whose module is still to come: `content.PENDING_EDICTS`)."""
    return [c.id for c in deck_of(options.cosmic_deck)
            if c.kind != "edict" or (not options.no_edicts and c.edict in pieces.EDICTS)]
