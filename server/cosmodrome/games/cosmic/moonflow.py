"""Seed 000's moons in the turn: dealt at setup, aimed at, landed on, known, counted.

The flow calls the functions here at the moments moons matter (aim, landing, totals,
victory, a failed deal); they ask the moon pieces (`pieces.MOONS`, the hooks of
`hooks.Moon`) and name none. The readings of the seed's open questions (M1-M8) are in
docs/rules/cosmic-000.md; each is quoted where it is applied.

A moon is a body (board.body): body players * 5 + m is `State.moons[m]`, so tokens land on,
launch from and are lost from moons as from planets (M4: "elles ne comptent pas comme bases
pour la victoire finale", so `board.foreign_bases` counts planets only).
"""

from __future__ import annotations

from cosmodrome.core.engine import BadOptions
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic import actions, pieces, ruleset
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import (
    DISC_TURNED,
    ENCOUNTER_OVER,
    Moment,
    Moon,
    TableRule,
    TaskKind,
    Victory,
)
from cosmodrome.games.cosmic.moonboard import (  # noqa: F401 - the flow asks some here
    acting_for,
    colour_of,
    colour_side,
    entitles_powers,
    hear,
    moons_with,
    occupants,
    occupied_by,
    on_board,
    on_board_with,
    suspended,
    use,
    use_moves,
    victory_moons,
)
from cosmodrome.games.cosmic.moontools import (  # noqa: F401 - the flow lands tokens here
    acts,
    content,
    in_card_step,
    landed,
)
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

MOONS_PER_PLAYER = 2  # "chaque joueur tire au hasard deux lunes"


# ====================================================================== options and setup

def moon_set(options: pb.Options) -> int:
    """The moon set played: unset is the ruleset's default (`cosmic`: the game-effect moons;
    `classic`: none)."""
    if options.moons:
        return options.moons
    return pb.MOON_SET_GAME_EFFECT if options.ruleset == pb.RULESET_COSMIC else pb.MOON_SET_OFF


def deck_numbers(options: pb.Options) -> list[int]:
    """The moon numbers dealt from: the explicit `moon_deck`, else the hosted moons of the
    set (M8: the default deck is the game-effect moons; `all` adds the cut-text and table
    ones; a moon the data marks not hostable, never)."""
    if options.moon_deck:
        return list(options.moon_deck)
    which = moon_set(options)
    if which == pb.MOON_SET_OFF:
        return []
    flares = ruleset.value(options, "flares")
    return [m.number for m in content().MOONS if m.number in pieces.MOONS
            and m.judged_by != "not_hostable"
            and (m.default_deck or which == pb.MOON_SET_ALL)
            and (flares or not pieces.MOONS[m.number].needs_flares)]


def check_options(options: pb.Options, players: int) -> None:
    if options.moons not in pb.MoonSet.values():
        raise BadOptions("moons must be one of off, game_effect, all")
    numbers = list(options.moon_deck)
    count = content().MOON_COUNT if numbers else 0
    for n in numbers:
        if not 1 <= n <= count:
            raise BadOptions(f"moon_deck: no moon {n} (moons are numbered 1-{count})")
        if n not in pieces.MOONS:
            raise BadOptions(f"moon_deck: moon {n} is not hosted")
    if len(set(numbers)) != len(numbers):
        raise BadOptions("moon_deck names a moon twice")
    dealt = deck_numbers(options)
    if dealt and len(dealt) < MOONS_PER_PLAYER * players:
        raise BadOptions(f"moons: {len(dealt)} moons cannot give two to each of "
                         f"{players} players")


def deal(st: pb.State, rng: Rng) -> None:
    """R06: "chaque joueur tire au hasard deux lunes, en prend connaissance et les place,
    faces cachées, dans son système solaire"; the rest stays in a secret deck."""
    numbers = deck_numbers(st.options)
    if not numbers:
        return
    rng.shuffle(numbers)
    n = st.players
    for s in range(n):
        for _ in range(MOONS_PER_PLAYER):
            st.moons.add(number=numbers.pop(), system=s, count=[0] * n,
                         known_by=[k == s for k in range(n)],
                         slot=rng.below(B.PLANETS_PER_SYSTEM))  # m6: the planet beside it
    st.moon_deck.extend(numbers)


# ====================================================================== aim (M1)

def targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(body, defender) pairs of the moons the cone may aim at: those of the drawn system
    (D03, D04), any moon present in a two-player game (D05). M1: each occupant but the
    offence may be named defender; a moon with none is an automatic win, unless the offence
    is alone there already (nothing to win, as for a planet of his own)."""
    off = st.enc.offense
    out: list[tuple[int, int]] = []
    for m, mo in enumerate(st.moons):
        if mo.gone or (st.players > 2 and mo.system != system):
            continue
        body = B.moon_body(st, m)
        others = [s for s in B.alive(st) if s != off and mo.count[s] > 0]
        out += [(body, s) for s in others]
        if not others and mo.count[off] == 0:
            out.append((body, -1))
    return out


# ====================================================================== knowledge (L03-L06, M5)

def is_public(mo: pb.Moon) -> bool:
    return mo.face_up or all(mo.known_by)


def after_step(st: pb.State, ctx: Ctx) -> None:
    """After every step, in one pass over the moons (it runs at every step): L04 "Lorsqu'elle
    n'est plus habitée, elle doit à nouveau présenter sa face cachée" (those who saw it
    remember it: M5); then the moons that keep their own state bring it up to date."""
    settling, due = moons_with("settle"), []
    for m, mo in enumerate(st.moons):
        if mo.face_up and not any(mo.count):
            mo.face_up = False
        if mo.number in settling and not mo.gone:
            due.append(m)
    for m in due:
        pieces.MOONS[st.moons[m].number].settle(st, ctx, m)


# ====================================================================== landing (M2)

# ====================================================================== moons on the board

def attack_cards(st: pb.State, side: int) -> list[int]:
    """The values of the attack cards main player `side` played: his encounter card, and with
    seed 000's extension cards the attack cards he added (X3: a moon's bonus "à chacune de
    ses cartes d'Attaque" counts on each)."""
    card = B.played(st, "off") if side == st.enc.offense else B.played(st, "def")
    if not B.is_attack(card):
        return []
    added = X.of(st, side).extra
    return [CARDS[c].value for c in (card, *added) if B.is_attack(c)]


def card_bonus(per_card: int, values: list[int]) -> int:
    """A bonus of `per_card` on each attack card of `values`; a malus takes a card down to 0,
    never below (each card keeps its own floor)."""
    return sum(max(per_card, -v) for v in values)


def combat_terms(st: pb.State, ctx: Ctx | None, side: int) -> tuple[int, dict[int, int]]:
    """What the moons do to main player `side`'s total: a bonus on his attack cards and a
    factor per seat's tokens. With `ctx` (the real resolution, not a question) each moon
    that changes it acts."""
    e = st.enc
    cone = e.cone_off if side == e.offense else e.cone_def
    counted = [s for s in range(st.players) if cone[s] or (
        s == side == B.defender(st) and B.tok(st, e.planet, s))]
    values, modifiers = attack_cards(st, side), moons_with("combat")
    bonus, per_card, factors, acting = 0, 0, {}, []
    for m, piece in on_board(st):
        terms = None if st.moons[m].number not in modifiers or suspended(st, m, side) \
            else piece.combat(st, m, side)
        if terms is None:
            continue
        on_card = terms.per_card if values else 0
        changed = bool(terms.bonus or on_card)
        bonus += terms.bonus
        per_card += on_card
        for s in counted:
            f = 1 if suspended(st, m, s) else (terms.factors or {}).get(s, 1)
            if f != 1:
                factors[s] = factors.get(s, 1) * f
                changed = True
        if changed:
            acting.append(m)
    bonus += card_bonus(per_card, values)
    if ctx is not None:
        for m in acting:
            acts(st, ctx, m, side)
    return bonus, factors


def _victory_rules(st: pb.State, term: str) -> list[tuple[int, Victory]]:
    """(index, victory rule) of the moons on the board whose rule has `term` (the win is
    checked at every step: the other moons add nothing, so they are not asked)."""
    having = victory_moons(term)
    return [(m, pieces.MOONS[mo.number].victory) for m, mo in enumerate(st.moons)
            if mo.number in having]


def victory_bases_by_seat(st: pb.State) -> list[int]:
    """Foreign bases the moons each seat stands on add to his count for the win (R09: never
    a moon as a base, unless its text says so)."""
    out = [0] * st.players
    for m, rule in _victory_rules(st, "bases"):
        for s, n in enumerate(st.moons[m].count):
            if n and acting_for(st, m, s):
                out[s] += rule.bases
    return out


def most_victory_bases() -> int:
    """The most the moons can add to one seat's count for the win: one per hosted moon that
    adds bases (`Victory.bases`: a moon counts as one base at most)."""
    return len(victory_moons("bases"))


def victory_bases(st: pb.State, seat: int) -> int:
    return victory_bases_by_seat(st)[seat]


def victory_moons_act(st: pb.State, ctx: Ctx, winners: list[int]) -> None:
    for s in winners:
        for m, piece in occupied_by(st, s):
            if piece.victory is not None and piece.victory.bases:
                acts(st, ctx, m, s)


def may_redraw(st: pb.State, seat: int) -> bool:
    """May `seat`, out of encounter cards, draw a new hand (no moon forbids it)?"""
    return not any(piece.forbids_new_hand(st, m, seat) and not suspended(st, m, seat)
                   for m, piece in on_board(st))


def spares_deal_loss(st: pb.State, ctx: Ctx, seat: int) -> bool:
    for m, piece in on_board(st):
        if piece.spares_deal_loss(st, m, seat) and not suspended(st, m, seat):
            acts(st, ctx, m, seat)
            return True
    return False


# ====================================================================== what moons do


def _piece_of(st: pb.State, t: pb.Task) -> Moon:
    return pieces.MOONS[st.moons[t.moon_question.moon].number]


def _question_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    return _piece_of(st, t).question_options(st, t)


def _answer(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    _piece_of(st, t).answer(st, ctx, t, move)


QUESTION = TaskKind("moon", "Answer the moon's question", _question_options, _answer)


# ============================================================ powers, suspended moons, uses

def use_at_any_time(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> bool:
    """Carry out `move` if it is a moon used "à tout moment" (not in answer to a response
    window, not in the card step, which take their own moves): True if it was."""
    if move.WhichOneof("kind") != "moon_use" or in_card_step(st) or (
            st.tasks and st.tasks[0].WhichOneof("kind") == "response"):
        return False
    use(st, ctx, seat, move)
    return True


# ====================================================================== draws, turns,
# alliances, reveal, victory, combat, destiny

def extra_encounter(st: pb.State, seat: int) -> int | None:
    """The moon that gives offence `seat` one more encounter now beyond the rules."""
    return next((m for m, piece in on_board(st) if piece.extra_encounter(st, m, seat)), None)


def take_extra_encounter(st: pb.State, ctx: Ctx, seat: int) -> None:
    """`seat` has one more encounter by a moon; out of encounter cards, he draws a new hand
    and keeps his edicts ("les Edits peuvent être gardés ou joués")."""
    m = extra_encounter(st, seat)
    if m is None:
        return
    acts(st, ctx, m, seat)
    st.enc.extra_encounters += 1
    if B.has_encounter_card(st, seat):
        return
    hand = st.seats[seat].hand
    kept = [c for c in hand if pieces.is_edict(c)]
    st.discard.extend(c for c in hand if not pieces.is_edict(c))
    del hand[:]
    hand.extend(kept)
    actions.draw_new_hand(st, ctx, seat, 0)


def ally_multiplier(st: pb.State, seat: int) -> int:
    """How many times the usual number of tokens `seat` may send as an ally, who may then
    also join uninvited; 1: no moon."""
    if not st.moons or seat in (st.enc.offense, B.defender(st)):
        return 1
    return max((piece.ally_factor(st, m, seat) for m, piece in on_board(st)), default=0) or 1


def joins_uninvited(st: pb.State, seat: int) -> bool:
    """May `seat` join either side of this encounter without an invitation?"""
    return ally_multiplier(st, seat) > 1


def holds(st: pb.State, body: int, seat: int) -> bool:
    """May `seat` not take his tokens off `body` now?"""
    m = B.moon_of(st, body)
    piece = None if m is None or st.moons[m].gone else pieces.MOONS.get(st.moons[m].number)
    return piece is not None and piece.holds_tokens(st, m, seat)


def win_count(st: pb.State, seat: int) -> int:
    """`seat`'s count for the win: foreign planets, and what the moons he is on add."""
    return B.foreign_bases(st, seat) + victory_bases(st, seat)


def standing_wins(st: pb.State, winners: list[int]) -> list[int] | None:
    """The wins that stand (None: the seats are being asked whether a moon cancels one). A
    win a moon cancelled stands again only above the count it was cancelled at; the record
    goes if the count drops below it (m53b). At a win, every living seat but the winners with
    tokens on a moon is asked when a moon that cancels wins is in the game, so being asked
    tells nothing."""
    if any(st.win_cancelled):
        for s, at in enumerate(st.win_cancelled):
            if at and win_count(st, s) < at:
                st.win_cancelled[s] = 0
        winners = [s for s in winners if not st.win_cancelled
                   or win_count(st, s) > st.win_cancelled[s]]
    if not winners:
        if st.victory_asked:
            st.victory_asked = False
        return winners
    if any(t.HasField("victory_contest") for t in st.tasks):
        return None
    if st.victory_asked or not _contestable(st):
        return winners
    st.victory_asked = True
    asked = [s for s in B.alive(st) if s not in winners
             and any(mo.count[s] for mo in st.moons if not mo.gone)]
    for s in reversed(asked):
        st.tasks.insert(0, pb.Task(seat=s, victory_contest=pb.VictoryContestTask(
            winners=winners)))
    return None if asked else winners


def _contestable(st: pb.State) -> bool:
    return _in_game(st, victory_moons("cancels"))


def _in_game(st: pb.State, kind: frozenset[int]) -> bool:
    """Is a moon of this kind (of the numbers `kind`) in the game, dealt or not (the deck's
    make-up is public)?"""
    numbers = [mo.number for mo in st.moons if not mo.gone] + list(st.moon_deck)
    return any(n in kind for n in numbers)


def _cancellers(st: pb.State, seat: int) -> list[int]:
    cancelling = victory_moons("cancels")
    return [m for m, piece in on_board(st) if piece.number in cancelling
            and st.moons[m].count[seat] > 0]


def _contest_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    ok = bool(_cancellers(st, t.seat))
    return [pb.Move(cancel_victory=pb.SeatChoice(seat=w)) for w in t.victory_contest.winners
            if ok and w != t.seat and not st.seats[w].eliminated] + [DONE]


def _contest(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    if move.WhichOneof("kind") != "cancel_victory":
        return
    m = _cancellers(st, t.seat)[0]
    winner = move.cancel_victory.seat
    if not st.win_cancelled:
        st.win_cancelled.extend([0] * st.players)
    st.win_cancelled[winner] = win_count(st, winner)
    acts(st, ctx, m, t.seat)
    pieces.MOONS[st.moons[m].number].cancel_victory(st, ctx, m, t.seat, winner)


DONE = pb.Move(done=pb.Done())
CONTEST = TaskKind("victory_contest", "A win is due: cancel it with a moon, or not",
                   _contest_options, _contest)


def window_moves(st: pb.State, seat: int, window: int) -> list[pb.Move]:
    """Moves `seat` may make with the moons in `window`."""
    if not st.moons:
        return []
    return [mv for m, piece in on_board_with(st, "window_moves")
            for mv in piece.window_moves(st, m, seat, window)]


def make_window_move(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    for m, piece in on_board(st):
        if move in piece.window_moves(st, m, seat, st.step):
            piece.make_window_move(st, ctx, m, seat, move)
            return


def transformed_bonus(st: pb.State, side: int) -> int:
    """What the transformed attack cards of main player `side` add to his attack value (moon
    35); nothing under extension 0, which makes the value 0."""
    e = st.enc
    if not e.transformed:
        return 0
    ext = X.of(st, side)
    if ext.HasField("card") and CARDS[ext.card].value == 0:
        return 0
    first = B.played(st, "off") if side == e.offense else B.played(st, "def")
    mine = [first, *ext.extra]
    return sum(v - CARDS[c].value for c, v in zip(e.transformed, e.transformed_value,
                                                   strict=True) if c in mine)


def disc_redrawer(st: pb.State, seat: int) -> int | None:
    """The moon that lets offence `seat` set the drawn disc aside and draw another (23)."""
    return next((m for m, piece in on_board(st) if piece.redraws_disc(st, m, seat)), None)


def disc_drawn(st: pb.State) -> None:
    """The destiny disc is drawn: with a moon that redraws discs in the game, an offence with
    tokens on a moon is asked whether he uses one, so being asked tells nothing."""
    off = st.enc.offense
    if st.moons and any(mo.count[off] for mo in st.moons if not mo.gone) \
            and _in_game(st, moons_with("redraws_discs")):
        st.tasks.insert(0, pb.Task(seat=off, disc_redraw=pb.DiscRedrawTask()))


def _redraw_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    yes = [pb.Move(answer=pb.Answer(yes=True))] if disc_redrawer(st, t.seat) is not None else []
    return [*yes, pb.Move(answer=pb.Answer(yes=False))]


def _redraw(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    m = disc_redrawer(st, t.seat)
    if move.answer.yes and m is not None:
        acts(st, ctx, m, t.seat)
        pieces.MOONS[st.moons[m].number].redraw_disc(st, ctx, m, t.seat)


REDRAW = TaskKind("disc_redraw", "The disc is drawn: draw another with a moon, or not",
                  _redraw_options, _redraw)
# ================================================================ prison and victory moons

def aimed(st: pb.State, ctx: Ctx) -> None:
    """The cone is aimed: at a moon where no combat ever happens, the encounter is a landing
    without combat (no defender), and the moon acts."""
    m = B.moon_of(st, st.enc.planet)
    if m is None or m in st.enc.moons_zapped:
        return
    piece = pieces.MOONS.get(st.moons[m].number)
    if piece is not None and not st.moons[m].gone and piece.no_combat(st, m):
        st.enc.ClearField("defense")
        acts(st, ctx, m, st.enc.offense)


def may_win(st: pb.State, ctx: Ctx, seat: int) -> bool:
    """Does `seat` hold every moon a winner must hold? A moon that stops his win acts (L06:
    from then on all know it)."""
    holding = victory_moons("must_hold")
    for m, piece in on_board(st):
        if piece.number in holding and not st.moons[m].count[seat]:
            if not all(st.moons[m].known_by):
                acts(st, ctx, m, seat)
            return False
    return True


# ================================================================ reveals, destroyed bodies

# ================================================================ where a moon lies (m6)


def standing_targets(st: pb.State, targets: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (planet, defender) aims left once destroyed planets (m6/19) and the planets a
    moon shields (m21) are taken out."""
    shielded = {piece.shields(st, m) for m, piece in on_board_with(st, "shields")}
    return [t for t in targets if not st.planets[t[0]].destroyed and t[0] not in shielded]


# ================================================================ moons' own state

def audit(st: pb.State) -> list[str]:
    return [p for m, piece in on_board(st) for p in piece.audit(st, m)]


# ================================================================ travelling moons (m21)

def disc_turned(st: pb.State, ctx: Ctx) -> None:
    """A star disc has just been turned: the travelling moons move."""
    hear(st, ctx, Moment(DISC_TURNED), list(on_board_with(st, "hears")))


# ====================================================================== table: 36, 58 (table.py)

def table_rules(st: pb.State, seat: int) -> list[TableRule]:
    """The table rules (`Moon.table_rule`) of the moons `seat` stands on: the one reader of
    the table rule capability."""
    return [rule for m, piece in occupied_by(st, seat)
            if (rule := piece.table_rule(st, m, seat)) is not None]


def may_ally(st: pb.State, seat: int) -> bool:
    """May `seat` ally, or be allied with (no moon he stands on forbids it)?"""
    return not any(rule.forbids_alliance for rule in table_rules(st, seat))


def view_limit(st: pb.State, seat: int) -> int:
    """The strongest TableLimit the moons `seat` stands on put on his view."""
    return max((rule.view_limit for rule in table_rules(st, seat)),
               default=pb.TABLE_LIMIT_NONE)


def encounter_over(st: pb.State, ctx: Ctx) -> None:
    hear(st, ctx, Moment(ENCOUNTER_OVER), list(on_board_with(st, "hears")))
