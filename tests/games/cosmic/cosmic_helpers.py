"""Helpers for the Cosmic tests: build positions, drive the engine, check invariants."""

from __future__ import annotations

import random

from cosmodrome.games.cosmic import Cosmic
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.content import CARDS, deck_of
from cosmodrome.games.cosmic.powers import POWER_ID
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

GAME = Cosmic()
GREEN, YELLOW, RED, BLUE = 0, 1, 2, 3


def new_game(players: int = 4, powers: list[str] | None = None, seed: int = 1, first: int = 0,
             edicts: bool = False, **opts) -> pb.State:
    options = pb.Options(powers=powers or ["none"] * players, first_player=first,
                         no_edicts=not edicts, **opts)
    st = GAME.setup(options, players, seed)
    pass_questions(st)  # the first start window, put to every seat
    return st


def position(**fields) -> pb.State:
    """A position set up by the documented builder (`cosmic.position.Position` fields), the
    start window passed."""
    from cosmodrome.games.cosmic.position import Position, build
    st = build(Position(**fields))
    pass_questions(st)
    return st


def card_of(kind: str, value: int = 0, edict: str = "", skip: int = 0,
            cosmic: bool = False) -> int:
    """A card id of the classic deck (`cosmic`: of seed 000's deck)."""
    found = [c.id for c in deck_of(cosmic) if c.kind == kind
             and (kind not in ("attack", "extension") or c.value == value)
             and (kind != "edict" or c.edict == edict)]
    return found[skip]


def locate(st: pb.State, card: int) -> tuple[str, object]:
    if card in st.deck:
        return "deck", st.deck
    if card in st.discard:
        return "discard", st.discard
    for se in st.seats:
        if card in se.hand:
            return "hand", se.hand
    raise AssertionError(f"card {card} not found")


def give(st: pb.State, seat: int, cards: list[int], replace: bool = True) -> None:
    """Put exactly `cards` in `seat`'s hand (the rest goes back to the deck)."""
    hand = st.seats[seat].hand
    if replace:
        st.deck.extend(hand)
        del hand[:]
    for c in cards:
        kind, where = locate(st, c)
        i = list(where).index(c)
        if kind == "hand":  # keep the other hand's size: swap in a deck card
            where[i] = st.deck.pop(0)
        else:
            del where[i]
        hand.append(c)
    if st.piles:  # seed 000's four piles: cut the changed deck again
        B.split_piles(st)


def set_tokens(st: pb.State, planet: int, seat: int, n: int) -> None:
    """Set `seat`'s tokens on `planet` to n, moving the difference to/from its first home base."""
    have = B.tok(st, planet, seat)
    B.add_tok(st, planet, seat, n - have)
    home = next(p for p in B.planets_of(seat) if p != planet)
    B.add_tok(st, home, seat, have - n)


def at_aim(st: pb.State, system: int) -> None:
    """Skip destiny: the offence drew `system` (start-window edicts are passed)."""
    from cosmodrome.games.cosmic import flow
    ctx = flow.Ctx(st, [], 0)
    flow.settle(st, ctx)  # hands may have changed: re-check the start window
    st.rng = ctx.rng.state
    while st.step == pb.STEP_START_WINDOW and GAME.decisions(st):
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, PASSIVE.get(d.kind, DONE))
    assert st.step == pb.STEP_AIM, pb.Step.Name(st.step)
    st.enc.system = system


def third_joins_the_offence(st: pb.State, offence: int = 0, defence: int = 1,
                            third: int = 2, planet: int = 5) -> None:
    """The offence aims at `planet` of the defence's system, launches one token and invites
    the third seat, who joins the offence; the defence invites no one."""
    at_aim(st, defence)
    play(st, offence, mv(aim=pb.Aim(planet=planet, defense=defence)))
    take(st, offence, 0)
    play(st, offence, mv(invite=pb.SeatChoice(seat=third)))
    play(st, offence, DONE)
    play(st, defence, DONE)
    play(st, third, mv(join=pb.Join(side=pb.SIDE_OFFENCE)))


def options(st: pb.State, seat: int) -> list[pb.Move]:
    return [o for d in GAME.decisions(st) if d.seat == seat for o in d.options]


def kinds(st: pb.State) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in GAME.decisions(st)]


def _only_passes(d) -> bool:
    passes = (pb.Move(done=pb.Done()), pb.Move(answer=pb.Answer(yes=False)),
              pb.Move(auto_pass=pb.AutoPass(on=True)), pb.Move(auto_pass=pb.AutoPass(on=False)))
    return d.kind in PASSIVE and all(o in passes for o in d.options)


def able(st: pb.State) -> list[tuple[int, str]]:
    """(seat, kind) of the decisions of seats that can do more than pass, once the seats that
    can only pass have passed: every seat is asked in a window, a response and the passive
    questions, and this is the part a rule about one seat's holdings is about."""
    for _ in range(500):
        ds = GAME.decisions(st)
        real = [(d.seat, d.kind) for d in ds if not _only_passes(d)]
        passive = [d for d in ds if _only_passes(d)]
        if real or not passive:
            return real
        GAME.apply(st, passive[0].seat, PASSIVE[passive[0].kind])
    raise AssertionError("passes did not end")


# Questions every seat is asked whatever it holds; the tests pass them for the seats they do
# not watch (`play` answers them until its own move is offered).
PASSIVE = {"window": pb.Move(done=pb.Done()), "edict_response": pb.Move(done=pb.Done()),
           "tokens_lost": pb.Move(answer=pb.Answer(yes=False)),
           "new_hand": pb.Move(answer=pb.Answer(yes=False)),
           # asked of seats on a moon whenever a moon that cancels wins / redraws discs is dealt
           "victory_contest": pb.Move(done=pb.Done()),
           "disc_redraw": pb.Move(answer=pb.Answer(yes=False)),
           "flares_kept": pb.Move(flares_kept=pb.FlaresKept())}  # seed 000: keeps none


def play(st: pb.State, seat: int, move: pb.Move, now: int = 0):
    """`seat` makes `move`; the passive questions owed before it is offered (windows,
    responses, lost tokens, new hands put to every seat) are passed first, other seats'
    before his own."""
    for _ in range(500):
        ds = GAME.decisions(st)
        if any(d.seat == seat and move in d.options for d in ds):
            return GAME.apply(st, seat, move, now)
        passive = sorted((d for d in ds if d.kind in PASSIVE), key=lambda d: d.seat == seat)
        if not passive:
            break
        d = passive[0]
        GAME.apply(st, d.seat, PASSIVE[d.kind], now)
    return GAME.apply(st, seat, move, now)  # refused: the test sees why


def mv(**kw) -> pb.Move:
    return pb.Move(**kw)


DONE = pb.Move(done=pb.Done())
FACE_DOWN = pb.PlayedCard(face=pb.CARD_FACE_DOWN)


def known(card: int) -> pb.PlayedCard:
    """A played card as a view shows it to one who may read it."""
    return pb.PlayedCard(face=pb.CARD_FACE_KNOWN, card=card)


def take(st: pb.State, seat: int, *planets: int, done: bool = True) -> None:
    for p in planets:
        play(st, seat, mv(planet=pb.PlanetChoice(planet=p)))
    if done and any(d.seat == seat and d.kind == "take_token" for d in GAME.decisions(st)):
        play(st, seat, DONE)


def place_all(st: pb.State) -> None:
    """Answer every pending token placement with the first base offered (passing the
    responses and passive questions queued before them, not the windows)."""
    while True:
        ds = GAME.decisions(st)
        places = [d for d in ds if d.kind == "place_token"]
        if places:
            play(st, places[0].seat, places[0].options[0])
            continue
        passive = [d for d in ds if d.kind in PASSIVE and d.kind != "window"]
        if not passive or not any(t.HasField("place") for t in st.tasks):
            return
        GAME.apply(st, passive[0].seat, PASSIVE[passive[0].kind])


def answer(st: pb.State, kind: str, yes: bool = True) -> int:
    """Answer with `yes` the first pending question of `kind` (tokens_lost, new_hand) that
    offers yes (a power's question: others are passed); returns its seat."""
    want = mv(answer=pb.Answer(yes=True))
    for _ in range(200):
        ds = GAME.decisions(st)
        mine = [d for d in ds if d.kind == kind and want in d.options]
        if mine:
            GAME.apply(st, mine[0].seat, mv(answer=pb.Answer(yes=yes)))
            return mine[0].seat
        passive = [d for d in ds if d.kind in PASSIVE]
        assert passive, f"no {kind} question with yes: {kinds(st)}"
        GAME.apply(st, passive[0].seat, PASSIVE[passive[0].kind])
    raise AssertionError(f"no {kind} question")


def pass_questions(st: pb.State) -> None:
    """Pass the windows, responses and passive questions owed now; stops at a question a
    power lets its holder answer yes (tokens lost, a new hand): the test answers it."""
    while True:
        ds = [d for d in GAME.decisions(st) if d.kind in PASSIVE]
        if not ds or any(_power_question(d) for d in ds):
            return
        GAME.apply(st, ds[0].seat, PASSIVE[ds[0].kind])


def _power_question(d) -> bool:
    """A passive question a power lets its holder answer otherwise than by passing."""
    return d.kind != "window" and any(
        o == mv(answer=pb.Answer(yes=True)) or o.WhichOneof("kind") == "power"
        for o in d.options)


def pass_responses(st: pb.State) -> list:
    """Every seat asked to answer a power use (or another response) passes; the events."""
    events = []
    while True:
        ds = [d for d in GAME.decisions(st) if d.kind == "edict_response"]
        if not ds:
            return events
        events += GAME.apply(st, ds[0].seat, DONE)


def use_power(st: pb.State, seat: int, name: str, target: int = -1, **detail):
    """`seat` uses power `name`; every other seat, asked whether to answer, passes. Returns
    the events of the use and of the passes (the power acts on the last one)."""
    events = play(st, seat, power_move(name, target, **detail))
    return events + pass_responses(st)


def pass_windows_events(st: pb.State) -> list:
    """`pass_windows`, returning the events of the passes."""
    events = []
    while True:
        ds = [d for d in GAME.decisions(st) if d.kind in PASSIVE]
        if not ds or any(_power_question(d) for d in ds):
            return events
        events += GAME.apply(st, ds[0].seat, PASSIVE[ds[0].kind])


def pass_windows(st: pb.State) -> None:
    """Pass every window, response and passive question owed now, in order."""
    pass_questions(st)


def token_total(st: pb.State, seat: int) -> int:
    e = st.enc
    cone = (e.cone_off[seat] if len(e.cone_off) > seat else 0) + \
        (e.cone_def[seat] if len(e.cone_def) > seat else 0)
    se = st.seats[seat]
    return B.tokens_on_board(st, seat) + cone + se.black_hole + se.removed + se.limbo


def all_cards(st: pb.State) -> list[int]:
    cards = list(st.deck) + list(st.discard)
    for se in st.seats:
        cards += list(se.hand)
    e = st.enc
    if not e.discarded and st.step not in (pb.STEP_CLEANUP, pb.STEP_NEXT):
        cards += [getattr(e, f) for f in ("card_off", "card_def") if e.HasField(f)]
        cards += X.cards(e.ext_off) + X.cards(e.ext_def)
    if e.HasField("set_aside"):
        cards.append(e.set_aside)
    return cards


def awaiting_placement(st: pb.State, seat: int) -> int:
    """Tokens the queued tasks will still put back on `seat`'s bases (or let go)."""
    return sum(t.place.count + (0 if t.tokens_lost.on_bases else t.tokens_lost.count)
               for t in st.tasks if t.seat == seat)


def check_invariants(st: pb.State, total_cards: int) -> None:
    assert GAME.audit(st) == [], GAME.audit(st)
    for s in range(st.players):
        assert token_total(st, s) == B.TOKENS_PER_PLAYER, f"tokens of seat {s}"
        # no token stranded in limbo: each one waits for a queued placement or Zombie answer
        # (once the game is over, pending questions are moot and dropped)
        assert st.finished or st.seats[s].limbo == awaiting_placement(st, s), f"limbo of {s}"
    cards = all_cards(st)
    assert len(cards) == total_cards and len(set(cards)) == total_cards, "cards conserved"


def random_game(players: int, seed: int, powers: list[str] | None = None, check: bool = True,
                **opts) -> tuple[pb.State, int]:
    options = pb.Options(**opts)
    if powers:
        options.powers.extend(powers)
    st = GAME.setup(options, players, seed)
    total = len(all_cards(st)) - len(st.flares)  # seed 000: moon 25 brings in one more flare
    r = random.Random(seed)
    moves = 0
    while True:
        ds = GAME.decisions(st)
        if not ds:
            break
        d = r.choice(ds)
        GAME.apply(st, d.seat, r.choice(d.options))
        moves += 1
        if check:
            check_invariants(st, total + len(st.flares))
        assert moves < 20_000, "game did not end"
    assert GAME.result(st) is not None
    return st, moves


__all__ = ["POWER_ID", "pb", "B", "CARDS"]


def duel(powers: list[str], off_cards: list[int], def_cards: list[int], *,
         off_from: tuple[int, ...] = (0, 1), def_tokens: int = 2, edicts: bool = False,
         seed: int = 1, **opts) -> pb.State:
    """Seat 0 attacks planet 5 (seat 1's) with tokens from `off_from`; seat 1 has `def_tokens`
    there; nobody allies. Returns at the pre-cards window (or the cards if no window).
    `opts`: more Options (the `cosmic` ruleset, ...)."""
    players = len(powers)
    st = new_game(players, powers, seed=seed, edicts=edicts, **opts)
    set_tokens(st, 5, 1, def_tokens)
    give(st, 0, off_cards)
    give(st, 1, def_cards)
    at_aim(st, 1)
    play(st, 0, mv(aim=pb.Aim(planet=5, defense=1)))
    while any(d.kind == "edict_response" for d in GAME.decisions(st)):
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, DONE)  # no Zap against a Macron's launch (test_cosmic_timing)
    take(st, 0, *off_from)
    while any(d.kind == "invite" for d in GAME.decisions(st)):
        d = GAME.decisions(st)[0]
        GAME.apply(st, d.seat, DONE)
    return st


def cards_down(st: pb.State, off_card: int, def_card: int) -> None:
    pass_windows(st)
    play(st, 0, mv(card=pb.CardChoice(card=off_card)))
    play(st, 1, mv(card=pb.CardChoice(card=def_card)))


def power_move(name: str, target: int = -1, **detail) -> pb.Move:
    """A power use, aimed at seat `target` (below 0: at no one), with its `detail` (`card=`,
    `question=`)."""
    use = pb.UsePower(power=POWER_ID[name], **detail)
    if target >= 0:
        use.target = target
    return pb.Move(power=use)


def notes(events, kind: int) -> list[pb.Note]:
    """The typed notes of `kind` among `events`."""
    return [e.payload.note for e in events
            if e.payload.WhichOneof("kind") == "note" and e.payload.note.kind == kind]


def pass_until(st: pb.State, step: int) -> None:
    """Pass windows and passive questions until the given step is reached."""
    while st.step != step:
        ds = [d for d in GAME.decisions(st) if d.kind in PASSIVE]
        if not ds:
            return
        GAME.apply(st, ds[0].seat, PASSIVE[ds[0].kind])
