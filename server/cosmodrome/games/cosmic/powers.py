"""The 20 alien powers of seed 001 and the edicts, as window actions, tasks and checks.

`has(st, seat, name)` is the one question the rules ask: does this seat use that power now
(held, at least three home bases -- two in a two-player game --, not zapped this encounter,
or copied by the Insecte from its opponent). `use` discloses a power at its first use.

Windows (`WINDOW_STEPS`) visit seats in the seed's order: offence, defence, then clockwise
from the offence's left; a seat is only asked when it has something it may do there.
"""

from __future__ import annotations

from cosmodrome.core.engine import Event
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.content import CARDS, POWER_ID, POWERS, excluded
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

WINDOW_STEPS = (pb.STEP_START_WINDOW, pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL,
                pb.STEP_POST_REVEAL, pb.STEP_CLEANUP)

# Chercheur's structured questions (see docs/rules/cosmic.md)
QUESTIONS = {
    1: "Do you hold a compromise card?",
    2: "Do you hold an edict card?",
    3: "Do you hold an attack card of 10 or more?",
    4: "Do you hold an attack card of 15 or more?",
    5: "Do you hold an attack card of 20 or more?",
    6: "Will you play a compromise card in this encounter? (you will be held to it)",
}

# response windows (TASK_ZAP.arg)
RESP_ZAP, RESP_UNZAP, RESP_GAZ = 1, 2, 3

_ID = POWER_ID


def _mv(**kw) -> pb.Move:
    return pb.Move(**kw)


# ====================================================================== has / use

def _zapped(st: pb.State, seat: int, pid: int) -> bool:
    return seat * 64 + pid in st.enc.zapped


def _own(st: pb.State, seat: int, pid: int) -> bool:
    return (pid in st.seats[seat].powers and B.power_active(st, seat)
            and not _zapped(st, seat, pid))


def opponent(st: pb.State, seat: int) -> int:
    e = st.enc
    if e.defense < 0:
        return -1
    if seat == e.offense:
        return e.defense
    if seat == e.defense:
        return e.offense
    return -1


def has(st: pb.State, seat: int, name: str) -> bool:
    if seat < 0 or st.seats[seat].eliminated:
        return False
    pid = _ID[name]
    if _own(st, seat, pid):
        return True
    ins = _ID["insecte"]
    if name != "insecte" and _own(st, seat, ins):
        # "vous copiez le pouvoir de votre adversaire ... même si celui-ci en a perdu l'usage"
        opp = opponent(st, seat)
        if opp >= 0 and pid in st.seats[opp].powers and not _zapped(st, seat, pid):
            return True
    return False


def use(st: pb.State, ctx, seat: int, name: str, text: str) -> None:
    """Record a use; the power is disclosed at its first use (the Insecte's when it copies)."""
    pid = _ID[name]
    se = st.seats[seat]
    shown = pid if pid in se.powers and _own(st, seat, pid) else _ID["insecte"]
    if shown in se.powers:
        i = list(se.powers).index(shown)
        se.disclosed[i] = True
    key = seat * 64 + pid
    if key not in st.enc.used:
        st.enc.used.append(key)
        ctx.events.append(Event(pb.Event(power_used=pb.PowerUsed(
            seat=seat, power=pid, text=f"{POWERS[pid].name}: {text}"))))


def used(st: pb.State, seat: int, name: str) -> bool:
    return seat * 64 + _ID[name] in st.enc.used


def is_chronos_seat(st: pb.State, seat: int) -> bool:
    return has(st, seat, "chronos")


def involved(st: pb.State, seat: int) -> bool:
    e = st.enc
    return (seat in (e.offense, e.defense) or (len(e.cone_off) > seat and
            (e.cone_off[seat] > 0 or e.cone_def[seat] > 0)))


def main_players(st: pb.State) -> tuple[int, int]:
    return st.enc.offense, st.enc.defense


# ====================================================================== edicts in hand

def edict_cards(st: pb.State, seat: int, name: str) -> list[int]:
    return [c for c in st.seats[seat].hand if CARDS[c].kind == "edict" and CARDS[c].edict == name]


def _first(st: pb.State, seat: int, *names: str) -> int:
    for n in names:
        cards = edict_cards(st, seat, n)
        if cards:
            return min(cards)
    return -1


def discard_edict(st: pb.State, ctx, seat: int, card: int) -> None:
    """An edict played or discarded goes to the discard pile; a Vulch may then take it
    ("vous pouvez"): TASK_VULCH, the card waiting on the discard pile meanwhile."""
    st.discard.append(card)
    for s in B.clockwise_from(st, seat):
        if s != seat and has(st, s, "vulch"):
            st.tasks.add(kind=pb.TASK_VULCH, seat=s, arg=card)
            return


# ====================================================================== windows

def window_seat(st: pb.State) -> int | None:
    """The seat a window is put to now: the first, in the seed's order, that can act there;
    with `open_windows`, simply the next living seat (it may only pass), so that being asked
    says nothing of a seat's hand or powers."""
    for s in st.enc.window_seats:
        if st.options.open_windows and not st.seats[s].eliminated:
            return s
        if window_actions(st, s):
            return s
    return None


def _zap_targets(st: pb.State, seat: int) -> list[int]:
    e = st.enc
    if e.defense < 0:
        return []
    out = []
    for t in B.power_order(st):
        if t == seat or not involved(st, t) or not st.seats[t].powers:
            continue
        if B.power_active(st, t) and any(not _zapped(st, t, p) for p in st.seats[t].powers):
            out.append(t)
    return out


def window_actions(st: pb.State, seat: int) -> list[pb.Move]:
    if st.seats[seat].eliminated:
        return []
    e, step = st.enc, st.step
    off, de = e.offense, e.defense
    out: list[pb.Move] = []

    def power(name: str, target: int = -1, arg: int = 0) -> None:
        out.append(_mv(power=pb.UsePower(power=_ID[name], target=target, arg=arg)))

    def edict(card: int, target: int = -1, arg: int = 0) -> None:
        out.append(_mv(edict=pb.PlayEdict(card=card, target=target, arg=arg)))

    main = seat in (off, de)
    opp = opponent(st, seat)
    hand = st.seats[seat].hand
    out += plague_moves(st, seat)
    if step == pb.STEP_START_WINDOW:
        rings = _first(st, seat, "anneaux")
        if seat == off and rings >= 0 and any(st.seats[s].black_hole for s in B.alive(st)):
            edict(rings)
        spheres = _first(st, seat, "spheres")
        if spheres >= 0 and st.seats[seat].black_hole and B.bases(st, seat):
            edict(spheres)
        return out
    if step == pb.STEP_PRE_CARDS:
        if has(st, seat, "chercheur") and involved(st, seat) and not used(st, seat, "chercheur"):
            for t in (off, de):
                if t != seat:
                    for q in QUESTIONS:
                        power("chercheur", t, q)
        if has(st, seat, "philanthrope") and involved(st, seat) \
                and not used(st, seat, "philanthrope"):
            for t in (off, de):
                if t != seat:
                    for c in sorted(set(hand)):
                        power("philanthrope", t, c)
        if main and has(st, seat, "echangeur") and not used(st, seat, "echangeur"):
            power("echangeur", opp)
        if has(st, seat, "esprit") and not used(st, seat, "esprit"):
            for t in (off, de):
                if t != seat:
                    power("esprit", t)
        if main and has(st, seat, "mutant") and not used(st, seat, "mutant") and len(hand) < 7:
            power("mutant")
        if main and has(st, seat, "laser") and not used(st, seat, "laser") and e.laser_seat < 0:
            power("laser", opp)
        _force_field(st, seat, edict)
        _zap_actions(st, seat, edict)
        return out
    if step == pb.STEP_PRE_REVEAL:
        if main and has(st, seat, "amibe") and not used(st, seat, "amibe"):
            power("amibe")
        if main and has(st, seat, "sorcier") and not used(st, seat, "sorcier"):
            power("sorcier")
        _force_field(st, seat, edict)
        return out
    if step == pb.STEP_POST_REVEAL:
        if main and has(st, seat, "chronos") and not used(st, seat, "chronos") \
                and not e.chronos_replay and e.card_off >= 0 and e.card_def >= 0:
            power("chronos")
        ctrl = _first(st, seat, "controle")
        if ctrl >= 0 and not (e.compromise_off and e.compromise_def):
            edict(ctrl)
        _zap_actions(st, seat, edict)
        return out
    if step == pb.STEP_CLEANUP:
        mine = e.card_off if seat == off else e.card_def if seat == de else -1
        theirs = e.card_def if seat == off else e.card_off if seat == de else -1
        if e.swapped:
            mine, theirs = theirs, mine
        if main and has(st, seat, "clone") and mine in e.discarded and mine in st.discard \
                and not used(st, seat, "clone"):
            power("clone", -1, mine)
        if main and has(st, seat, "voleur") and theirs in e.discarded \
                and theirs in st.discard and not used(st, seat, "voleur"):
            power("voleur", opp, theirs)
        return out
    return out


def _force_field(st: pb.State, seat: int, edict) -> None:
    """Champ de Force: "après que toutes les alliances ont été scellées ..., c'est-à-dire juste
    avant que les cartes de duel soient retournées": the pre-cards window and the pre-reveal
    window (cards down, not yet turned); all alliances (target -1) or one ally."""
    field = _first(st, seat, "champ")
    if field < 0:
        return
    e = st.enc
    allies = [s for s in range(st.players)
              if s not in (e.offense, e.defense) and (e.cone_off[s] or e.cone_def[s])]
    if allies:
        edict(field, -1)
        for a in allies:
            edict(field, a)


def plague_moves(st: pb.State, seat: int) -> list[pb.Move]:
    """La Peste, "à n'importe quel moment": offered in every window, and as an extra option of
    the decisions owed during the launch, the alliances and a deal (flow.py)."""
    plague = _first(st, seat, "peste")
    if plague < 0:
        return []
    return [_mv(edict=pb.PlayEdict(card=plague, target=t)) for t in B.alive(st) if t != seat]


def _zap_actions(st: pb.State, seat: int, edict) -> None:
    """Zap Cosmique: one seat's power (with several powers: its main one, arg 1, or all its
    secondary ones, arg 2). Zap Sauvage (000): every other player's main powers (arg 1) or
    every other player's secondary powers (arg 2)."""
    zap = _first(st, seat, "zap")
    targets = _zap_targets(st, seat)
    if zap >= 0:
        for t in targets:
            if len(st.seats[t].powers) > 1:
                edict(zap, t, 1)
                edict(zap, t, 2)
            else:
                edict(zap, t, 0)
    wild = _first(st, seat, "zap_sauvage")
    if wild >= 0 and targets:
        edict(wild, -1, 1)
        if any(len(st.seats[t].powers) > 1 for t in range(st.players) if t != seat):
            edict(wild, -1, 2)


def window_apply(st: pb.State, ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "edict":
        play_edict(st, ctx, seat, move.edict)
        return
    u = move.power
    name = POWERS[u.power].name
    e = st.enc
    use(st, ctx, seat, name, "announced")
    e.pending_seat, e.pending_power, e.pending_target, e.pending_arg = \
        seat, u.power, u.target, u.arg
    responders = _responders(st, RESP_ZAP, exclude=seat)
    if responders:
        st.tasks.insert(0, pb.Task(kind=pb.TASK_ZAP, seat=seat, arg=RESP_ZAP))
        return
    perform(st, ctx)


def macron_launch(st: pb.State, ctx, seat: int) -> None:
    """Macron: "un seul pion" on the cone. The limit acts as the launch begins: announced then,
    as a pending use, so that another seat holding a Zap may answer at that very instant (a
    zapped Macron launches up to four tokens, each worth one)."""
    if not has(st, seat, "macron"):
        return
    use(st, ctx, seat, "macron", "only one token, worth four")
    e = st.enc
    e.pending_seat, e.pending_power, e.pending_target, e.pending_arg = \
        seat, _ID["macron"], -1, 0
    if _responders(st, RESP_ZAP, exclude=seat):
        st.tasks.insert(0, pb.Task(kind=pb.TASK_ZAP, seat=seat, arg=RESP_ZAP))
        return
    perform(st, ctx)


def _one_token_launch(st: pb.State, seat: int) -> None:
    for t in st.tasks:
        if t.kind == pb.TASK_TAKE and t.seat == seat and t.dest in (pb.DEST_CONE_OFF,
                                                                    pb.DEST_CONE_DEF):
            t.count = min(t.count, 1)
            return


def perform(st: pb.State, ctx) -> None:
    """Carry out the pending optional power use (no zap came)."""
    e = st.enc
    seat, pid, target, arg = e.pending_seat, e.pending_power, e.pending_target, e.pending_arg
    e.pending_seat = -1
    name = POWERS[pid].name
    if not has(st, seat, name):
        return
    off, de = e.offense, e.defense
    se = st.seats[seat]
    if name == "chercheur":
        ask(st, ctx, seat, target, arg)
    elif name == "philanthrope":
        if arg in se.hand:
            se.hand.remove(arg)
            st.seats[target].hand.append(arg)
            ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
                seat=target, from_seat=seat, cards=[arg], why="philanthrope")),
                frozenset({seat, target})))
            st.knowledge.add(viewer=seat, target=target, cards=[arg], why="philanthrope")
    elif name == "echangeur":
        a, b = list(se.hand), list(st.seats[target].hand)
        del se.hand[:]
        se.hand.extend(b)
        del st.seats[target].hand[:]
        st.seats[target].hand.extend(a)
        ctx.say("hands exchanged", seat)
        # each now knows the other's whole hand (his own former one): knowledge for both
        for viewer, other, got, gave in ((seat, target, b, a), (target, seat, a, b)):
            ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
                seat=viewer, from_seat=other, cards=sorted(got), why="echangeur")),
                frozenset({viewer})))
            st.knowledge.add(viewer=viewer, target=other, cards=sorted(gave), why="echangeur")
    elif name == "esprit":
        cards = sorted(st.seats[target].hand)
        st.knowledge.add(viewer=seat, target=target, cards=cards, why="esprit")
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=seat, from_seat=target, cards=cards, why="esprit")), frozenset({seat})))
    elif name == "mutant":
        st.tasks.insert(0, pb.Task(kind=pb.TASK_MUTANT, seat=seat, count=7 - len(se.hand)))
    elif name == "laser":
        e.laser_seat = seat
    elif name == "macron":
        _one_token_launch(st, seat)
    elif name == "amibe":
        st.tasks.insert(0, pb.Task(kind=pb.TASK_AMOEBA, seat=seat))
    elif name == "sorcier":
        e.card_off, e.card_def = e.card_def, e.card_off
        e.swapped = not e.swapped
        ctx.say("the face-down cards are swapped", seat)
    elif name == "chronos":
        time_travel(st, ctx, seat)
    elif name == "clone":
        if arg in st.discard:
            st.discard.remove(arg)
            se.hand.append(arg)
    elif name == "voleur":
        if arg in st.discard:
            st.discard.remove(arg)
            se.hand.append(arg)
    del off, de


def ask(st: pb.State, ctx, seat: int, target: int, q: int) -> None:
    """Chercheur: the server answers hand questions truthfully; a question about an intention
    makes the target commit now (TASK_ANSWER), and the card choice then holds him to it."""
    hand = st.seats[target].hand
    ctx.say(f"Chercheur asks seat {target}: {QUESTIONS[q]}", seat)
    if q == 6:
        st.tasks.insert(0, pb.Task(kind=pb.TASK_ANSWER, seat=target, arg=seat))
        return
    if q == 1:
        yes = any(CARDS[c].kind == "compromise" for c in hand)
    elif q == 2:
        yes = any(CARDS[c].kind == "edict" for c in hand)
    else:
        floor = {3: 10, 4: 15, 5: 20}[q]
        yes = any(CARDS[c].kind == "attack" and CARDS[c].value >= floor for c in hand)
    ctx.say(f"seat {target} answers {'yes' if yes else 'no'}", target)


def time_travel(st: pb.State, ctx, seat: int) -> None:
    """Chronos: own card back to hand, the opponent's set aside (unless his last encounter
    card), then both play again; the opponent gets the set-aside card back afterwards."""
    e = st.enc
    off = seat == e.offense
    mine = e.card_off if off else e.card_def
    theirs = e.card_def if off else e.card_off
    opp = e.defense if off else e.offense
    if e.swapped:
        mine, theirs = theirs, mine
    st.seats[seat].hand.append(mine)
    if any(B.is_encounter(c) for c in st.seats[opp].hand):
        e.set_aside = theirs
        e.set_aside_owner = opp
    else:
        st.seats[opp].hand.append(theirs)
    e.card_off = e.card_def = -1
    e.revealed = False
    e.swapped = False
    e.compromise_off = e.compromise_def = False
    e.chronos_replay = True
    ctx.say("time travel: the encounter is played again", seat)
    from cosmodrome.games.cosmic import flow
    flow.open_cards(st, ctx)


# ====================================================================== edicts

def play_edict(st: pb.State, ctx, seat: int, ed: pb.PlayEdict) -> None:
    card = ed.card
    name = CARDS[card].edict
    st.seats[seat].hand.remove(card)
    ctx.events.append(Event(pb.Event(edict_played=pb.EdictPlayed(seat=seat, card=card,
                                                                 target=ed.target))))
    discard_edict(st, ctx, seat, card)
    e = st.enc
    if name == "peste":
        plague(st, ctx, seat, ed.target)
    elif name in ("zap", "zap_sauvage"):
        zap(st, ctx, seat, ed.target, ed.arg, wild=name == "zap_sauvage")
    elif name == "anneaux":
        for s in B.alive(st):
            n = st.seats[s].black_hole
            if n and B.bases(st, s):
                st.seats[s].black_hole = 0
                st.seats[s].limbo += n
                st.tasks.append(pb.Task(kind=pb.TASK_PLACE, seat=s, count=n))
    elif name == "spheres":
        n = st.seats[seat].black_hole
        st.seats[seat].black_hole = 0
        st.seats[seat].limbo += n
        st.tasks.append(pb.Task(kind=pb.TASK_PLACE, seat=seat, count=n))
    elif name == "champ":
        for a in range(st.players):
            if a in (e.offense, e.defense) or (ed.target >= 0 and a != ed.target):
                continue
            n = e.cone_off[a] + e.cone_def[a]
            if n:
                e.cone_off[a] = e.cone_def[a] = 0
                st.seats[a].limbo += n
                st.tasks.append(pb.Task(kind=pb.TASK_PLACE, seat=a, count=n))
    elif name == "controle":
        e.compromise_off = e.compromise_def = True


def zap(st: pb.State, ctx, seat: int, target: int, arg: int = 0, wild: bool = False) -> None:
    """Suspend powers for the rest of the encounter. arg 0: all of the target's powers;
    1: main powers only; 2: secondary powers only. `wild`: every other seat is a target."""
    e = st.enc
    before = len(e.zapped)
    seats = [s for s in range(st.players) if s != seat] if wild else [target]
    for t in seats:
        held = list(st.seats[t].powers)
        chosen = held if arg == 0 else held[:1] if arg == 1 else held[1:]
        for pid in chosen:
            if t * 64 + pid not in e.zapped:
                e.zapped.append(t * 64 + pid)
    who = "every other player" if wild else f"seat {target}"
    ctx.say(f"zaps the power of {who} for this encounter", seat)
    if _responders(st, RESP_UNZAP, exclude=seat):
        st.tasks.insert(0, pb.Task(kind=pb.TASK_ZAP, seat=seat, arg=RESP_UNZAP, planet=target,
                                   min=before))


def plague(st: pb.State, ctx, seat: int, victim: int) -> None:
    """La Peste: three tokens from the victim's bases, one attack, one compromise, one edict
    (the victim chooses); 000: the victim then shows his hand to the player of the plague."""
    n = min(3, B.tokens_on_bases(st, victim))
    tasks = []
    if n and has(st, victim, "zombie"):  # "chaque fois que vous perdez des pions ... vous pouvez"
        tasks.append(pb.Task(kind=pb.TASK_ZOMBIE, seat=victim, count=n, arg=-1,
                             dest=pb.DEST_BLACK_HOLE))
    elif n:
        tasks.append(pb.Task(kind=pb.TASK_TAKE, seat=victim, count=n, min=n,
                             dest=pb.DEST_BLACK_HOLE))
    for kind in (1, 2, 3):
        tasks.append(pb.Task(kind=pb.TASK_PLAGUE, seat=victim, arg=kind, planet=seat))
    for i, t in enumerate(tasks):
        st.tasks.insert(i, t)


# ====================================================================== response windows

def _responders(st: pb.State, kind: int, exclude: int, passed: int = 0) -> list[tuple[int, int]]:
    names = {RESP_ZAP: ("zap", "zap_sauvage"), RESP_UNZAP: ("unzap",),
             RESP_GAZ: ("gaz",)}[kind]
    out = []
    for s in B.power_order(st) if st.enc.offense >= 0 else range(st.players):
        if s == exclude or st.seats[s].eliminated or passed & (1 << s):
            continue
        card = _first(st, s, *names)
        if card >= 0 or st.options.open_windows:
            out.append((s, card))  # card -1: open_windows, nothing to play (Done only)
    return out


def response_options(st: pb.State, t: pb.Task) -> list[tuple[int, list[pb.Move]]]:
    target = t.planet if t.arg == RESP_UNZAP else t.seat
    return [(s, ([_mv(edict=pb.PlayEdict(card=c, target=target))] if c >= 0 else [])
             + [_mv(done=pb.Done())])
            for s, c in _responders(st, t.arg, t.seat, t.count)]


def apply_response(st: pb.State, ctx, t: pb.Task, seat: int, move: pb.Move) -> None:
    if move.WhichOneof("kind") == "done":
        t.count |= 1 << seat
        return
    card = move.edict.card
    st.seats[seat].hand.remove(card)
    ctx.events.append(Event(pb.Event(edict_played=pb.EdictPlayed(
        seat=seat, card=card, target=move.edict.target))))
    discard_edict(st, ctx, seat, card)
    kind = t.arg
    st.tasks.remove(t)
    e = st.enc
    if kind == RESP_ZAP:
        wild = CARDS[card].edict == "zap_sauvage"
        zap(st, ctx, seat, t.seat, 1 if wild else 0, wild=wild)
        # the zap window is over; the pending use is decided after a possible un-zap
        st.tasks.insert(len([x for x in st.tasks if x.kind == pb.TASK_ZAP]),
                        pb.Task(kind=pb.TASK_ZAP, seat=t.seat, arg=RESP_ZAP, count=~0 & 0x7FFFFFFF))
    elif kind == RESP_UNZAP:
        del e.zapped[t.min:]  # undo exactly what that zap suspended
        ctx.say("un-zap: the zap has no effect", seat)
    elif kind == RESP_GAZ:
        ctx.say("Gaz Stellaire: no consolation", seat)


def close_response(st: pb.State, ctx, t: pb.Task) -> None:
    st.tasks.remove(t)
    if t.arg == RESP_ZAP and st.enc.pending_seat >= 0:
        perform(st, ctx)
    elif t.arg == RESP_GAZ:
        from cosmodrome.games.cosmic import flow
        flow.take_consolation(st, ctx, t.seat, t.planet, t.min)


# ====================================================================== power tasks

def task_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    e = st.enc
    k = t.kind
    if k == pb.TASK_ANSWER:
        return [_mv(answer=pb.Answer(yes=True)), _mv(answer=pb.Answer(yes=False))]
    if k == pb.TASK_MUTANT:
        if t.count <= 0:
            return []
        out = [_mv(pick=pb.Pick(index=s)) for s in B.alive(st)
               if s != t.seat and st.seats[s].hand]
        if st.deck or st.discard:
            out.append(_mv(pick=pb.Pick(index=-1)))
        return out
    if k == pb.TASK_AMOEBA:
        seat = t.seat
        out = []
        for p in B.bases(st, seat):
            if not (seat == e.defense and p == e.planet):
                out.append(_mv(planet=pb.PlanetChoice(planet=p)))  # add one from p
        engaged = e.cone_off[seat] if seat == e.offense else B.tok(st, e.planet, seat)
        if engaged:
            homes = [p for p in B.bases(st, seat) if p != e.planet] or list(B.planets_of(seat))
            out += [_mv(pick=pb.Pick(index=p)) for p in homes]  # withdraw one to p
        out.append(_mv(done=pb.Done()))
        return out
    if k == pb.TASK_LASER:
        return [_mv(pick=pb.Pick(index=i)) for i in range(t.count)]
    if k == pb.TASK_PLAGUE:
        want = {1: "attack", 2: "compromise", 3: "edict"}[t.arg]
        return [_mv(card=pb.CardChoice(card=c)) for c in sorted(set(st.seats[t.seat].hand))
                if CARDS[c].kind == want]
    return []


def apply_task(st: pb.State, ctx, t: pb.Task, move: pb.Move) -> None:
    e = st.enc
    k = t.kind
    which = move.WhichOneof("kind")
    if k == pb.TASK_ANSWER:
        st.tasks.pop(0)
        e.question_target = t.seat
        e.commitment = 1 if move.answer.yes else 2
        ctx.say(f"answers {'yes' if move.answer.yes else 'no'} and is held to it", t.seat)
        return
    if k == pb.TASK_MUTANT:
        src = move.pick.index
        if src < 0:
            c = B.draw_card(st, ctx.rng)
        else:
            hand = st.seats[src].hand
            c = hand[ctx.rng.below(len(hand))]
            hand.remove(c)
        if c is not None:
            st.seats[t.seat].hand.append(c)
            aud = frozenset({t.seat} if src < 0 else {t.seat, src})
            ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
                seat=t.seat, from_seat=src, cards=[c], why="mutant")), aud))
        t.count -= 1
        if t.count <= 0 or len(st.seats[t.seat].hand) >= 7:
            st.tasks.pop(0)
        return
    if k == pb.TASK_AMOEBA:
        seat = t.seat
        if which == "done":
            st.tasks.pop(0)
        elif which == "planet":
            B.add_tok(st, move.planet.planet, seat, -1)
            if seat == e.offense:
                e.cone_off[seat] += 1
            else:
                B.add_tok(st, e.planet, seat, 1)
        else:
            if seat == e.offense:
                e.cone_off[seat] -= 1
            else:
                B.add_tok(st, e.planet, seat, -1)
            B.add_tok(st, move.pick.index, seat, 1)
        return
    if k == pb.TASK_LASER:
        st.tasks.pop(0)
        opp = e.defense if t.seat == e.offense else e.offense
        cards = sorted(c for c in st.seats[opp].hand if B.is_encounter(c))
        ctx.rng.shuffle(cards)
        c = cards[move.pick.index % len(cards)]
        st.seats[opp].hand.remove(c)
        if opp == e.offense:
            e.card_off = c
        else:
            e.card_def = c
        ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
            seat=opp, from_seat=t.seat, cards=[c], why="laser")), frozenset({opp})))
        ctx.say("the Laser picks the opponent's card", t.seat)
        return
    if k == pb.TASK_PLAGUE:
        st.tasks.pop(0)
        c = move.card.card
        st.seats[t.seat].hand.remove(c)
        if CARDS[c].kind == "edict":
            discard_edict(st, ctx, t.seat, c)
        else:
            st.discard.append(c)
        if t.arg == 3:
            show_plague(st, ctx, t)
        return


def show_plague(st: pb.State, ctx, t: pb.Task) -> None:
    cards = sorted(st.seats[t.seat].hand)
    st.knowledge.add(viewer=t.planet, target=t.seat, cards=cards, why="plague")
    ctx.events.append(Event(pb.Event(cards_seen=pb.CardsSeen(
        seat=t.planet, from_seat=t.seat, cards=cards, why="plague")), frozenset({t.planet})))


# ====================================================================== variants

def rotate_power(st: pb.State, ctx, seat: int) -> None:
    """Power rotation: draw a new power at random from the powers not in play (never the
    Insecte while another seat holds the Oracle, nor the reverse); the old one goes back."""
    se = st.seats[seat]
    if not st.power_pool or not se.powers:
        return
    old = se.powers[0]
    held = [p for s, o in enumerate(st.seats) if not o.eliminated
            for i, p in enumerate(o.powers) if not (s == seat and i == 0)]
    allowed = [i for i, p in enumerate(st.power_pool) if not excluded(p, held)]
    if not allowed:
        return
    new = st.power_pool.pop(allowed[ctx.rng.below(len(allowed))])
    st.power_pool.append(old)
    se.powers[0] = new
    se.disclosed[0] = False
    ctx.say("draws a new power", seat)
