"""The turn of Cosmic Encounter as a state machine, with the powers and edicts hooked in.

Reading order: `start_turn` -> `begin_encounter` (black hole, start window, destiny, aim,
launch, alliances) -> cards -> reveal -> `resolve` -> deal or cleanup -> next encounter or
`end_turn`. `decisions` lists what is owed now; `apply_move` performs one listed move and
then `settle` runs the automatic steps until a decision is owed again.
"""

from __future__ import annotations

from cosmodrome.core.engine import Decision, Event
from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import powers as P
from cosmodrome.games.cosmic.content import CARDS, POWER_ID, POWERS
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DEAL_EDIT_CAP = 12  # edits per deal; past it only propose / accept / abandon (keeps play finite)
VOID_ELIMINATION = 15  # more than this many tokens removed by the Void eliminates a player
MACHINE_CAP = 10  # encounters per turn for the Machine (provisional safety cap)
NEW_HAND_ROUNDS = 20  # redraws of a hand without encounter card (hands may hoard them all)


class Ctx:
    """What one apply() carries along: the events produced, the clock and the PRNG."""

    __slots__ = ("events", "now", "rng")

    def __init__(self, st: pb.State, events: list[Event], now: int) -> None:
        self.events = events
        self.now = now
        self.rng = Rng(st.rng)

    def say(self, text: str, seat: int = -1, audience: frozenset[int] | None = None) -> None:
        self.events.append(Event(pb.Event(note=pb.Note(text=text, seat=seat)), audience))


def _mv(**kw) -> pb.Move:
    return pb.Move(**kw)


DONE = _mv(done=pb.Done())
LAUNCH_DESTS = (pb.DEST_CONE_OFF, pb.DEST_CONE_DEF)  # a TASK_TAKE onto the cone is a launch
YES_NO = [_mv(answer=pb.Answer(yes=True)), _mv(answer=pb.Answer(yes=False))]


# ====================================================================== turn and encounter

def start_turn(st: pb.State, events: list[Event], seat: int, now: int = 0) -> None:
    ctx = Ctx(st, events, now)
    _start_turn(st, ctx, seat)
    settle(st, ctx)
    st.rng = ctx.rng.state


def _start_turn(st: pb.State, ctx: Ctx, seat: int) -> None:
    st.enc.offense = seat
    st.enc.number = 0
    # "Si, au début de votre duel, vous n'avez plus aucune carte de duel, vous devez jouer tous
    # vos Edits ou les jeter à la défausse ... puis vous devez tirer sept nouvelles cartes."
    # Holding edicts, the offence may first play them in the start window.
    due = not B.has_encounter_card(st, seat)
    # open_windows: always after the start window, so the moment says nothing of the hand
    if due and not st.options.open_windows and not any(
            CARDS[c].edict in ("peste", "anneaux", "spheres") for c in st.seats[seat].hand):
        new_hand(st, ctx, seat)
        due = False
    begin_encounter(st, ctx)
    if due and not st.finished:
        if st.step in (pb.STEP_RETRIEVE, pb.STEP_START_WINDOW):
            st.enc.new_hand_due = True
        else:
            new_hand(st, ctx, seat)


def begin_encounter(st: pb.State, ctx: Ctx) -> None:
    off = st.enc.offense
    number = st.enc.number + 1
    n = st.players
    st.enc.Clear()
    e = st.enc
    e.offense, e.number, e.defense, e.system, e.planet = off, number, -1, -1, -1
    e.cone_off.extend([0] * n)
    e.cone_def.extend([0] * n)
    e.invited_off.extend([False] * n)
    e.invited_def.extend([False] * n)
    e.lost_off.extend([0] * n)
    e.lost_def.extend([0] * n)
    e.card_off = e.card_def = e.set_aside = -1
    e.oracle_seat = e.laser_seat = e.question_target = e.pending_seat = -1
    # st.tasks is kept: the flow only moves on with an empty queue, except for the questions a
    # new hand drawn as the turn starts has just queued (the Vulch's), which must still be asked
    if number > 1 and not B.has_encounter_card(st, off) and not st.enc.new_hand_due:
        ctx.say("no encounter card left: the turn ends", off)
        end_turn(st, ctx)
        return
    if st.seats[off].black_hole > 0:
        st.step = pb.STEP_RETRIEVE
        return
    open_start_window(st, ctx)


def retrieve_options(st: pb.State) -> list[pb.Move]:
    off = st.enc.offense
    places = B.bases(st, off) or list(B.planets_of(off))
    return [_mv(planet=pb.PlanetChoice(planet=p)) for p in places] + [DONE]


def open_start_window(st: pb.State, ctx: Ctx) -> None:
    st.step = pb.STEP_START_WINDOW
    del st.enc.window_seats[:]
    st.enc.window_seats.extend(B.power_order(st))


def go_destiny(st: pb.State, ctx: Ctx) -> None:
    off = st.enc.offense
    if st.enc.new_hand_due:
        st.enc.new_hand_due = False
        new_hand(st, ctx, off)
        if st.tasks:
            return  # a Vulch answers about its edicts and draws before the destiny
    if st.players == 2:
        other = 1 - off
        if any(B.tok(st, p, other) for p in B.planets_of(off)):
            st.step = pb.STEP_DESTINY
            return
        st.enc.system = other
    else:
        st.enc.system = draw_destiny(st, ctx)
    st.step = pb.STEP_AIM


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
        else:
            colour = st.cup[ctx.rng.below(len(st.cup))]
        ctx.events.append(Event(pb.Event(destiny=pb.DestinyDrawn(colour=colour))))
        if colour != off or aim_targets(st, off):
            return colour
        ctx.say("own colour with nothing to attack at home: draw again", off)


def aim_targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(planet, defender) pairs the cone may aim at in `system`; defender -1: empty, auto-win."""
    off = st.enc.offense
    out: list[tuple[int, int]] = []
    if system != off:
        return [(p, system) for p in B.planets_of(system)]
    for p in B.planets_of(off):
        others = [s for s in B.alive(st) if s != off and B.tok(st, p, s) > 0]
        out += [(p, s) for s in others]
        if st.players > 2 and not others and B.tok(st, p, off) == 0:
            out.append((p, -1))
    return out


def aim(st: pb.State, ctx: Ctx, planet: int, defense: int) -> None:
    e = st.enc
    e.planet, e.defense = planet, defense
    e.auto_win = defense < 0 or B.tok(st, planet, defense) == 0
    if not e.auto_win and not _edicts_first(st, defense):
        refresh_if_empty(st, ctx, defense)
    off = e.offense
    avail = B.tokens_on_bases(st, off)
    st.step = pb.STEP_LAUNCH
    if avail:
        st.tasks.add(kind=pb.TASK_TAKE, seat=off, count=min(B.MAX_SHIP, avail), min=1,
                     dest=pb.DEST_CONE_OFF)
        P.macron_launch(st, ctx, off)


def after_launch(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    if e.auto_win:
        resolve(st, ctx)
        return
    st.step = pb.STEP_INVITE_OFF


def invite_candidates(st: pb.State, inviter: int) -> list[int]:
    if st.players == 2:
        return []
    e = st.enc
    return [s for s in B.alive(st) if s not in (e.offense, e.defense)]


def invite_options(st: pb.State, inviter: int, invited) -> list[pb.Move]:
    return [_mv(invite=pb.SeatChoice(seat=s)) for s in invite_candidates(st, inviter)
            if not invited[s]] + [DONE]


def after_invite_def(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    order = [s for s in B.clockwise_from(st, e.offense)
             if (e.invited_off[s] or e.invited_def[s]) and s not in (e.offense, e.defense)]
    del e.answer_order[:]
    e.answer_order.extend(order)
    st.step = pb.STEP_ALLIES


def join_options(st: pb.State, seat: int) -> list[pb.Move]:
    e = st.enc
    out = [_mv(join=pb.Join(side=0))]
    if B.tokens_on_bases(st, seat) > 0:
        if e.invited_off[seat]:
            out.append(_mv(join=pb.Join(side=1)))
        if e.invited_def[seat]:
            out.append(_mv(join=pb.Join(side=2)))
    return out


def open_pre_cards(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    for s in (e.offense, e.defense):
        if not _edicts_first(st, s):
            refresh_if_empty(st, ctx, s)
    st.step = pb.STEP_PRE_CARDS
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))


def open_cards(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    st.step = pb.STEP_CARDS
    for s in (e.offense, e.defense):
        refresh_if_empty(st, ctx, s)
    e.oracle_seat = -1
    if e.laser_seat < 0:
        for s in (e.offense, e.defense):
            if P.has(st, s, "oracle"):
                P.use(st, ctx, s, "oracle", "the opponent plays and reveals first")
                e.oracle_seat = s
                break


def card_options(st: pb.State, seat: int) -> list[pb.Move]:
    e = st.enc
    cards = [c for c in st.seats[seat].hand if B.is_encounter(c)]
    if e.question_target == seat and e.commitment:
        comp = [c for c in cards if B.is_compromise(c)]
        other = [c for c in cards if not B.is_compromise(c)]
        if e.commitment == 1 and comp:
            cards = comp
        elif e.commitment == 2 and other:
            cards = other
    return [_mv(card=pb.CardChoice(card=c)) for c in sorted(set(cards))]


def card_deciders(st: pb.State) -> list[int]:
    e = st.enc
    off, de = e.offense, e.defense
    out = []
    for s, card in ((off, e.card_off), (de, e.card_def)):
        if card >= 0:
            continue
        opp = de if s == off else off
        opp_card = e.card_def if s == off else e.card_off
        if e.laser_seat == opp:
            continue  # the Laser picks this seat's card
        if e.oracle_seat == s and opp_card < 0:
            continue  # the Oracle waits for the opponent's card
        out.append(s)
    return out


def play_card(st: pb.State, ctx: Ctx, seat: int, card: int) -> None:
    e = st.enc
    st.seats[seat].hand.remove(card)
    if seat == e.offense:
        e.card_off = card
    else:
        e.card_def = card
    ctx.say("plays an encounter card face down", seat)
    opp = e.defense if seat == e.offense else e.offense
    if e.oracle_seat == opp:
        # "seul votre adversaire joue la sienne et la retourne"
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=opp, from_seat=seat, cards=[card], why="oracle"))))
    if e.laser_seat == seat:
        opts = [c for c in st.seats[opp].hand if B.is_encounter(c)]
        if opts:
            st.tasks.add(kind=pb.TASK_LASER, seat=seat, count=len(opts))


def after_cards(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    st.step = pb.STEP_PRE_REVEAL
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))


def reveal(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    e.revealed = True
    ctx.events.append(Event(pb.Event(revealed=pb.Revealed(card_off=e.card_off,
                                                          card_def=e.card_def))))
    for s, card in ((e.offense, e.card_off), (e.defense, e.card_def)):
        if B.is_compromise(card) and P.has(st, s, "empathe"):
            # announced at the reveal; applied at resolution (`counts_compromise`), so a Zap
            # played in the post-reveal window, the instant it acts, still stops it
            P.use(st, ctx, s, "empathe", "the opponent's card becomes a compromise")
    st.step = pb.STEP_POST_REVEAL
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))


# ====================================================================== resolution

def counts_compromise(st: pb.State, seat: int) -> bool:
    e = st.enc
    if seat == e.offense:
        return e.compromise_off or B.is_compromise(e.card_off) or _empathe_turns(st, e.defense)
    return e.compromise_def or B.is_compromise(e.card_def) or _empathe_turns(st, e.offense)


def _empathe_turns(st: pb.State, seat: int) -> bool:
    """Empathe: its compromise turns the opponent's card into a compromise (unless zapped)."""
    e = st.enc
    card = e.card_off if seat == e.offense else e.card_def
    return e.revealed and B.is_compromise(card) and P.has(st, seat, "empathe")


def side_total(st: pb.State, ctx: Ctx | None, seat: int) -> int:
    """Attack value plus tokens (Macron tokens count four, the Virus multiplies)."""
    e = st.enc
    card = e.card_off if seat == e.offense else e.card_def
    cone = e.cone_off if seat == e.offense else e.cone_def
    tokens = 0
    for s in range(st.players):
        tokens += cone[s] * (4 if P.has(st, s, "macron") else 1)
    if seat == e.defense:
        tokens += B.tok(st, e.planet, seat) * (4 if P.has(st, seat, "macron") else 1)
    value = CARDS[card].value
    if P.has(st, seat, "virus"):
        if ctx is not None:
            P.use(st, ctx, seat, "virus", "tokens multiplied by the attack value")
        return value * tokens
    return value + tokens


def resolve(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    st.step = pb.STEP_RESOLVE
    off, de = e.offense, e.defense
    if e.auto_win:
        e.winner = 1
        ctx.say("no defending tokens: the offence wins automatically", off)
        offence_wins(st, ctx)
        return
    comp_off, comp_def = counts_compromise(st, off), counts_compromise(st, de)
    if comp_off and comp_def:
        e.winner = 3
        start_deal(st, ctx)
        return
    if comp_off:
        e.winner = 2
    elif comp_def:
        e.winner = 1
    else:
        t_off, t_def = side_total(st, ctx, off), side_total(st, ctx, de)
        ctx.events.append(Event(pb.Event(revealed=pb.Revealed(
            card_off=e.card_off, card_def=e.card_def, total_off=t_off, total_def=t_def))))
        e.winner = 1 if t_off > t_def else 2  # "en cas d'égalité, c'est le joueur défensif"
    if e.winner == 1:
        offence_wins(st, ctx)
        if comp_def:
            consolation(st, ctx, de, off, e.lost_def[de])
    else:
        defence_wins(st, ctx)
        if comp_off:
            consolation(st, ctx, off, de, e.lost_off[off])


def offence_wins(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    off, de, planet = e.offense, e.defense, e.planet
    e.success = True
    if de >= 0:
        n = B.tok(st, planet, de)
        B.add_tok(st, planet, de, -n)
        e.lost_def[de] += n
        lose_tokens(st, ctx, de, n, void_by=off)
    for s in range(st.players):
        n = e.cone_def[s]
        if n:
            e.cone_def[s] = 0
            e.lost_def[s] += n
            lose_tokens(st, ctx, s, n, void_by=off)
    for s in range(st.players):
        n = e.cone_off[s]
        if n:
            e.cone_off[s] = 0
            B.add_tok(st, planet, s, n)
            ctx.events.append(Event(pb.Event(tokens_moved=pb.TokensMoved(
                seat=s, count=n, to=f"planet {planet}", **{"from": "cone"}))))


def defence_wins(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    de = e.defense
    for s in range(st.players):
        n = e.cone_off[s]
        if n:
            e.cone_off[s] = 0
            e.lost_off[s] += n
            lose_tokens(st, ctx, s, n, void_by=de)
    for s in B.clockwise_from(st, e.offense):
        if e.cone_def[s]:
            st.tasks.add(kind=pb.TASK_REWARD, seat=s, count=e.cone_def[s])


def lose_tokens(st: pb.State, ctx: Ctx, seat: int, n: int, void_by: int = -1) -> None:
    """Tokens `seat` loses go to the black hole, unless a Zombie saves or the Void removes them."""
    if n <= 0 or st.seats[seat].eliminated:
        return
    if P.has(st, seat, "zombie"):
        # "au lieu de les disposer sur le Trou Noir, vous pouvez les replacer sur vos bases":
        # the Zombie decides (TASK_ZOMBIE); the tokens wait in limbo meanwhile
        st.seats[seat].limbo += n
        st.tasks.add(kind=pb.TASK_ZOMBIE, seat=seat, count=n, arg=void_by)
        return
    _lose_plainly(st, ctx, seat, n, void_by)


def zombie_answer(st: pb.State, ctx: Ctx, t: pb.Task, yes: bool) -> None:
    """The Zombie saves its lost tokens (placed on its bases) or lets them go as without the
    power: to the black hole, or removed by the Void (the Void is powerless only against a
    Zombie that uses its power)."""
    st.tasks.pop(0)
    if t.dest == pb.DEST_BLACK_HOLE:  # no deal or La Peste: the tokens are still on its bases
        n = min(t.count, B.tokens_on_bases(st, t.seat))
        if yes:
            P.use(st, ctx, t.seat, "zombie", f"its {n} tokens stay on its bases")
        else:
            # said to the Zombie only: declining keeps the power secret
            ctx.say("the Zombie lets its tokens go", t.seat, frozenset({t.seat}))
            st.tasks.insert(0, pb.Task(kind=pb.TASK_TAKE, seat=t.seat, count=n, min=n,
                                       dest=pb.DEST_BLACK_HOLE, void_removes=t.arg >= 0,
                                       arg=t.arg))
        return
    n = min(t.count, st.seats[t.seat].limbo)
    if yes:
        P.use(st, ctx, t.seat, "zombie", f"{n} lost tokens go back to its bases")
        st.tasks.insert(0, pb.Task(kind=pb.TASK_PLACE, seat=t.seat, count=n))
        return
    ctx.say("the Zombie lets its tokens go", t.seat, frozenset({t.seat}))
    st.seats[t.seat].limbo -= n
    _lose_plainly(st, ctx, t.seat, n, t.arg)


def _lose_plainly(st: pb.State, ctx: Ctx, seat: int, n: int, void_by: int) -> None:
    if void_by >= 0 and void_by != seat and P.has(st, void_by, "vide"):
        P.use(st, ctx, void_by, "vide", f"{n} tokens removed from the game")
        st.seats[seat].removed += n
        ctx.events.append(Event(pb.Event(tokens_moved=pb.TokensMoved(
            seat=seat, count=n, to="removed", **{"from": "encounter"}))))
        if st.seats[seat].removed > VOID_ELIMINATION:
            eliminate(st, ctx, seat)
        return
    st.seats[seat].black_hole += n
    ctx.events.append(Event(pb.Event(tokens_moved=pb.TokensMoved(
        seat=seat, count=n, to="black hole", **{"from": "encounter"}))))


def eliminate(st: pb.State, ctx: Ctx, seat: int) -> None:
    """More than 15 tokens removed by the Void: cards to the discard, tokens and discs out."""
    se = st.seats[seat]
    se.eliminated = True
    hand = list(se.hand)
    del se.hand[:]
    for c in hand:  # "Il dépose ses cartes sur la défausse": a Vulch may take the edicts
        if B.is_encounter(c):
            st.discard.append(c)
        else:
            P.discard_edict(st, ctx, seat, c)
    gone = se.black_hole + se.limbo
    se.black_hole = se.limbo = 0
    for p in range(st.players * B.PLANETS_PER_SYSTEM):
        gone += B.tok(st, p, seat)
        st.tokens[p * st.players + seat] = 0
    e = st.enc
    for cone in (e.cone_off, e.cone_def):
        if len(cone) > seat:
            gone += cone[seat]
            cone[seat] = 0
    se.removed += gone
    keep = [c for c in st.cup if c != seat]
    del st.cup[:]
    st.cup.extend(keep)
    keep = [c for c in st.discs_out if c != seat]
    del st.discs_out[:]
    st.discs_out.extend(keep)
    tasks = [t for t in st.tasks if t.seat != seat]
    del st.tasks[:]
    st.tasks.extend(tasks)
    if seat in e.answer_order:
        order = [s for s in e.answer_order if s != seat]
        del e.answer_order[:]
        e.answer_order.extend(order)
    ctx.say("eliminated by the Void", seat)


def consolation(st: pb.State, ctx: Ctx, taker: int, giver: int, n: int) -> None:
    """Consolation is mandatory; another seat holding Gaz Stellaire may answer first."""
    if n <= 0 or st.seats[taker].eliminated:
        return
    if P._responders(st, P.RESP_GAZ, exclude=taker):
        st.tasks.insert(0, pb.Task(kind=pb.TASK_ZAP, seat=taker, planet=giver, min=n,
                                   arg=P.RESP_GAZ))
        return
    take_consolation(st, ctx, taker, giver, n)


def take_consolation(st: pb.State, ctx: Ctx, taker: int, giver: int, n: int) -> None:
    """One card per token the compromising main player lost, at random from the opponent's hand."""
    if n <= 0 or st.seats[taker].eliminated:
        return
    take = min(n, len(st.seats[giver].hand))
    taken = []
    for _ in range(take):
        hand = st.seats[giver].hand
        c = hand[ctx.rng.below(len(hand))]
        hand.remove(c)
        st.seats[taker].hand.append(c)
        taken.append(c)
    ctx.say(f"takes {take} card(s) as consolation", taker)
    if taken:
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=taker, from_seat=giver, cards=taken, why="consolation")),
            frozenset({taker, giver})))


def reward_options(st: pb.State, task: pb.Task) -> list[pb.Move]:
    n, bh = task.count, st.seats[task.seat].black_hole
    return [_mv(reward=pb.Reward(cards=k)) for k in range(max(0, n - bh), n + 1)]


def give_reward(st: pb.State, ctx: Ctx, seat: int, cards: int) -> None:
    e = st.enc
    n = e.cone_def[seat]
    tokens = n - cards
    drawn = []
    for _ in range(cards):
        c = B.draw_card(st, ctx.rng)
        if c is not None:
            st.seats[seat].hand.append(c)
            drawn.append(c)
    if drawn:
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=seat, from_seat=-1, cards=drawn, why="reward")), frozenset({seat})))
    st.seats[seat].black_hole -= tokens
    e.cone_def[seat] = 0
    st.seats[seat].limbo += n + tokens
    ctx.say(f"reward: {cards} card(s), {tokens} token(s) from the black hole", seat)
    st.tasks.add(kind=pb.TASK_PLACE, seat=seat, count=n + tokens)


def after_resolve(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    if e.winner == 3:
        return  # the deal step takes over
    open_cleanup(st, ctx)


# ====================================================================== deals

def start_deal(st: pb.State, ctx: Ctx) -> None:
    """Both compromised: allies go home, the two main players have a minute to deal."""
    e = st.enc
    st.step = pb.STEP_DEAL
    st.deal.Clear()
    for t in (st.deal.draft_off, st.deal.draft_def, st.deal.offer):
        _clear_terms(t)
    st.deal.offer_by = -1
    for s in range(st.players):
        for cone in (e.cone_off, e.cone_def):
            if cone[s]:
                st.seats[s].limbo += cone[s]
                st.tasks.add(kind=pb.TASK_PLACE, seat=s, count=cone[s])
                cone[s] = 0
    ctx.say("both played a compromise: deal")


def _clear_terms(t: pb.DealTerms) -> None:
    t.Clear()
    t.off_base = t.def_base = -1


def _terms_empty(t: pb.DealTerms) -> bool:
    return (t.off_base < 0 and t.def_base < 0 and not t.off_cards and not t.def_cards
            and not t.off_random and not t.def_random and not t.zombie_frees)


def deal_open(st: pb.State) -> bool:
    return st.step == pb.STEP_DEAL and not st.tasks and st.enc.winner == 3


def deal_options(st: pb.State, seat: int) -> list[pb.Move]:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    opp = e.defense if is_off else e.offense
    draft = d.draft_off if is_off else d.draft_def
    out: list[pb.Move] = []
    if d.edits < DEAL_EDIT_CAP:
        my_base = draft.off_base if is_off else draft.def_base
        their_base = draft.def_base if is_off else draft.off_base
        for p in B.bases(st, seat):
            if p != my_base and B.tok(st, p, opp) == 0:
                out.append(_mv(deal_edit=pb.DealEdit(what=1, planet=p)))
        for p in B.bases(st, opp):
            if p != their_base and B.tok(st, p, seat) == 0:
                out.append(_mv(deal_edit=pb.DealEdit(what=2, planet=p)))
        given = draft.off_cards if is_off else draft.def_cards
        for c in sorted(set(st.seats[seat].hand)):
            if c not in given:
                out.append(_mv(deal_edit=pb.DealEdit(what=3, card=c)))
        asked = draft.def_random if is_off else draft.off_random
        if asked < len(st.seats[opp].hand):
            out.append(_mv(deal_edit=pb.DealEdit(what=4)))
        if not _terms_empty(draft):
            out.append(_mv(deal_edit=pb.DealEdit(what=5)))
        if (P.has(st, seat, "zombie") and draft.zombie_frees < st.seats[opp].black_hole):
            out.append(_mv(deal_edit=pb.DealEdit(what=6)))
    if not _terms_empty(draft) and not (d.offer_by == seat and d.offer == draft):
        out.append(_mv(deal_propose=pb.Done()))
    if d.offer_by == opp and _terms_valid(st, d.offer):
        out.append(_mv(deal_accept=pb.Done()))
    out.append(_mv(deal_abandon=pb.Done()))
    return out


def _terms_valid(st: pb.State, t: pb.DealTerms) -> bool:
    e = st.enc
    off, de = e.offense, e.defense
    if _terms_empty(t):
        return False  # "vous n'avez pas le droit de ne rien échanger contre rien"
    if t.off_base >= 0 and B.tok(st, t.off_base, off) == 0:
        return False
    if t.def_base >= 0 and B.tok(st, t.def_base, de) == 0:
        return False
    if any(c not in st.seats[off].hand for c in t.off_cards):
        return False
    if any(c not in st.seats[de].hand for c in t.def_cards):
        return False
    return (len(t.off_cards) + t.off_random <= len(st.seats[off].hand)
            and len(t.def_cards) + t.def_random <= len(st.seats[de].hand))


def deal_edit(st: pb.State, seat: int, ed: pb.DealEdit) -> None:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    draft = d.draft_off if is_off else d.draft_def
    d.edits += 1
    if ed.what == 1:
        if is_off:
            draft.off_base = ed.planet
        else:
            draft.def_base = ed.planet
    elif ed.what == 2:
        if is_off:
            draft.def_base = ed.planet
        else:
            draft.off_base = ed.planet
    elif ed.what == 3:
        (draft.off_cards if is_off else draft.def_cards).append(ed.card)
    elif ed.what == 4:
        if is_off:
            draft.def_random += 1
        else:
            draft.off_random += 1
    elif ed.what == 5:
        _clear_terms(draft)
    elif ed.what == 6:
        draft.zombie_frees += 1


def accept_deal(st: pb.State, ctx: Ctx) -> None:
    e, t = st.enc, st.deal.offer
    off, de = e.offense, e.defense
    e.success = True
    ctx.say("deal made")
    moves: list[tuple[int, int, list[int]]] = []
    for giver, taker, named, rand in ((off, de, list(t.off_cards), t.off_random),
                                      (de, off, list(t.def_cards), t.def_random)):
        got = list(named)
        for c in named:
            st.seats[giver].hand.remove(c)
        for _ in range(rand):
            hand = st.seats[giver].hand
            c = hand[ctx.rng.below(len(hand))]
            hand.remove(c)
            got.append(c)
        st.seats[taker].hand.extend(got)
        if got:
            moves.append((giver, taker, got))
    for giver, taker, got in moves:
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=taker, from_seat=giver, cards=got, why="deal")), frozenset({giver, taker})))
    if t.zombie_frees:
        zombie = off if P.has(st, off, "zombie") else de
        other = de if zombie == off else off
        n = min(t.zombie_frees, st.seats[other].black_hole)
        P.use(st, ctx, zombie, "zombie", f"frees {n} black-hole tokens of the other")
        st.seats[other].black_hole -= n
        st.seats[other].limbo += n
        st.tasks.add(kind=pb.TASK_PLACE, seat=other, count=n)
    # a new base: the taker settles it with tokens from his bases (1 to 4, provisional)
    if t.off_base >= 0 and B.tokens_on_bases(st, de):
        st.tasks.add(kind=pb.TASK_TAKE, seat=de, count=min(4, B.tokens_on_bases(st, de)),
                     min=1, dest=pb.DEST_PLANET, planet=t.off_base)
    if t.def_base >= 0 and B.tokens_on_bases(st, off):
        st.tasks.add(kind=pb.TASK_TAKE, seat=off, count=min(4, B.tokens_on_bases(st, off)),
                     min=1, dest=pb.DEST_PLANET, planet=t.def_base)
    e.winner = 5  # deal made; resolution tasks then cleanup


def no_deal(st: pb.State, ctx: Ctx, automatic: bool) -> None:
    """No deal in time: each main player loses three tokens of his choice to the black hole."""
    e = st.enc
    e.winner = 4
    ctx.say("no deal: each loses three tokens")
    off, de = e.offense, e.defense
    for s, other in ((off, de), (de, off)):
        if st.seats[s].eliminated:
            continue
        n = min(3, B.tokens_on_bases(st, s))
        if not n:
            continue
        void = P.has(st, other, "vide")
        if P.has(st, s, "zombie"):
            if automatic:  # the seat timed out: its power keeps the tokens (it only helps)
                P.use(st, ctx, s, "zombie", "its three tokens stay on its bases")
            else:  # "vous pouvez": the Zombie decides; the tokens stay on its bases meanwhile
                st.tasks.add(kind=pb.TASK_ZOMBIE, seat=s, count=n, dest=pb.DEST_BLACK_HOLE,
                             arg=other if void else -1)
            continue
        if automatic:
            for _ in range(n):
                p = max(B.bases(st, s), key=lambda q: (B.tok(st, q, s), -q))
                B.add_tok(st, p, s, -1)
            e.lost_off[s] += 0
            _lose_from_bases(st, ctx, s, n, other if void else -1)
        else:
            st.tasks.add(kind=pb.TASK_TAKE, seat=s, count=n, min=n, dest=pb.DEST_BLACK_HOLE,
                         void_removes=void, arg=other)


def _lose_from_bases(st: pb.State, ctx: Ctx, seat: int, n: int, void_by: int) -> None:
    """A failed deal's tokens, the Zombie's choice already made (no_deal)."""
    if void_by >= 0:
        _lose_plainly(st, ctx, seat, n, void_by)
    else:
        st.seats[seat].black_hole += n
        ctx.events.append(Event(pb.Event(tokens_moved=pb.TokensMoved(
            seat=seat, count=n, to="black hole", **{"from": "bases"}))))


def on_timeout(st: pb.State, now: int, events: list[Event]) -> None:
    if st.finished or not deal_open(st):
        return
    if not st.deal.deadline_ms or now < st.deal.deadline_ms:
        return
    ctx = Ctx(st, events, now)
    no_deal(st, ctx, automatic=True)
    settle(st, ctx)
    st.rng = ctx.rng.state


# ====================================================================== cleanup and turn end

def open_cleanup(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    st.step = pb.STEP_CLEANUP
    del e.discarded[:]
    for card in (e.card_off, e.card_def):
        if card >= 0:
            st.discard.append(card)
            e.discarded.append(card)
    if e.set_aside >= 0:
        st.seats[e.set_aside_owner].hand.append(e.set_aside)
        e.set_aside = -1
    ctx.events.append(Event(pb.Event(encounter_over=pb.EncounterOver(
        winner=e.winner, success=e.success))))
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))


def go_next(st: pb.State, ctx: Ctx) -> None:
    st.step = pb.STEP_NEXT
    if not next_possible(st):
        end_turn(st, ctx)


def next_possible(st: pb.State) -> bool:
    e = st.enc
    off = e.offense
    if st.seats[off].eliminated or not B.has_encounter_card(st, off):
        return False
    if P.has(st, off, "machine"):
        # safety cap (provisional): automatic wins use no card, so a Machine could loop
        return e.number < MACHINE_CAP
    return e.success and e.number < 2


def end_turn(st: pb.State, ctx: Ctx) -> None:
    st.turn += 1
    living = B.alive(st)
    if len(living) == 1:
        finish(st, ctx, living, "last player standing")
        return
    if st.turn >= st.turn_limit:
        finish(st, ctx, [], "turn limit")
        return
    nxt = B.clockwise_from(st, st.enc.offense)[0]
    if st.options.power_rotation and st.power_pool and nxt == st.first_player:
        st.step = pb.STEP_ROTATION
        st.enc.offense = nxt
        st.rotation_pos = 0
        return
    _start_turn(st, ctx, nxt)


def finish(st: pb.State, ctx: Ctx, winners: list[int], why: str) -> None:
    st.finished = True
    st.step = pb.STEP_OVER
    del st.winners[:]
    st.winners.extend(winners)
    del st.tasks[:]
    ctx.events.append(Event(pb.Event(game_over=pb.GameOver(winners=winners, why=why))))


def check_victory(st: pb.State, ctx: Ctx) -> bool:
    living = B.alive(st)
    winners = [s for s in living if B.foreign_bases(st, s) >= 5]
    if winners:
        finish(st, ctx, winners, "five foreign bases")
        return True
    if len(living) == 1:
        finish(st, ctx, living, "last player standing")
        return True
    return False


# ====================================================================== hands

def new_hand(st: pb.State, ctx: Ctx, seat: int, rounds: int = 0) -> None:
    """Discard the hand and draw seven; again if the new hand has no encounter card.

    A Vulch "garde ses Édits après les avoir montrés (ensuite prend sept nouvelles cartes)":
    it first answers, edict by edict, whether it keeps (and shows) it (TASK_VULCH, own; the
    edict stays in its hand meanwhile); the seven cards come after its last answer.
    """
    se = st.seats[seat]
    shown = [c for c in se.hand if not B.is_encounter(c)] if P.has(st, seat, "vulch") else []
    for c in [c for c in se.hand if c not in shown]:
        se.hand.remove(c)
        if B.is_encounter(c):
            st.discard.append(c)
        else:
            P.discard_edict(st, ctx, seat, c)  # another seat's Vulch may take it
    for c in shown:
        st.tasks.add(kind=pb.TASK_VULCH, seat=seat, arg=c, own=True, count=rounds)
    if not shown:
        draw_new_hand(st, ctx, seat, rounds)


def draw_new_hand(st: pb.State, ctx: Ctx, seat: int, rounds: int) -> None:
    se = st.seats[seat]
    drawn = []
    for _ in range(B.HAND_SIZE):
        c = B.draw_card(st, ctx.rng)
        if c is None:
            break
        se.hand.append(c)
        drawn.append(c)
    ctx.say("draws a new hand", seat)
    ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
        seat=seat, from_seat=-1, cards=drawn, why="new hand")), frozenset({seat})))
    if drawn and not B.has_encounter_card(st, seat) and rounds < NEW_HAND_ROUNDS:
        new_hand(st, ctx, seat, rounds + 1)


def vulch_kept_or_not(st: pb.State, ctx: Ctx, t: pb.Task, keep: bool) -> None:
    """The Vulch's answer about one of its own edicts at a new hand; the last one draws."""
    if keep:
        P.use(st, ctx, t.seat, "vulch", "keeps its edicts for the new hand")
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=t.seat, from_seat=t.seat, cards=[t.arg], why="vulch shows its edicts"))))
    elif t.arg in st.seats[t.seat].hand:
        st.seats[t.seat].hand.remove(t.arg)
        P.discard_edict(st, ctx, t.seat, t.arg)
    if not any(x.kind == pb.TASK_VULCH and x.own and x.seat == t.seat for x in st.tasks):
        draw_new_hand(st, ctx, t.seat, t.count)


# Edicts a main player out of encounter cards can still use before his new hand (the pre-cards
# window, or an answer to a zap played there). Anneaux / Sphères belong to the start window, long
# over for a defender; Contrôle Émotionnel and Gaz Stellaire act after the reveal, when the new
# hand has had to be drawn (docs/rules/cosmic.md, provisional table).
EDICTS_BEFORE_CARDS = ("peste", "champ", "zap", "zap_sauvage", "unzap")


def _edicts_first(st: pb.State, seat: int) -> bool:
    """A main player out of encounter cards "doit jouer tous ses Edits ou les jeter": holding
    edicts usable in the pre-cards window, he draws his new hand only when cards are due
    (with open_windows, always then, so the moment says nothing of his hand)."""
    return seat >= 0 and not B.has_encounter_card(st, seat) and (st.options.open_windows or any(
        CARDS[c].edict in EDICTS_BEFORE_CARDS for c in st.seats[seat].hand))


def refresh_if_empty(st: pb.State, ctx: Ctx, seat: int) -> None:
    if seat >= 0 and not st.enc.revealed and not B.has_encounter_card(st, seat):
        new_hand(st, ctx, seat)


# ====================================================================== tasks

def task_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    k = t.kind
    if k == pb.TASK_TAKE:
        if t.count <= 0:
            return []
        srcs = [p for p in B.bases(st, t.seat)
                if not (t.dest == pb.DEST_PLANET and p == t.planet)]
        out = [_mv(planet=pb.PlanetChoice(planet=p)) for p in srcs]
        if t.min <= 0 or not srcs:
            out.append(DONE)
        if t.dest in LAUNCH_DESTS:
            out += P.plague_moves(st, t.seat)  # La Peste "à n'importe quel moment"
        return out
    if k == pb.TASK_PLACE:
        if t.count <= 0 or st.seats[t.seat].limbo <= 0:
            return []
        places = B.bases(st, t.seat) or list(B.planets_of(t.seat))
        return [_mv(planet=pb.PlanetChoice(planet=p)) for p in places]
    if k == pb.TASK_REWARD:
        return reward_options(st, t) if st.enc.cone_def[t.seat] else []
    if k == pb.TASK_ZOMBIE:
        if st.seats[t.seat].eliminated:
            return []
        if t.dest == pb.DEST_BLACK_HOLE:
            return YES_NO if B.tokens_on_bases(st, t.seat) else []
        return YES_NO if st.seats[t.seat].limbo > 0 else []
    if k == pb.TASK_VULCH:
        pile = st.seats[t.seat].hand if t.own else st.discard
        return YES_NO if t.arg in pile and P.has(st, t.seat, "vulch") else []
    return P.task_options(st, t)


def apply_task(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    k = t.kind
    which = move.WhichOneof("kind")
    if k == pb.TASK_TAKE:
        if which == "done":
            st.tasks.pop(0)
            return
        p = move.planet.planet
        B.add_tok(st, p, t.seat, -1)
        e = st.enc
        if t.dest == pb.DEST_CONE_OFF:
            e.cone_off[t.seat] += 1
        elif t.dest == pb.DEST_CONE_DEF:
            e.cone_def[t.seat] += 1
        elif t.dest in (pb.DEST_PLANET, pb.DEST_DEFENCE):
            B.add_tok(st, t.planet, t.seat, 1)
        elif t.dest == pb.DEST_BLACK_HOLE:
            _lose_from_bases(st, ctx, t.seat, 1, t.arg if t.void_removes else -1)
        t.count -= 1
        t.min -= 1
        if t.count <= 0:
            st.tasks.pop(0)
        return
    if k == pb.TASK_PLACE:
        B.add_tok(st, move.planet.planet, t.seat, 1)
        st.seats[t.seat].limbo -= 1
        t.count -= 1
        if t.count <= 0:
            st.tasks.pop(0)
        return
    if k == pb.TASK_REWARD:
        st.tasks.pop(0)
        give_reward(st, ctx, t.seat, move.reward.cards)
        return
    if k == pb.TASK_ZOMBIE:
        zombie_answer(st, ctx, t, move.answer.yes)
        return
    if k == pb.TASK_VULCH:
        st.tasks.pop(0)
        if t.own:
            vulch_kept_or_not(st, ctx, t, move.answer.yes)
            return
        if move.answer.yes:
            P.use(st, ctx, t.seat, "vulch", "takes the edict")
            st.discard.remove(t.arg)
            st.seats[t.seat].hand.append(t.arg)
        return
    P.apply_task(st, ctx, t, move)


# ====================================================================== decisions

def _d(seat: int, kind: str, prompt: str, options: list[pb.Move], deadline: int = 0) -> Decision:
    return Decision(seat, kind, prompt, options, deadline)


TASK_PROMPTS = {
    pb.TASK_TAKE: ("take_token", "Take a token from one of your bases"),
    pb.TASK_PLACE: ("place_token", "Put a token on one of your bases"),
    pb.TASK_REWARD: ("reward", "Choose your reward: cards, the rest in black-hole tokens"),
    pb.TASK_ANSWER: ("answer", "Answer the Chercheur: yes or no (you will be held to it)"),
    pb.TASK_MUTANT: ("mutant_draw", "Mutant: draw a card from a player's hand or the deck"),
    pb.TASK_AMOEBA: ("amoeba", "Amibe: add or withdraw tokens"),
    pb.TASK_LASER: ("laser_pick", "Laser: pick the opponent's card, face down"),
    pb.TASK_ZAP: ("edict_response", "Play an edict in answer, or pass"),
    pb.TASK_PLAGUE: ("plague_discard", "La Peste: choose the card to lose"),
    pb.TASK_ZOMBIE: ("zombie", "Zombie: put your lost tokens back on your bases (yes), or not"),
    pb.TASK_VULCH: ("vulch", "Vulch: take the edict (or, at a new hand, keep your own), or not"),
}


def decisions(st: pb.State) -> list[Decision]:
    if st.finished:
        return []
    if st.tasks:
        t = st.tasks[0]
        kind, prompt = TASK_PROMPTS.get(t.kind, ("task", "Choose"))
        if t.kind == pb.TASK_ZAP:
            return [_d(s, kind, prompt, opts) for s, opts in P.response_options(st, t)]
        opts = task_options(st, t)
        if not opts:
            return []
        # a power's own question would name the (maybe still secret) power to the others
        return [Decision(t.seat, kind, prompt, opts, private=t.kind in B.SECRET_TASKS)]
    return step_decisions(st)


def owes(st: pb.State, seat: int) -> bool:
    """Cheap pre-check: could `seat` owe a decision now? (False is exact; True is checked.)"""
    if st.finished:
        return False
    e, step = st.enc, st.step
    if st.tasks:
        t = st.tasks[0]
        return t.kind == pb.TASK_ZAP or t.seat == seat
    if step in (pb.STEP_RETRIEVE, pb.STEP_DESTINY, pb.STEP_AIM, pb.STEP_INVITE_OFF,
                pb.STEP_NEXT):
        return seat == e.offense
    if step == pb.STEP_INVITE_DEF:
        return seat == e.defense
    if step == pb.STEP_ALLIES:
        return bool(e.answer_order) and e.answer_order[0] == seat
    if step in (pb.STEP_CARDS, pb.STEP_DEAL):
        return seat in (e.offense, e.defense)
    if step == pb.STEP_ROTATION:
        return seat == st.rotation_pos
    return True


def step_decisions(st: pb.State) -> list[Decision]:
    e, step = st.enc, st.step
    off = e.offense
    if step == pb.STEP_RETRIEVE:
        return [_d(off, "retrieve", "Take one token back from the black hole (or not)",
                   retrieve_options(st))]
    if step == pb.STEP_DESTINY:
        return [_d(off, "system", "Choose the system to attack",
                   [_mv(system=pb.SeatChoice(seat=1 - off)),
                    _mv(system=pb.SeatChoice(seat=off))])]
    if step == pb.STEP_AIM:
        return [_d(off, "aim", "Aim the cone at a planet",
                   [_mv(aim=pb.Aim(planet=p, defense=d)) for p, d in aim_targets(st, e.system)])]
    if step == pb.STEP_INVITE_OFF and invite_candidates(st, off):
        return [_d(off, "invite", "Invite an ally to the offence, or stop",
                   invite_options(st, off, e.invited_off) + P.plague_moves(st, off))]
    if step == pb.STEP_INVITE_DEF and invite_candidates(st, e.defense):
        return [_d(e.defense, "invite", "Invite an ally to the defence, or stop",
                   invite_options(st, e.defense, e.invited_def)
                   + P.plague_moves(st, e.defense))]
    if step == pb.STEP_ALLIES and e.answer_order:
        s = e.answer_order[0]
        return [_d(s, "join", "Join the offence, the defence, or neither",
                   join_options(st, s) + P.plague_moves(st, s))]
    if step == pb.STEP_CARDS:
        return [_d(s, "encounter_card", "Play an encounter card face down", card_options(st, s))
                for s in card_deciders(st) if card_options(st, s)]
    if step in P.WINDOW_STEPS:
        seat = P.window_seat(st)
        if seat is None:
            return []
        return [_d(seat, "window", "Use a power or play an edict, or pass",
                   P.window_actions(st, seat) + [DONE])]
    if step == pb.STEP_DEAL and deal_open(st):
        d = st.deal
        return [_d(s, "deal", "Negotiate the deal",
                   deal_options(st, s) + P.plague_moves(st, s), d.deadline_ms)
                for s in (e.offense, e.defense)]
    if step == pb.STEP_NEXT:
        return [_d(off, "another", "Launch another encounter, or end your turn",
                   [_mv(another=pb.Done()), DONE])]
    if step == pb.STEP_ROTATION:
        s = st.rotation_pos
        return [_d(s, "rotation", "Keep your power, or draw a new one",
                   [DONE, _mv(keep_power=pb.PowerChoice(power=-1))])]
    if step == pb.STEP_CHOOSE_POWERS:
        return [_d(s, "discard_power", "Discard one of your three powers",
                   [_mv(keep_power=pb.PowerChoice(power=p)) for p in st.seats[s].drawn_powers])
                for s in range(st.players) if len(st.seats[s].drawn_powers) == 3]
    return []


# ====================================================================== apply

def apply_move(st: pb.State, seat: int, move: pb.Move, now: int, events: list[Event]) -> None:
    ctx = Ctx(st, events, now)
    _apply(st, ctx, seat, move)
    settle(st, ctx)
    st.rng = ctx.rng.state


def _apply(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    e, step = st.enc, st.step
    which = move.WhichOneof("kind")
    if st.tasks:
        t = st.tasks[0]
        if t.kind == pb.TASK_ZAP:
            P.apply_response(st, ctx, t, seat, move)
        elif which == "edict":  # La Peste during a launch; the launch goes on after it
            P.play_edict(st, ctx, seat, move.edict)
        else:
            apply_task(st, ctx, t, move)
        return
    if which == "edict" and step not in P.WINDOW_STEPS:
        # La Peste during the alliances or a deal: the same decision is owed again after it
        P.play_edict(st, ctx, seat, move.edict)
        return
    if step == pb.STEP_RETRIEVE:
        if which == "planet":
            st.seats[seat].black_hole -= 1
            B.add_tok(st, move.planet.planet, seat, 1)
            ctx.say("takes a token back from the black hole", seat)
        open_start_window(st, ctx)
    elif step == pb.STEP_DESTINY:
        e.system = move.system.seat
        st.step = pb.STEP_AIM
    elif step == pb.STEP_AIM:
        aim(st, ctx, move.aim.planet, move.aim.defense)
    elif step in (pb.STEP_INVITE_OFF, pb.STEP_INVITE_DEF):
        invited = e.invited_off if step == pb.STEP_INVITE_OFF else e.invited_def
        if which == "invite":
            invited[move.invite.seat] = True
        elif step == pb.STEP_INVITE_OFF:
            st.step = pb.STEP_INVITE_DEF
        else:
            after_invite_def(st, ctx)
    elif step == pb.STEP_ALLIES:
        e.answer_order.pop(0)
        side = move.join.side
        if side:
            st.tasks.add(kind=pb.TASK_TAKE, seat=seat,
                         count=min(B.MAX_SHIP, B.tokens_on_bases(st, seat)), min=1,
                         dest=pb.DEST_CONE_OFF if side == 1 else pb.DEST_CONE_DEF)
            ctx.say("joins the " + ("offence" if side == 1 else "defence"), seat)
            P.macron_launch(st, ctx, seat)
        else:
            ctx.say("declines to ally", seat)
    elif step == pb.STEP_CARDS:
        play_card(st, ctx, seat, move.card.card)
    elif step in P.WINDOW_STEPS:
        if which == "done":
            e.window_seats.remove(seat)
        else:
            P.window_apply(st, ctx, seat, move)
    elif step == pb.STEP_DEAL:
        if which == "deal_edit":
            deal_edit(st, seat, move.deal_edit)
        elif which == "deal_propose":
            d = st.deal
            d.offer.CopyFrom(d.draft_off if seat == e.offense else d.draft_def)
            d.offer_by = seat
            d.edits += 1
            ctx.say("proposes a deal", seat)
        elif which == "deal_accept":
            accept_deal(st, ctx)
        else:
            ctx.say("walks away from the deal", seat)
            no_deal(st, ctx, automatic=False)
    elif step == pb.STEP_NEXT:
        if which == "another":
            if not (e.success and e.number < 2):
                P.use(st, ctx, seat, "machine", "goes on with another encounter")
            begin_encounter(st, ctx)
        else:
            end_turn(st, ctx)
    elif step == pb.STEP_ROTATION:
        if which == "keep_power":
            P.rotate_power(st, ctx, seat)
        _next_rotation(st, ctx)
    elif step == pb.STEP_CHOOSE_POWERS:
        se = st.seats[seat]
        keep = [p for p in se.drawn_powers if p != move.keep_power.power]
        st.power_pool.append(move.keep_power.power)
        se.powers.extend(keep)
        se.disclosed.extend([False] * len(keep))
        del se.drawn_powers[:]
        if all(not s.drawn_powers for s in st.seats):
            _start_turn(st, ctx, st.first_player)


def _next_rotation(st: pb.State, ctx: Ctx) -> None:
    st.rotation_pos += 1
    while st.rotation_pos < st.players and st.seats[st.rotation_pos].eliminated:
        st.rotation_pos += 1
    if st.rotation_pos >= st.players:
        _start_turn(st, ctx, st.enc.offense)


# ====================================================================== settle

def settle(st: pb.State, ctx: Ctx) -> None:
    """Run automatic steps until a decision is owed or the game is over."""
    for _ in range(10_000):
        if st.finished:
            return
        if check_victory(st, ctx):
            return
        if st.tasks:
            t = st.tasks[0]
            if t.kind == pb.TASK_ZAP:
                if P.response_options(st, t):
                    return
                P.close_response(st, ctx, t)
                continue
            opts = task_options(st, t)
            if not opts:
                st.tasks.pop(0)
                if t.kind == pb.TASK_PLAGUE and t.arg == 3:
                    P.show_plague(st, ctx, t)
                if t.kind == pb.TASK_VULCH and t.own:  # not asked: discarded as without power
                    vulch_kept_or_not(st, ctx, t, keep=False)
                if t.kind in (pb.TASK_PLACE, pb.TASK_ZOMBIE) and st.seats[t.seat].limbo > 0 \
                        and st.seats[t.seat].eliminated:
                    st.seats[t.seat].limbo = 0
                continue
            if t.kind == pb.TASK_PLACE and len(opts) == 1:
                apply_task(st, ctx, t, opts[0])
                continue
            return
        if deal_open(st) and not st.deal.deadline_ms and st.deal_timeout_ms:
            st.deal.deadline_ms = ctx.now + st.deal_timeout_ms  # the minute starts now
        if step_decisions(st):
            return
        if not _auto_step(st, ctx):
            raise RuntimeError(f"cosmic: stuck at step {pb.Step.Name(st.step)}")
    raise RuntimeError("cosmic: settle did not converge")


def _auto_step(st: pb.State, ctx: Ctx) -> bool:
    """Advance a step that owes no decision now. False if nothing could be done."""
    e, step = st.enc, st.step
    if step == pb.STEP_START_WINDOW:
        go_destiny(st, ctx)
    elif step == pb.STEP_LAUNCH:
        after_launch(st, ctx)
    elif step == pb.STEP_INVITE_OFF:
        st.step = pb.STEP_INVITE_DEF
    elif step == pb.STEP_INVITE_DEF:
        after_invite_def(st, ctx)
    elif step == pb.STEP_ALLIES:
        open_pre_cards(st, ctx)
    elif step == pb.STEP_PRE_CARDS:
        open_cards(st, ctx)
    elif step == pb.STEP_CARDS:
        if e.card_off >= 0 and e.card_def >= 0:
            after_cards(st, ctx)
        else:
            # a main player with no encounter card at all (deck exhausted): compromise
            # is not possible either; the side without a card loses (provisional)
            for s in (e.offense, e.defense):
                if (e.card_off if s == e.offense else e.card_def) < 0 \
                        and not card_options(st, s) and s not in _laser_picked(st):
                    return _no_card(st, ctx, s)
            return False
    elif step == pb.STEP_PRE_REVEAL:
        reveal(st, ctx)
    elif step == pb.STEP_POST_REVEAL:
        resolve(st, ctx)
    elif step == pb.STEP_RESOLVE:
        after_resolve(st, ctx)
        if st.step == pb.STEP_RESOLVE:
            return False
    elif step == pb.STEP_DEAL:
        if e.winner == 3:
            return False
        open_cleanup(st, ctx)
    elif step == pb.STEP_CLEANUP:
        go_next(st, ctx)
    elif step == pb.STEP_NEXT:
        end_turn(st, ctx)
    else:
        return False
    return True


def _laser_picked(st: pb.State) -> set[int]:
    e = st.enc
    if e.laser_seat < 0:
        return set()
    return {e.defense if e.laser_seat == e.offense else e.offense}


def _no_card(st: pb.State, ctx: Ctx, seat: int) -> bool:
    e = st.enc
    ctx.say("has no encounter card at all and loses the encounter", seat)
    # play nothing: treat as a compromise with value 0 (loses to an attack, deals vs compromise)
    if seat == e.offense:
        e.compromise_off = True
        e.card_off = -2
    else:
        e.compromise_def = True
        e.card_def = -2
    return True


__all__ = ["POWERS", "POWER_ID", "decisions", "apply_move", "start_turn", "on_timeout"]
