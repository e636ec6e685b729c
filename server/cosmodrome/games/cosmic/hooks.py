"""The hooks a rule-changing piece answers, named after the rule book's timing.

A piece is held by a seat: an alien power today (`powers/`), an edict card played from a hand
(`edicts/`), a moon or a flare next. Each piece is one class in one module; the flow only ever
calls these hooks (through `pieces`) and never names a piece. Every hook has a neutral default,
so a piece overrides only the moments it acts in.

Hooks of a held piece (power, moon, flare) receive the holder's `seat`; the flow asks them
only while the holder may use the piece (`pieces.has`). Hooks marked *every piece* are asked
of every registered piece, held or not: they read the piece's own encounter fields, set by an
earlier use, which keep their effect even if the piece is zapped or lost since.

A new hook needs two users, or a docstring line "One user: ..." saying why one is enough (a
test checks); a new piece first implements an existing hook or capability, each asked by one
dispatcher (a test checks): the combat modifier (`Moon.combat`), the landing effect
(`Moon.on_landing`), the victory rule (`Moon.victory`), the card-step action
(`Piece.at_card_step`), the table rule (`Moon.table_rule`), a moment of the rules a moon
hears (`Moon.on_moment`), the window actions (`Piece.window_actions`, `Moon.use_moves`,
`Moon.window_moves`). A piece acting at a new moment of an existing capability adds the
moment's name here, not a hook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from cosmodrome.games.cosmic import registry
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

if TYPE_CHECKING:
    from collections.abc import Callable

    from cosmodrome.games.cosmic.ctx import Ctx


@dataclass(frozen=True)
class Combat:
    """A combat modifier's terms for one main player's total (`Moon.combat`): `per_card`
    added to each of his attack cards (a malus stops each card at 0), `bonus` added once, and
    `factors`, how many times each token of a seat counts (seat -> factor; others: once)."""

    per_card: int = 0
    bonus: int = 0
    factors: dict[int, int] | None = None


# The moments of the card step a card-step action hears (`Piece.card_moments`).
CARDS_DUE = "cards_due"            # the main players are about to choose their cards
CARDS_DOWN = "cards_down"          # a main player's cards are all down (his nothing, too)
CARDS_REVEALED = "cards_revealed"  # the cards have just been turned face up


@dataclass(frozen=True)
class CardStep:
    """A card-step action's moment (`Piece.at_card_step`): at CARDS_DUE and CARDS_REVEALED,
    `seat` is the holder, a main player (the main players' pieces are asked); at CARDS_DOWN,
    `seat` is the main player whose cards are down, `card` his encounter card (every power is
    asked, held or not: it reads its own encounter fields)."""

    moment: str
    seat: int
    card: int = -1


# The moments of a landing (M2) a landing effect hears (`Moon.landings`, `Landing.moment`).
LANDED = "landed"        # tokens landed on this moon (an instant moon acts, L07)
REVEALED = "revealed"    # this moon has just turned face up at a landing (R moons)
ANY_MOON = "any_moon"    # tokens landed on some moon, this one or another


@dataclass(frozen=True)
class Landing:
    """A landing effect's moment (`Moon.on_landing`): `landed` (seat -> tokens) have just
    landed, `lander` the player whose landing it is (the offence, when among them)."""

    moment: str
    lander: int
    landed: dict[int, int]


# The moments of the rules a moon hears (`Moon.hears`, `Moment.kind`), besides landings.
DRAWN = "drawn"                    # `seat` was entitled to draw `n` cards and has them
BODY_DESTROYED = "body_destroyed"  # the planet or moon `body` has just been destroyed
DISC_TURNED = "disc_turned"        # a star disc has just been turned for the destiny
ENCOUNTER_OVER = "encounter_over"  # the encounter is over (`st.enc.winner`), cards not yet
#                                    discarded


@dataclass(frozen=True)
class Moment:
    """A moment a moon hears (`Moon.on_moment`): its `kind`, and what it names (`seat` and
    `n` for DRAWN, `body` for BODY_DESTROYED)."""

    kind: str
    seat: int = -1
    n: int = 0
    body: int = -1


@dataclass(frozen=True)
class Victory:
    """A victory rule (`Moon.victory`), the terms a moon adds to the win for a seat standing
    on it: `bases`, foreign bases it adds to his count (0 or 1: a moon counts as one base at
    most); `must_hold`, a winner must have tokens on it; `cancels`, he may cancel an
    opponent's win with it (then `Moon.cancel_victory`). Data, not a question: a win is
    checked at every step, and what a winner must hold is published as content."""

    bases: int = 0
    must_hold: bool = False
    cancels: bool = False


@dataclass(frozen=True)
class TableRule:
    """A table rule (`Moon.table_rule`): what a moon of conduct does to a seat standing on
    it, enforced by the server: `view_limit`, what his view is kept from (a TableLimit);
    `forbids_alliance`, he may neither ally nor be allied with."""

    view_limit: int = pb.TABLE_LIMIT_NONE
    forbids_alliance: bool = False


@dataclass(frozen=True)
class TaskKind:
    """One kind of queued sub-decision (`State.tasks`): the table entry `tasks.py` reads.

    `options` lists the legal moves (none: the task is dropped, `skipped` runs); `apply`
    performs one of them; `view` sets the kind's member of a TaskView field by field from
    what every viewer may know (None: the kind alone, an empty `AskedTask`).
    """

    name: str
    prompt: str
    options: Callable[[pb.State, pb.Task], list[pb.Move]]
    apply: Callable[[pb.State, Ctx, pb.Task, pb.Move], None]
    skipped: Callable[[pb.State, Ctx, pb.Task], None] | None = None
    view: Callable[[pb.Task, pb.TaskView], None] | None = None


class Piece:
    """Neutral behaviour: a piece that changes nothing at any moment."""

    name: ClassVar[str]                 # id used in options and content ("laser")
    en: ClassVar[str] = ""              # English name, for people
    mandatory: ClassVar[bool] = False   # the text says "vous devez" (used as soon as it can)
    tasks: ClassVar[dict[str, TaskKind]] = {}  # the questions this piece asks (Task.kind member)
    excludes: ClassVar[tuple[str, ...]] = ()   # pieces it may not share a game with

    # ------------------------------------------------------------ every encounter
    def reset_encounter(self, e: pb.Encounter) -> None:
        """A new encounter begins: set this piece's own encounter fields to their idle value
        (called for every registered piece, held or not)."""

    # ------------------------------------------------------------ windows ("à tout moment")
    def window_actions(self, st: pb.State, seat: int, window: int) -> list[pb.Move]:
        """Moves `seat` may make with this piece in `window` (a window Step)."""
        return []

    def perform(self, st: pb.State, ctx: Ctx, seat: int, use: pb.UsePower) -> None:
        """Carry out an announced use (no Zap came, or it was un-zapped)."""

    # ------------------------------------------------------------ launch
    def on_launch(self, st: pb.State, ctx: Ctx, seat: int, defending: bool) -> bool:
        """The holder starts putting tokens on the cone (`defending`: as a defensive ally).
        True: a use is now pending.
        One user: a moment of the rule book's turn (the launch), where any piece acting then is
        asked."""
        return False

    def token_worth(self, st: pb.State, seat: int) -> int:
        """What one of the holder's tokens counts for in a side's total (0: no change)."""
        return 0

    # ------------------------------------------------------------ cards (a capability)
    card_moments: ClassVar[frozenset[str]] = frozenset()  # the moments `at_card_step` hears

    def at_card_step(self, st: pb.State, ctx: Ctx, step: CardStep) -> None:
        """A card-step action: the card step is at `step`, one of this piece's
        `card_moments`. One dispatcher, `pieces.card_step` (Oracle, Laser, Empath)."""

    def waits_for_card(self, st: pb.State, seat: int) -> bool:
        """*Every piece.* True while main player `seat` must wait to choose his card.
        One user: the card step's one question of order, which the flow asks of every piece."""
        return False

    def card_choices(self, st: pb.State, seat: int, cards: list[int]) -> list[int]:
        """*Every piece.* The encounter cards main player `seat` may choose among `cards`.
        One user: the card step's one narrowing of a hand; a piece limiting the cards answers
        it."""
        return cards

    # ------------------------------------------------------------ totals
    def makes_opponent_compromise(self, st: pb.State, seat: int) -> bool:
        """At resolution: the holder's opponent's card counts as a compromise.
        One user: the resolution's one question of what a card counts as."""
        return False

    def side_total(self, st: pb.State, ctx: Ctx | None, seat: int, value: int,
                   tokens: int) -> int | None:
        """The holder's side total from its card `value` and `tokens` (None: value + tokens).
        `ctx` is None when only asked (no use is recorded then)."""
        return None

    # ------------------------------------------------------------ tokens
    def saves_lost_tokens(self, st: pb.State, seat: int) -> bool:
        """May the holder save tokens he loses (asked every time a seat loses tokens)?
        One user: a pair with `save_lost_tokens`: may, then does, for one rule (losses)."""
        return False

    def save_lost_tokens(self, st: pb.State, ctx: Ctx, seat: int, n: int,
                         on_bases: bool) -> None:
        """Save the `n` tokens the holder is losing (`on_bases`: still on his bases; else
        held in hand, in limbo, meanwhile).
        One user: a pair with `saves_lost_tokens`."""

    def removes_lost_tokens(self, st: pb.State, seat: int, loser: int) -> bool:
        """Tokens `loser` loses to the holder leave the game instead of the black hole.
        One user: the one question of where lost tokens go; asked at every loss."""
        return False

    # ------------------------------------------------------------ deals
    def deal_edits(self, st: pb.State, seat: int, draft: pb.DealTerms) -> list[pb.Move]:
        """Extra terms the holder may write into his draft.
        One user: the deal's one place for a piece's own terms, with `on_deal_made`."""
        return []

    def on_deal_made(self, st: pb.State, ctx: Ctx, seat: int, terms: pb.DealTerms) -> None:
        """A deal has been accepted: carry out this piece's own terms.
        One user: a moment of the rule book's turn (a deal made), with `deal_edits`."""

    # ------------------------------------------------------------ hands and discards
    def keeps_at_new_hand(self, st: pb.State, seat: int) -> list[int]:
        """Cards of his hand the holder may keep (showing them) when he draws a new hand
        (every seat about to draw one is asked whether he keeps any).
        One user: the new hand's one question of what is kept."""
        return []

    # ------------------------------------------------------------ response windows
    def response_moves(self, st: pb.State, seat: int, t: pb.Task) -> list[pb.Move]:
        """Moves the holder may make with this piece in the response window `t`.
        One user: a pair with `respond`: the response window's moves and their effect."""
        return []

    def respond(self, st: pb.State, ctx: Ctx, seat: int, t: pb.Task, move: pb.Move) -> None:
        """One of `response_moves` was made (the window is closed).
        One user: a pair with `response_moves`."""

    # ------------------------------------------------------------ end of encounter
    def at_cleanup(self, st: pb.State, ctx: Ctx) -> None:
        """The encounter cards are going to the discard pile: settle this piece's own
        encounter fields (called for every registered piece, held or not).
        One user: a moment of the rule book's turn (the cleanup)."""

    def another_encounter(self, st: pb.State, seat: int) -> bool | None:
        """May the offence (the holder) have another encounter? None: the rule book's rule."""
        return None

    # ------------------------------------------------------------ copying
    def copies(self, st: pb.State, seat: int) -> list[int]:
        """Power ids of others the holder uses as his own now."""
        return []


class Edict(Piece):
    """An edict card: played from a hand in a window, in answer to a response window, or
    "à n'importe quel moment" (`at_any_time`)."""

    answers: ClassVar[frozenset[str]] = frozenset()  # the RESPONSE_* kinds it may answer
    windows: ClassVar[frozenset[int]] = frozenset()  # windows it may be played in (itself,
    #                                                  or in answer to what is played there)

    def at_any_time(self, st: pb.State, seat: int) -> list[pb.Move]:
        """Moves offered with every decision `seat` owes during a launch, the alliances or a
        deal, and in every window."""
        return []

    def play(self, st: pb.State, ctx: Ctx, seat: int, move: pb.PlayEdict) -> None:
        """The card has left `seat`'s hand for the discard pile: do what it says."""

    def answer(self, st: pb.State, ctx: Ctx, seat: int, t: pb.Task, card: int) -> None:
        """Played in answer to the response window `t` (its kind is in `answers`)."""

    def answer_target(self, t: pb.Task) -> int:
        """The seat named by an answer to `t`.
        One user: the response window's one question of whom an answering edict names."""
        return t.seat


# What a response window answers (the `ResponseTask.about` member): a piece's announced use,
# powers just stopped by a Zap, a consolation about to be taken, an edict just discarded.
# Edicts name the ones they may answer (`Edict.answers`); held pieces offer `response_moves`.
RESPONSE_POWER_USE, RESPONSE_POWERS_STOPPED = "power_use", "powers_stopped"
RESPONSE_CONSOLATION, RESPONSE_EDICT_DISCARDED = "consolation", "edict_discarded"


def about(t: pb.Task) -> str | None:
    """What the response window `t` answers (a RESPONSE_*); None: `t` is no response window."""
    return t.response.WhichOneof("about") if t.WhichOneof("kind") == "response" else None


class Moon(Piece):
    """A moon of seed 000 (`moons/`): its number is its annex entry (content/moons.json).

    A moon acts through the moon hooks below, each given the moon's index in `State.moons`
    (`moonflow` asks them; the flow only calls `moonflow`). Who it acts for follows its code:
    an instant (I) moon acts in `on_landing`, each time tokens land; a permanent (P) one for
    its occupants while it has tokens; the "while face up" ones for the player of its system's
    colour. When it changes anything it calls `moontools.acts`, which makes it known to all
    (seed 000: "Au moment où la lune agit, et pas avant, les autres joueurs prennent alors
    connaissance de sa puissance"). An optional (F) moon that could ever hurt its controller
    asks him (a `moon_question` task: `question_options`, `answer`); one that only helps acts
    without asking, as declining it is never useful (docs/rules/cosmic-000.md).
    """

    number: ClassVar[int]

    # ------------------------------------------------------------ landing (a capability)
    landings: ClassVar[frozenset[str]] = frozenset({LANDED})  # the moments `on_landing` hears

    def on_landing(self, st: pb.State, ctx: Ctx, moon: int, landing: Landing) -> None:
        """A landing effect: the landing `landing` is at one of this moon's `landings` (M2):
        LANDED, tokens landed on it (asked while it acts for the lander, of instant moons
        only); REVEALED, it has just turned face up; ANY_MOON, tokens landed on some moon (of
        every moon on the board). One dispatcher, `moonflow.landed`."""

    # ------------------------------------------------------------ questions (Task.moon_question)
    def question_options(self, st: pb.State, t: pb.Task) -> list[pb.Move]:
        """The legal answers to this moon's question `t` (none: it is dropped)."""
        return []

    def answer(self, st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
        """`t.seat` answered this moon's question `t` with `move` (the task is already off
        the queue)."""

    # ------------------------------------------------------------ combat (a capability)
    def combat(self, st: pb.State, moon: int, side: int) -> Combat | None:
        """What this moon does to main player `side`'s total (None: nothing): the combat
        modifier capability, one dispatcher (`moonflow.combat_terms`), used by moons 9, 19,
        33, 41, 43-48, 51. Asked only of a moon acting for `side` (not suspended for him)."""
        return None

    # ------------------------------------------------------------ victory (a capability)
    victory: ClassVar[Victory | None] = None  # the victory rule capability (moons 1, 7, 34,
    #                                           53): read by `moonflow` only

    # ------------------------------------------------------------ deals
    def spares_deal_loss(self, st: pb.State, moon: int, seat: int) -> bool:
        """A deal failed: does `seat` lose nothing?
        One user: the failed deal's one question, asked of the moons of the two players."""
        return False

    # ------------------------------------------------------------ hands
    def forbids_new_hand(self, st: pb.State, moon: int, seat: int) -> bool:
        """May `seat`, out of encounter cards, not draw a new hand?
        One user: the new hand's one question for a moon, asked when out of cards."""
        return False

    # ---- powers, suspended moons, uses by choice, standing extensions
    def entitles_powers(self, st: pb.State, moon: int, seat: int) -> bool:
        """May `seat` use all his powers even when not entitled (too few home planets, zapped)?
        (Asked of the moons of his home system.)
        One user: the one place besides the power threshold where a power's use is decided."""
        return False

    def suspends_home_moons(self, st: pb.State, moon: int, seat: int) -> bool:
        """Do the moons of `seat`'s home system stop acting for him (he stands on this one)?
        One user: the one question of which moons act for a seat, asked by moonboard."""
        return False

    def use_moves(self, st: pb.State, moon: int, seat: int, t: pb.Task | None) -> list[pb.Move]:
        """Moves `seat`, standing on this moon, may make with it now: in the response window
        `t`, or (None) at any moment or in the card step."""
        return []

    def use(self, st: pb.State, ctx: Ctx, moon: int, seat: int, t: pb.Task | None,
            move: pb.Move) -> None:
        """`seat` made `move`, one of `use_moves` (`t`: the response window it answered)."""
    # ---- draws, turns, alliances, reveal, victory, combat, destiny
    redraws_discs: ClassVar[bool] = False     # may redraw a disc (asked of the offence)

    def extra_encounter(self, st: pb.State, moon: int, seat: int) -> bool:
        """May offence `seat` have one more encounter this turn beyond the rule book's?
        One user: the turn's one question of a further encounter."""
        return False

    def ally_factor(self, st: pb.State, moon: int, seat: int) -> int:
        """`seat` may join any alliance uninvited, his tokens' cap multiplied by this (0: no).
        One user: the alliance's one question of an uninvited ally."""
        return 0

    def holds_tokens(self, st: pb.State, moon: int, seat: int) -> bool:
        """May `seat` not take his tokens off this moon now?"""
        return False

    def cancel_victory(self, st: pb.State, ctx: Ctx, moon: int, seat: int,
                       winner: int) -> None:
        """`seat` cancels `winner`'s win with this moon (its `victory.cancels`).
        One user: the victory rule's one effect: a win cancelled, then the moon does what it
        says."""
    # ---- prison and victory moons (4, 34)
    keeps_tokens: ClassVar[bool] = False  # its tokens never leave as from a base (4, 34)
    zap_frees: ClassVar[bool] = False     # the Moon Zap edict frees the tokens it holds (4)

    def no_combat(self, st: pb.State, moon: int) -> bool:
        """Is a cone aimed at this moon a landing without combat (no defender, no cards)?
        One user: the aim's one question of whether a body is fought for at all."""
        return False

    # ---- moments of the rules (a capability)
    hears: ClassVar[frozenset[str]] = frozenset()  # the moments `on_moment` hears

    def on_moment(self, st: pb.State, ctx: Ctx, moon: int, moment: Moment) -> None:
        """A moment of the rules this moon hears (`hears`: DRAWN, BODY_DESTROYED,
        DISC_TURNED, ENCOUNTER_OVER), asked of the moons on the board; one dispatcher,
        `moonboard.hear` (moons 19, 21, 31, 58)."""

    def window_moves(self, st: pb.State, moon: int, seat: int, window: int) -> list[pb.Move]:
        """Moves `seat` may make with this moon in `window` (a window Step)."""
        return []

    def make_window_move(self, st: pb.State, ctx: Ctx, moon: int, seat: int,
                         move: pb.Move) -> None:
        """`seat` made one of this moon's `window_moves`."""

    def redraws_disc(self, st: pb.State, moon: int, seat: int) -> bool:
        """May offence `seat` set the drawn star disc aside and draw another?
        One user: a pair with `redraw_disc`: may, then does, for one rule (the destiny)."""
        return False

    def redraw_disc(self, st: pb.State, ctx: Ctx, moon: int, seat: int) -> None:
        """Offence `seat` sets the drawn disc aside and draws another with this moon.
        One user: a pair with `redraws_disc`."""
    # ---- moons that keep their own state (33)
    def settle(self, st: pb.State, ctx: Ctx, moon: int) -> None:
        """After every step, while on the board (asked only of the moons that override it):
        bring the moon's own state up to date with the board.
        One user: the per-step upkeep of a moon's own state, asked only of the moons that have
        one."""

    def audit(self, st: pb.State, moon: int) -> list[str]:
        """What is wrong with this moon's own state (rules.audit).
        One user: rules.audit's one question for a moon's own state."""
        return []

    # ---- travelling moons (21)
    def shields(self, st: pb.State, moon: int) -> int:
        """A planet this moon makes impossible to aim at (-1: none).
        One user: the aim's one question of a planet a moon takes out of reach."""
        return -1

    # ---- flares: moons that act on flares
    needs_flares: ClassVar[bool] = False  # dealt only in games with flares (moons 25, 26)

    # ---- table: the table-behaviour moons (36, 58; table.py)
    def table_rule(self, st: pb.State, moon: int, seat: int) -> TableRule | None:
        """What this moon does to `seat`, who stands on it (None: nothing): the table rule
        capability, one dispatcher (`moonflow.table_rules`), used by moons 36 and 58."""
        return None

    # ---- views
    def publish(self, mo: pb.Moon, out: pb.MoonView) -> None:
        """Copy the moon's own public fields of `mo` (its `Moon` state) into its view `out`;
        asked for every hosted moon on the board, of views a table limit does not blind."""


# ---- flares: seed 000's flare cards (flares/)
class Flare(Piece):
    """A flare of seed 000 (`flares/<power>.py`): a card in hand tied to the power `power`.

    It acts "en sauvage" for a holder of that power and "en parasite" for anyone else (F05,
    F06, relative to the holder now: FL2); a sauvage effect needs the power usable (FL1). Its
    hooks are the powers' own (`window_actions`, `perform`), asked by `flares` for each flare
    in a hand not yet played this encounter; its moves are `UsePower` moves of its power, so
    the effect reuses the power's code. `sauvage` tells which effect the holder plays.
    """

    power: ClassVar[str]

    def sauvage(self, st: pb.State, seat: int) -> bool:
        """Is the flare `seat` holds his own power's (F06)?
        One user: the flares' one question (sauvage or parasite), asked of every flare."""
        return registry.POWER_ID[self.power] in st.seats[seat].powers
