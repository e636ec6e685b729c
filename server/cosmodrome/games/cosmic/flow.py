"""The turn of Cosmic Encounter as a table of steps (`STEPS`) over `State.step`, plus the
queue of sub-decisions (`State.tasks`, kinds in `tasks.TASKS`).

Reading order, as the rule book runs: start of the turn -> retrieve a token -> start window ->
destiny -> aim -> launch -> invitations -> alliances -> pre-cards window -> cards ->
pre-reveal window -> reveal -> post-reveal window -> resolution -> deal -> cleanup window ->
another encounter or the next turn.

Each step says who is asked and what (`asks`), how a move applies (`apply`) and what happens
once nobody owes anything there (`then`). `settle` runs the `then`s until a decision is owed.
The pieces (powers, edicts) act only through the hooks of `pieces`; this module names none.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cosmodrome.core.engine import Decision, Event
from cosmodrome.games.cosmic import actions, flares, moonflow, pieces, tasks
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DEAL_EDIT_CAP = 12  # edits per deal; past it only propose / accept / abandon (keeps play finite)
WINDOW_STEPS = (pb.STEP_START_WINDOW, pb.STEP_PRE_CARDS, pb.STEP_PRE_REVEAL,
                pb.STEP_POST_REVEAL, pb.STEP_CLEANUP)
DONE = tasks.DONE
AUTO_PASS_ON = pb.Move(auto_pass=pb.AutoPass(on=True))    # pass this and every window
AUTO_PASS_OFF = pb.Move(auto_pass=pb.AutoPass(on=False))  # be asked again

# re-exported for tests and hosts that drive the engine step by step
new_hand = actions.new_hand
eliminate = actions.eliminate


def _mv(**kw) -> pb.Move:
    return pb.Move(**kw)


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
    # He may first play them in the start window: he always draws once it closes, so the
    # moment says nothing of his edicts.
    due = not B.has_encounter_card(st, seat) and moonflow.may_redraw(st, seat)
    begin_encounter(st, ctx)
    if due and not st.finished:
        if st.step in (pb.STEP_RETRIEVE, pb.STEP_START_WINDOW):
            st.enc.new_hand_due = True
        else:
            actions.new_hand(st, ctx, seat)


def begin_encounter(st: pb.State, ctx: Ctx) -> None:
    off = st.enc.offense
    number = st.enc.number + 1
    extra = st.enc.extra_encounters if number > 1 else 0
    n = st.players
    st.enc.Clear()
    e = st.enc
    e.offense, e.number = off, number  # no system, planet nor defender yet
    e.extra_encounters = extra  # a moon's extra encounter counts per turn
    for field in (e.cone_off, e.cone_def, e.lost_off, e.lost_def):
        field.extend([0] * n)
    e.invited_off.extend([False] * n)
    e.invited_def.extend([False] * n)
    X.clear(e)
    for piece in pieces.POWERS:
        piece.reset_encounter(e)
    # st.tasks is kept: the flow only moves on with an empty queue, except for the questions a
    # new hand drawn as the turn starts has just queued, which must still be asked
    if number > 1 and not B.has_encounter_card(st, off) and not st.enc.new_hand_due:
        ctx.note(pb.NOTE_KIND_TURN_ENDS_NO_ENCOUNTER_CARD, off)
        end_turn(st, ctx)
        return
    if st.seats[off].black_hole > 0:
        st.step = pb.STEP_RETRIEVE
        return
    open_window(st, ctx, pb.STEP_START_WINDOW)


def _retrieve_asks(st: pb.State) -> list[Decision]:
    off = st.enc.offense
    places = B.bases(st, off) or B.standing_planets(st, off)
    return [Decision(off, "retrieve", "Take one token back from the black hole (or not)",
                     [_mv(planet=pb.PlanetChoice(planet=p)) for p in places] + [DONE])]


def _retrieve(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    if move.WhichOneof("kind") == "planet":
        st.seats[seat].black_hole -= 1
        B.add_tok(st, move.planet.planet, seat, 1)
        ctx.note(pb.NOTE_KIND_TOKEN_RETRIEVED, seat)
    open_window(st, ctx, pb.STEP_START_WINDOW)


def go_destiny(st: pb.State, ctx: Ctx) -> None:
    off = st.enc.offense
    if st.enc.new_hand_due:
        st.enc.new_hand_due = False
        actions.new_hand(st, ctx, off)
        if st.tasks:
            return  # questions about the old hand come before the destiny
    if st.players == 2:
        other = 1 - off
        # D05: "une planète de votre propre système où votre adversaire a une base", one
        # still aimable (not destroyed, not shielded: m6/19, m21); any moon present is a
        # target whichever system he names, so moons give no reason to ask
        if moonflow.standing_targets(st, planet_targets(st, off)):
            st.step = pb.STEP_DESTINY
            return
        st.enc.system = other
    else:
        st.enc.system = draw_destiny(st, ctx)
        moonflow.disc_drawn(st)
    st.step = pb.STEP_AIM


def _destiny_asks(st: pb.State) -> list[Decision]:
    off = st.enc.offense
    return [Decision(off, "system", "Choose the system to attack",
                     [_mv(system=pb.SeatChoice(seat=1 - off)),
                      _mv(system=pb.SeatChoice(seat=off))])]


def _destiny(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    st.enc.system = move.system.seat
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
            moonflow.disc_turned(st, ctx)
        else:
            colour = st.cup[ctx.rng.below(len(st.cup))]
        ctx.emit(pb.Event(destiny=pb.DestinyDrawn(colour=colour)))
        if colour != off or aim_targets(st, off):
            return colour
        ctx.note(pb.NOTE_KIND_DESTINY_DRAWN_AGAIN, off)


def aim_targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(body, defender) pairs the cone may aim at: a planet of `system`, or a moon."""
    return moonflow.standing_targets(st, planet_targets(st, system)) + moonflow.targets(st, system)


def planet_targets(st: pb.State, system: int) -> list[tuple[int, int]]:
    """(planet, defender) pairs the cone may aim at in `system`; defender -1: empty, auto-win.
    A foreign system: its owner (001); seed 000 (`challenge_any_occupant`): also "n'importe
    quel joueur qui se trouve dans le système", on a planet where he has a base (§4)."""
    off = st.enc.offense
    out: list[tuple[int, int]] = []
    if system != off:
        out = [(p, system) for p in B.planets_of(system)]
        if st.options.challenge_any_occupant:
            out += [(p, s) for p in B.planets_of(system) for s in B.alive(st)
                    if s not in (off, system) and B.tok(st, p, s) > 0]
        return sorted(out)
    for p in B.planets_of(off):
        others = [s for s in B.alive(st) if s != off and B.tok(st, p, s) > 0]
        out += [(p, s) for s in others]
        if st.players > 2 and not others and B.tok(st, p, off) == 0:
            out.append((p, -1))
    return out


def _aim_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    return [Decision(e.offense, "aim", "Aim the cone at a planet",
                     [_mv(aim=_aim_at(p, d)) for p, d in aim_targets(st, e.system)])]


def _aim_at(planet: int, defense: int) -> pb.Aim:
    """An Aim move; an empty planet (defense -1) has no defense field."""
    return pb.Aim(planet=planet, defense=defense) if defense >= 0 else pb.Aim(planet=planet)


def _aim(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    e = st.enc
    e.planet = move.aim.planet
    if move.aim.HasField("defense"):
        e.defense = move.aim.defense
    moonflow.aimed(st, ctx)
    e.auto_win = not e.HasField("defense") or B.tok(st, e.planet, e.defense) == 0
    st.step = pb.STEP_LAUNCH
    launch(st, ctx, e.offense, pb.DEST_CONE_OFF)


def launch(st: pb.State, ctx: Ctx, seat: int, dest: int) -> None:
    """`seat` puts one to four tokens from his bases on the cone, one at a time."""
    avail = B.tokens_on_bases(st, seat)
    if not avail:
        return
    cap = B.MAX_SHIP * moonflow.ally_multiplier(st, seat)
    st.tasks.add(seat=seat, take=pb.TakeTask(count=min(cap, avail), min=1, dest=dest))
    for piece in pieces.held(st, seat):
        if piece.on_launch(st, ctx, seat, defending=dest == pb.DEST_CONE_DEF):
            return


def after_launch(st: pb.State, ctx: Ctx) -> None:
    if st.enc.auto_win:
        resolve(st, ctx)
    else:
        st.step = pb.STEP_INVITE_OFF


def invite_candidates(st: pb.State) -> list[int]:
    if st.players == 2:
        return []
    e = st.enc
    return [s for s in B.alive(st) if s not in (e.offense, B.defender(st))
            and moonflow.may_ally(st, s)]


def _invite_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    off_side = st.step == pb.STEP_INVITE_OFF
    seat = e.offense if off_side else B.defender(st)
    invited = e.invited_off if off_side else e.invited_def
    cands = invite_candidates(st)
    if not cands or not moonflow.may_ally(st, seat):
        return []
    side = "offence" if off_side else "defence"
    return [Decision(seat, "invite", f"Invite an ally to the {side}, or stop",
                     [_mv(invite=pb.SeatChoice(seat=s)) for s in cands if not invited[s]]
                     + [DONE] + pieces.at_any_time(st, seat))]


def _invite(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    e = st.enc
    off_side = st.step == pb.STEP_INVITE_OFF
    if move.WhichOneof("kind") == "invite":
        (e.invited_off if off_side else e.invited_def)[move.invite.seat] = True
    elif off_side:
        st.step = pb.STEP_INVITE_DEF
    else:
        after_invite_def(st, ctx)


def after_invite_def(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    order = [s for s in B.clockwise_from(st, e.offense)
             if (e.invited_off[s] or e.invited_def[s] or moonflow.joins_uninvited(st, s))
             and s not in (e.offense, B.defender(st))]
    del e.answer_order[:]
    e.answer_order.extend(order)
    st.step = pb.STEP_ALLIES


def _allies_asks(st: pb.State) -> list[Decision]:
    e = st.enc
    if not e.answer_order:
        return []
    s = e.answer_order[0]
    out = [_mv(join=pb.Join(side=pb.SIDE_NEITHER))]
    forced = moonflow.joins_uninvited(st, s)
    if B.tokens_on_bases(st, s) > 0:
        if e.invited_off[s] or forced:
            out.append(_mv(join=pb.Join(side=pb.SIDE_OFFENCE)))
        if e.invited_def[s] or forced:
            out.append(_mv(join=pb.Join(side=pb.SIDE_DEFENCE)))
    return [Decision(s, "join", "Join the offence, the defence, or neither",
                     out + pieces.at_any_time(st, s))]


def _join(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    st.enc.answer_order.pop(0)
    side = move.join.side
    if side != pb.SIDE_NEITHER:
        offence = side == pb.SIDE_OFFENCE
        ctx.note(pb.NOTE_KIND_JOINS, seat, side=side)
        launch(st, ctx, seat, pb.DEST_CONE_OFF if offence else pb.DEST_CONE_DEF)
    else:
        ctx.note(pb.NOTE_KIND_DECLINES, seat)


def open_pre_cards(st: pb.State, ctx: Ctx) -> None:
    open_window(st, ctx, pb.STEP_PRE_CARDS)


# ====================================================================== cards and reveal

def open_cards(st: pb.State, ctx: Ctx) -> None:
    """A main player out of encounter cards "doit jouer tous ses Edits ou les jeter" and draws
    a new hand: always now, when the cards are due, so the moment says nothing of his edicts
    (he may play them in the windows before). Seed 000 (`out_of_cards_ends_turn`): not the
    offence, whose turn ends instead (see `_offence_out_of_cards`)."""
    e = st.enc
    st.step = pb.STEP_CARDS
    for s in (e.offense, B.defender(st)):
        if not e.revealed and not B.has_encounter_card(st, s) and moonflow.may_redraw(st, s):
            if s == e.offense and st.options.out_of_cards_ends_turn:
                continue
            actions.new_hand(st, ctx, s)
    for s in (e.offense, B.defender(st)):
        for piece in pieces.held(st, s):
            piece.on_cards_due(st, ctx, s)


def card_options(st: pb.State, seat: int) -> list[pb.Move]:
    """An encounter card (or, seed 000, an extension card first); under an extension, attack
    cards one at a time up to its limit, and Done once one is down."""
    cards = [c for c in st.seats[seat].hand if B.is_encounter(c)]
    cards = pieces.card_choices(st, seat, cards)
    ext, first = X.of(st, seat), _card_of(st, seat)
    if not X.laid(ext):
        return [_mv(card=pb.CardChoice(card=c)) for c in sorted(set(cards)) + X.offered(
            st, seat, cards)] + moonflow.use_moves(st, seat)
    return [_mv(card=pb.CardChoice(card=c)) for c in X.addable(ext, first, cards)] + (
        [DONE] if X.complete(ext, first) else [])


def _card_of(st: pb.State, seat: int) -> int:
    return B.played(st, "off" if seat == st.enc.offense else "def")


def card_deciders(st: pb.State) -> list[int]:
    e = st.enc
    return [s for s in (e.offense, B.defender(st))
            if not X.card_down(st, s) and pieces.chooser_of(st, s) < 0
            and not any(p.waits_for_card(st, s) for p in pieces.POWERS)]


def _cards_asks(st: pb.State) -> list[Decision]:
    out = []
    for s in card_deciders(st):
        opts = card_options(st, s)
        if opts:
            out.append(Decision(s, "encounter_card", "Play an encounter card face down", opts))
    return out


def set_card(st: pb.State, seat: int, card: int) -> None:
    B.set_played(st, "off" if seat == st.enc.offense else "def", card)


def _play_card(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    ext = X.of(st, seat)
    if move.WhichOneof("kind") == "moon_use":  # a standing extension, or three cards
        moonflow.use(st, ctx, seat, move)
        return
    if move.WhichOneof("kind") == "done":  # no more attack cards under the extension
        ext.choosing = False
        _card_played(st, ctx, seat)
        return
    card = move.card.card
    st.seats[seat].hand.remove(card)
    if B.is_extension(card):
        ext.card, ext.choosing = card, True
        ctx.note(pb.NOTE_KIND_EXTENSION_FACE_DOWN, seat)
        return
    if _card_of(st, seat) < 0:
        set_card(st, seat, card)
    else:
        ext.extra.append(card)
    ctx.note(pb.NOTE_KIND_CARD_FACE_DOWN, seat)
    if not ext.choosing:  # under an extension he says Done, even at its limit: when he stops
        _card_played(st, ctx, seat)  # tells nothing of the extension's value


def _card_played(st: pb.State, ctx: Ctx, seat: int) -> None:
    """`seat`'s cards are all down: the powers that wait on them act."""
    for piece in pieces.POWERS:
        piece.after_card_played(st, ctx, seat, _card_of(st, seat))


def _cards_then(st: pb.State, ctx: Ctx) -> bool:
    e = st.enc
    if X.card_down(st, e.offense) and X.card_down(st, B.defender(st)):
        open_window(st, ctx, pb.STEP_PRE_REVEAL)
        return True
    if _offence_out_of_cards(st, ctx):
        return True
    # a main player with no encounter card at all (deck exhausted): compromise is not
    # possible either; the side without a card loses (provisional)
    for s in (e.offense, B.defender(st)):
        if _card_of(st, s) == B.NO_CARD_YET and not card_options(st, s) and (
                pieces.chooser_of(st, s) < 0 or not B.has_encounter_card(st, s)):
            ctx.note(pb.NOTE_KIND_NO_CARD_LOSES, s)
            # play nothing: a compromise worth 0 (loses to an attack, deals vs compromise)
            if s == e.offense:
                e.compromise_off = True
            else:
                e.compromise_def = True
            B.set_played(st, "off" if s == e.offense else "def", B.NO_CARD_PLAYED)
            _card_played(st, ctx, s)  # his nothing is down: a power choosing the other card acts
            return True
    return False


def _offence_out_of_cards(st: pb.State, ctx: Ctx) -> bool:
    """Seed 000 (N1): "Si vous vous retrouvez à court de cartes de duel pendant votre tour,
    votre tour est terminé et vous n'avez pas le droit de retirer immédiatement de nouvelles
    cartes". The encounter under way still needs a result: the offence plays nothing, as a
    compromise (it loses to an attack card, deals against a compromise), takes no
    consolation, and his turn ends with it (`go_next`: no encounter card, no other one)."""
    e = st.enc
    off = e.offense
    if not st.options.out_of_cards_ends_turn or _card_of(st, off) != B.NO_CARD_YET \
            or B.has_encounter_card(st, off) or pieces.chooser_of(st, off) >= 0:
        return False
    ctx.note(pb.NOTE_KIND_OUT_OF_CARDS_LOSES, off)
    e.compromise_off, e.no_consolation = True, True
    B.set_played(st, "off", B.NO_CARD_PLAYED)
    _card_played(st, ctx, off)  # his nothing is down: a power choosing the other card acts
    return True


def reveal(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    e.revealed = True
    ctx.reveal(B.played(st, "off"), B.played(st, "def"))
    for s in (e.offense, B.defender(st)):
        for piece in pieces.held(st, s):
            piece.on_reveal(st, ctx, s)
    open_window(st, ctx, pb.STEP_POST_REVEAL)


# ====================================================================== resolution

def counts_compromise(st: pb.State, seat: int) -> bool:
    e = st.enc
    own = e.compromise_off if seat == e.offense else e.compromise_def
    opp = B.defender(st) if seat == e.offense else e.offense
    return own or B.is_compromise(_card_of(st, seat)) or X.compromised(X.of(st, seat)) or any(
        p.makes_opponent_compromise(st, opp) for p in pieces.held(st, opp))


def side_total(st: pb.State, ctx: Ctx | None, seat: int) -> int:
    """Attack value (seed 000: the extension's cards summed) plus tokens (each worth what its
    owner's pieces say), plus the main defender's lucres (seed 000)."""
    e = st.enc
    cone = e.cone_off if seat == e.offense else e.cone_def
    bonus, factors = moonflow.combat_terms(st, ctx, seat)
    bonus += moonflow.transformed_bonus(st, seat)
    tokens = sum(cone[s] * pieces.token_worth(st, s) * factors.get(s, 1)
                 for s in range(st.players) if cone[s])
    if seat == B.defender(st):
        tokens += B.tok(st, e.planet, seat) * pieces.token_worth(st, seat) * factors.get(seat, 1)
    value = max(0, X.value(X.of(st, seat), _card_of(st, seat)) + bonus)  # a moon's malus stops at 0
    total = value + tokens
    for piece in [*flares.active(st, seat), *pieces.held(st, seat)]:  # a played flare first
        by_piece = piece.side_total(st, ctx, seat, value, tokens)
        if by_piece is not None:
            total = by_piece
            break
    if seat == B.defender(st):  # "on ajoute aussi la somme des lucres que possède le joueur qui
        total += st.seats[seat].lucres  # défend": the main defender's, after any power (L2, L3)
    return total


def resolve(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    st.step = pb.STEP_RESOLVE
    off, de = e.offense, B.defender(st)
    if e.auto_win:
        e.winner = pb.OUTCOME_OFFENCE_WINS
        ctx.note(pb.NOTE_KIND_AUTO_WIN, off)
        offence_wins(st, ctx)
        return
    comp_off, comp_def = counts_compromise(st, off), counts_compromise(st, de)
    if comp_off and comp_def:
        e.winner = pb.OUTCOME_DEAL_DUE
        start_deal(st, ctx)
        return
    if comp_off:
        e.winner = pb.OUTCOME_DEFENCE_WINS
    elif comp_def:
        e.winner = pb.OUTCOME_OFFENCE_WINS
    else:
        t_off, t_def = side_total(st, ctx, off), side_total(st, ctx, de)
        ctx.reveal(B.played(st, "off"), B.played(st, "def"), total_off=t_off, total_def=t_def)
        e.winner = (pb.OUTCOME_OFFENCE_WINS if t_off > t_def
                    else pb.OUTCOME_DEFENCE_WINS)  # "en cas d'égalité, c'est le joueur défensif"
    if e.winner == pb.OUTCOME_OFFENCE_WINS:
        offence_wins(st, ctx)
        if comp_def:
            actions.consolation(st, ctx, de, off, e.lost_def[de])
    else:
        defence_wins(st, ctx)
        if comp_off:
            actions.consolation(st, ctx, off, de, e.lost_off[off])


def offence_wins(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    off, de, planet = e.offense, B.defender(st), e.planet
    e.success = True
    if de >= 0:
        n = B.tok(st, planet, de)
        B.add_tok(st, planet, de, -n)
        e.lost_def[de] += n
        actions.lose_tokens(st, ctx, de, n, by=off)
    for s in range(st.players):
        n = e.cone_def[s]
        if n:
            e.cone_def[s] = 0
            e.lost_def[s] += n
            actions.lose_tokens(st, ctx, s, n, by=off)
    landed = {}
    for s in range(st.players):
        n = e.cone_off[s]
        if n:
            e.cone_off[s] = 0
            B.add_tok(st, planet, s, n)
            landed[s] = n
            ctx.emit(pb.Event(tokens_moved=pb.TokensMoved(
                seat=s, count=n, source=pb.PLACE_CONE, destination=pb.PLACE_PLANET,
                planet=planet)))
    moonflow.landed(st, ctx, planet, landed)


def defence_wins(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    for s in range(st.players):
        n = e.cone_off[s]
        if n:
            e.cone_off[s] = 0
            e.lost_off[s] += n
            actions.lose_tokens(st, ctx, s, n, by=B.defender(st))
    for s in B.clockwise_from(st, e.offense):
        if e.cone_def[s]:
            st.tasks.add(seat=s, reward=pb.RewardTask(tokens=e.cone_def[s]))


def _resolve_then(st: pb.State, ctx: Ctx) -> bool:
    if st.enc.winner == pb.OUTCOME_DEAL_DUE:
        return False  # the deal step takes over
    open_cleanup(st, ctx)
    return True


# ====================================================================== deals

def start_deal(st: pb.State, ctx: Ctx) -> None:
    """Both compromised: allies go home, the two main players have a minute to deal."""
    e = st.enc
    st.step = pb.STEP_DEAL
    st.deal.Clear()
    for t in (st.deal.draft_off, st.deal.draft_def, st.deal.offer):
        t.SetInParent()  # present, empty
    for s in range(st.players):
        for cone in (e.cone_off, e.cone_def):
            if cone[s]:
                actions.place_from_limbo(st, s, cone[s])
                cone[s] = 0
    ctx.note(pb.NOTE_KIND_DEAL_STARTS)


def _base(t: pb.DealTerms, field: str) -> int:
    """A base of the terms (`off_base`, `def_base`); -1 if none."""
    return getattr(t, field) if t.HasField(field) else -1


def _offer_by(d: pb.Deal) -> int:
    return d.offer_by if d.HasField("offer_by") else -1


def _terms_empty(t: pb.DealTerms) -> bool:
    return (not t.HasField("off_base") and not t.HasField("def_base") and not t.off_cards
            and not t.def_cards and not t.off_random and not t.def_random and not t.frees)


def deal_open(st: pb.State) -> bool:
    return st.step == pb.STEP_DEAL and not st.tasks and st.enc.winner == pb.OUTCOME_DEAL_DUE


def deal_options(st: pb.State, seat: int) -> list[pb.Move]:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    opp = B.defender(st) if is_off else e.offense
    draft = d.draft_off if is_off else d.draft_def
    out: list[pb.Move] = []
    if d.edits < DEAL_EDIT_CAP:
        my_base = _base(draft, "off_base" if is_off else "def_base")
        their_base = _base(draft, "def_base" if is_off else "off_base")
        for p in B.bases(st, seat):
            if p != my_base and B.tok(st, p, opp) == 0:
                out.append(_mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_OFFER_BASE, planet=p)))
        for p in B.bases(st, opp):
            if p != their_base and B.tok(st, p, seat) == 0:
                out.append(_mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_BASE, planet=p)))
        given = draft.off_cards if is_off else draft.def_cards
        for c in sorted(set(st.seats[seat].hand)):
            if c not in given:
                out.append(_mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=c)))
        asked = draft.def_random if is_off else draft.off_random
        if asked < len(st.seats[opp].hand):
            out.append(_mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_ASK_RANDOM_CARD)))
        if not _terms_empty(draft):
            out.append(_mv(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_CLEAR)))
        for piece in pieces.held(st, seat):
            out += piece.deal_edits(st, seat, draft)
    if not _terms_empty(draft) and not (_offer_by(d) == seat and d.offer == draft):
        out.append(_mv(deal_propose=pb.Done()))
    if _offer_by(d) == opp and _terms_valid(st, d.offer):
        out.append(_mv(deal_accept=pb.Done()))
    out.append(_mv(deal_abandon=pb.Done()))
    return out


def _deal_asks(st: pb.State) -> list[Decision]:
    if not deal_open(st):
        return []
    e = st.enc
    return [Decision(s, "deal", "Negotiate the deal",
                     deal_options(st, s) + pieces.at_any_time(st, s), st.deal.deadline_ms)
            for s in (e.offense, B.defender(st))]


def _terms_valid(st: pb.State, t: pb.DealTerms) -> bool:
    e = st.enc
    off, de = e.offense, B.defender(st)
    if _terms_empty(t):
        return False  # "vous n'avez pas le droit de ne rien échanger contre rien"
    if t.HasField("off_base") and B.tok(st, t.off_base, off) == 0:
        return False
    if t.HasField("def_base") and B.tok(st, t.def_base, de) == 0:
        return False
    if any(c not in st.seats[off].hand for c in t.off_cards):
        return False
    if any(c not in st.seats[de].hand for c in t.def_cards):
        return False
    return (len(t.off_cards) + t.off_random <= len(st.seats[off].hand)
            and len(t.def_cards) + t.def_random <= len(st.seats[de].hand))


def _deal(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    d = st.deal
    if which == "deal_edit":
        deal_edit(st, seat, move.deal_edit)
    elif which == "deal_propose":
        d.offer.CopyFrom(d.draft_off if seat == st.enc.offense else d.draft_def)
        d.offer_by = seat
        d.edits += 1
        ctx.note(pb.NOTE_KIND_DEAL_PROPOSED, seat)
    elif which == "deal_accept":
        accept_deal(st, ctx)
    else:
        ctx.note(pb.NOTE_KIND_DEAL_ABANDONED, seat)
        no_deal(st, ctx, automatic=False)


def deal_edit(st: pb.State, seat: int, ed: pb.DealEdit) -> None:
    e, d = st.enc, st.deal
    is_off = seat == e.offense
    draft = d.draft_off if is_off else d.draft_def
    d.edits += 1
    if ed.what == pb.DEAL_TERM_OFFER_BASE:
        if is_off:
            draft.off_base = ed.planet
        else:
            draft.def_base = ed.planet
    elif ed.what == pb.DEAL_TERM_ASK_BASE:
        if is_off:
            draft.def_base = ed.planet
        else:
            draft.off_base = ed.planet
    elif ed.what == pb.DEAL_TERM_GIVE_CARD:
        (draft.off_cards if is_off else draft.def_cards).append(ed.card)
    elif ed.what == pb.DEAL_TERM_ASK_RANDOM_CARD:
        if is_off:
            draft.def_random += 1
        else:
            draft.off_random += 1
    elif ed.what == pb.DEAL_TERM_CLEAR:
        draft.Clear()
    elif ed.what == pb.DEAL_TERM_FREE_TOKEN:
        draft.frees += 1


def accept_deal(st: pb.State, ctx: Ctx) -> None:
    e, t = st.enc, st.deal.offer
    off, de = e.offense, B.defender(st)
    e.success = True
    ctx.note(pb.NOTE_KIND_DEAL_MADE)
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
        ctx.show(taker, giver, got, "deal", frozenset({giver, taker}))
    for s in (off, de):
        for piece in pieces.held(st, s):
            piece.on_deal_made(st, ctx, s, t)
    # a new base: the taker settles it with tokens from his bases (1 to 4, provisional)
    if t.HasField("off_base") and B.tokens_on_bases(st, de):
        st.tasks.add(seat=de, take=pb.TakeTask(count=min(4, B.tokens_on_bases(st, de)), min=1,
                                               dest=pb.DEST_PLANET, planet=t.off_base))
    if t.HasField("def_base") and B.tokens_on_bases(st, off):
        st.tasks.add(seat=off, take=pb.TakeTask(count=min(4, B.tokens_on_bases(st, off)), min=1,
                                                dest=pb.DEST_PLANET, planet=t.def_base))
    e.winner = pb.OUTCOME_DEAL_MADE  # resolution tasks, then cleanup


def no_deal(st: pb.State, ctx: Ctx, automatic: bool) -> None:
    """No deal in time: each main player loses three tokens of his choice to the black hole
    (`automatic`: the minute ran out, the largest bases give them)."""
    e = st.enc
    e.winner = pb.OUTCOME_NO_DEAL
    ctx.note(pb.NOTE_KIND_NO_DEAL)
    off, de = e.offense, B.defender(st)
    for s, other in ((off, de), (de, off)):
        n = 0 if moonflow.spares_deal_loss(st, ctx, s) else min(3, B.tokens_on_bases(st, s))
        actions.lose_tokens(st, ctx, s, n, by=other, on_bases=True, automatic=automatic)


def on_timeout(st: pb.State, now: int, events: list[Event]) -> None:
    """A deadline passed: the deal's minute (no deal), or a window's minimum time (it closes
    if everyone has answered)."""
    if st.finished:
        return
    ctx = Ctx(st, events, now)
    if deal_open(st) and st.deal.deadline_ms and now >= st.deal.deadline_ms:
        no_deal(st, ctx, automatic=True)
    elif st.tasks or window_seat(st) is not None or not _window_min_reached(st, ctx):
        return
    else:
        ctx.emit(pb.Event(window_closed=pb.WindowClosed(step=st.step)))
    settle(st, ctx)
    st.rng = ctx.rng.state


def _deal_then(st: pb.State, ctx: Ctx) -> bool:
    if st.enc.winner == pb.OUTCOME_DEAL_DUE:
        return False
    open_cleanup(st, ctx)
    return True


# ====================================================================== cleanup and turn end

def open_cleanup(st: pb.State, ctx: Ctx) -> None:
    e = st.enc
    del e.discarded[:]
    for card in (B.played(st, "off"), B.played(st, "def")):
        if card >= 0:
            st.discard.append(card)
            e.discarded.append(card)
    # "Les cartes d'extension sont défaussées lorsque le duel ... est résolu" (X2)
    for ext in (e.ext_off, e.ext_def):
        st.discard.extend(X.cards(ext))
        e.discarded.extend(X.cards(ext))
    for piece in pieces.POWERS:
        piece.at_cleanup(st, ctx)
    moonflow.encounter_over(st, ctx)
    ctx.emit(pb.Event(encounter_over=pb.EncounterOver(winner=e.winner, success=e.success)))
    open_window(st, ctx, pb.STEP_CLEANUP)


def go_next(st: pb.State, ctx: Ctx) -> None:
    """The offence is asked about another encounter whenever he may play on at all (only to
    end his turn, if the rules give him no other), so being asked tells nothing."""
    off = st.enc.offense
    st.step = pb.STEP_NEXT
    if st.seats[off].eliminated or not (B.has_encounter_card(st, off)
                                        or moonflow.extra_encounter(st, off) is not None):
        end_turn(st, ctx)


def _another_allowed(st: pb.State) -> bool:
    return _rules_allow_another(st) or moonflow.extra_encounter(st, st.enc.offense) is not None


def _rules_allow_another(st: pb.State) -> bool:
    e = st.enc
    off = e.offense
    for piece in [*flares.active(st, off), *pieces.held(st, off)]:  # a played flare first
        allowed = piece.another_encounter(st, off)
        if allowed is not None:
            return allowed
    return e.success and e.number < 2


def _next_asks(st: pb.State) -> list[Decision]:
    another = [_mv(another=pb.Done())] if _another_allowed(st) else []
    return [Decision(st.enc.offense, "another", "Launch another encounter, or end your turn",
                     [*another, DONE])]


def _next(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    e = st.enc
    if move.WhichOneof("kind") != "another":
        end_turn(st, ctx)
        return
    if not (B.has_encounter_card(st, seat) and _rules_allow_another(st)):
        moonflow.take_extra_encounter(st, ctx, seat)  # beyond the rules: a moon
    elif not (e.success and e.number < 2):  # beyond the rule book: a piece allowed it
        for piece in pieces.held(st, seat):
            if piece.another_encounter(st, seat):
                pieces.use(st, ctx, seat, piece.name)
                break
    begin_encounter(st, ctx)


def end_turn(st: pb.State, ctx: Ctx) -> None:
    st.turn += 1
    living = B.alive(st)
    if len(living) == 1:
        finish(st, ctx, living, pb.GAME_END_LAST_PLAYER_STANDING)
        return
    if st.turn >= st.turn_limit:
        finish(st, ctx, [], pb.GAME_END_TURN_LIMIT)
        return
    nxt = B.clockwise_from(st, st.enc.offense)[0]
    if st.options.power_rotation and st.power_pool and nxt == st.first_player:
        st.step = pb.STEP_ROTATION
        st.enc.offense = nxt
        st.rotation_pos = 0
        return
    _start_turn(st, ctx, nxt)


def finish(st: pb.State, ctx: Ctx, winners: list[int], why: int) -> None:
    st.finished = True
    st.game_end = why
    st.step = pb.STEP_OVER
    del st.winners[:]
    st.winners.extend(winners)
    del st.tasks[:]
    ctx.emit(pb.Event(game_over=pb.GameOver(winners=winners, why=why)))


WIN_BASES = 5  # "le premier joueur qui possède 5 bases étrangères a gagné"


def check_victory(st: pb.State, ctx: Ctx) -> bool:
    living = B.alive(st)
    foreign = B.foreign_bases_by_seat(st)
    winners: list[int] = []
    if max(foreign) + moonflow.most_victory_bases() >= WIN_BASES:  # else no seat is near:
        moons = moonflow.victory_bases_by_seat(st)  # the moons need not be read (most steps)
        winners = [s for s in living
                   if foreign[s] + moons[s] >= WIN_BASES and moonflow.may_win(st, ctx, s)]
    winners = moonflow.standing_wins(st, winners)  # a moon may cancel a win
    if winners is None:
        return False
    if winners:
        moonflow.victory_moons_act(st, ctx, winners)
        finish(st, ctx, winners, pb.GAME_END_FIVE_FOREIGN_BASES)
        return True
    if len(living) == 1:
        finish(st, ctx, living, pb.GAME_END_LAST_PLAYER_STANDING)
        return True
    return False


# ====================================================================== variants

def _rotation_asks(st: pb.State) -> list[Decision]:
    return [Decision(st.rotation_pos, "rotation", "Keep your power, or draw a new one",
                     [DONE, _mv(new_power=pb.Done())])]


def _rotation(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    if move.WhichOneof("kind") == "new_power":
        rotate_power(st, ctx, seat)
    st.rotation_pos += 1
    while st.rotation_pos < st.players and st.seats[st.rotation_pos].eliminated:
        st.rotation_pos += 1
    if st.rotation_pos >= st.players:
        _start_turn(st, ctx, st.enc.offense)


def rotate_power(st: pb.State, ctx: Ctx, seat: int) -> None:
    """Power rotation: draw a new power at random from the powers not in play (never one
    excluded by another in play); the old one goes back."""
    from cosmodrome.games.cosmic.powers import excluded
    se = st.seats[seat]
    if not st.power_pool or not se.powers:
        return
    old = se.powers[0]
    in_use = [p for s, o in enumerate(st.seats) if not o.eliminated
              for i, p in enumerate(o.powers) if not (s == seat and i == 0)]
    allowed = [i for i, p in enumerate(st.power_pool) if not excluded(p, in_use)]
    if not allowed:
        return
    new = st.power_pool.pop(allowed[ctx.rng.below(len(allowed))])
    st.power_pool.append(old)
    se.powers[0] = new
    se.disclosed[0] = False
    ctx.note(pb.NOTE_KIND_NEW_POWER, seat)


def _choose_powers_asks(st: pb.State) -> list[Decision]:
    return [Decision(s, "discard_power", "Discard one of your three powers",
                     [_mv(keep_power=pb.PowerChoice(power=p)) for p in st.seats[s].drawn_powers])
            for s in range(st.players) if len(st.seats[s].drawn_powers) == 3]


def _choose_powers(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    se = st.seats[seat]
    keep = [p for p in se.drawn_powers if p != move.keep_power.power]
    st.power_pool.append(move.keep_power.power)
    se.powers.extend(keep)
    se.disclosed.extend([False] * len(keep))
    del se.drawn_powers[:]
    if all(not s.drawn_powers for s in st.seats):
        _start_turn(st, ctx, st.first_player)


# ====================================================================== windows

def open_window(st: pb.State, ctx: Ctx, window: int) -> None:
    """A window opens: its seats are visited in the seed's order of simultaneous uses. With a
    minimum window time (`Options.min_window_ms`), its deadline is written now: it closes
    once every seat has answered and not before, so its closing time tells nothing of hands."""
    st.step = window
    e = st.enc
    del e.window_seats[:]
    e.window_seats.extend(B.power_order(st))
    minimum = st.options.min_window_ms
    e.window_deadline_ms = ctx.now + minimum if minimum > 0 else 0


def window_seat(st: pb.State) -> int | None:
    """The seat a window is put to now: the next living one in the seed's order, whatever he
    holds (he may only pass, if he has nothing to play), unless he set a standing auto-pass:
    who is asked and when the window closes say nothing of hands or powers."""
    for s in st.enc.window_seats:
        if not st.seats[s].eliminated and not st.seats[s].auto_pass:
            return s
    return None


def window_actions(st: pb.State, seat: int) -> list[pb.Move]:
    if st.seats[seat].eliminated:
        return []
    return (pieces.at_any_time(st, seat) + pieces.window_actions(st, seat, st.step)
            + moonflow.window_moves(st, seat, st.step) + flares.window_actions(st, seat, st.step))


def _window_asks(st: pb.State) -> list[Decision]:
    deadline = st.enc.window_deadline_ms
    seat = window_seat(st)
    if seat is not None:
        return [Decision(seat, "window", "Use a power or play an edict, or pass",
                         window_actions(st, seat) + [DONE, AUTO_PASS_ON], deadline)]
    if not deadline:
        return []
    # everyone has answered before the minimum: the window stays open until its deadline;
    # every seat that answered may still act in it (the same question whatever he holds)
    return [Decision(s, "window_wait", "The window is open until its minimum time: use a "
                     "power or play an edict, or wait", [*window_actions(st, s), AUTO_PASS_ON],
                     deadline)
            for s in B.power_order(st) if not st.seats[s].eliminated and not st.seats[s].auto_pass]


def _window_min_reached(st: pb.State, ctx: Ctx) -> bool:
    """The minimum window time is over (its deadline is then cleared): True if it was set."""
    e = st.enc
    if st.step in WINDOW_STEPS and 0 < e.window_deadline_ms <= ctx.now:
        e.window_deadline_ms = 0
        return True
    return False


def _window(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "done":
        st.enc.window_seats.remove(seat)
    elif which == "edict":
        actions.play_edict(st, ctx, seat, move.edict)
    elif which == "flare":
        flares.play(st, ctx, seat, move.flare)
    elif which != "power":
        moonflow.make_window_move(st, ctx, seat, move)
    else:
        name = pieces.POWERS[move.power.power].name
        actions.announce(st, ctx, seat, name, move.power)


def _then(after: Callable[[pb.State, Ctx], None]) -> Callable[[pb.State, Ctx], bool]:
    def then(st: pb.State, ctx: Ctx) -> bool:
        after(st, ctx)
        return True
    return then


# ====================================================================== the table of steps

@dataclass(frozen=True)
class Step:
    """One step of the turn: who is asked and what (`asks`), how a listed move applies
    (`apply`), and, once nobody owes anything there, what comes next (`then`: False when
    the step can only wait)."""

    asks: Callable[[pb.State], list[Decision]]
    apply: Callable[[pb.State, Ctx, int, pb.Move], None] | None
    then: Callable[[pb.State, Ctx], bool] | None
    asked: Callable[[pb.State, int], bool] = lambda st, seat: True  # cheap pre-check


def _goto(step: int) -> Callable[[pb.State, Ctx], bool]:
    def then(st: pb.State, ctx: Ctx) -> bool:
        st.step = step
        return True
    return then


def _nobody(st: pb.State) -> list[Decision]:
    return []


def _offence(st: pb.State, seat: int) -> bool:
    return seat == st.enc.offense


def _main(st: pb.State, seat: int) -> bool:
    return seat in (st.enc.offense, B.defender(st))


def _window_step(after: Callable[[pb.State, Ctx], None]) -> Step:
    return Step(_window_asks, _window, _then(after))


STEPS: dict[int, Step] = {
    pb.STEP_RETRIEVE: Step(_retrieve_asks, _retrieve, None, _offence),
    pb.STEP_START_WINDOW: _window_step(go_destiny),
    pb.STEP_DESTINY: Step(_destiny_asks, _destiny, None, _offence),
    pb.STEP_AIM: Step(_aim_asks, _aim, None, _offence),
    pb.STEP_LAUNCH: Step(_nobody, None, _then(after_launch), _offence),
    pb.STEP_INVITE_OFF: Step(_invite_asks, _invite, _goto(pb.STEP_INVITE_DEF), _offence),
    pb.STEP_INVITE_DEF: Step(_invite_asks, _invite, _then(after_invite_def),
                             lambda st, seat: seat == B.defender(st)),
    pb.STEP_ALLIES: Step(_allies_asks, _join, _then(open_pre_cards),
                         lambda st, seat: st.enc.answer_order[:1] == [seat]),
    pb.STEP_PRE_CARDS: _window_step(open_cards),
    pb.STEP_CARDS: Step(_cards_asks, _play_card, _cards_then, _main),
    pb.STEP_PRE_REVEAL: _window_step(reveal),
    pb.STEP_POST_REVEAL: _window_step(resolve),
    pb.STEP_RESOLVE: Step(_nobody, None, _resolve_then, _main),
    pb.STEP_DEAL: Step(_deal_asks, _deal, _deal_then, _main),
    pb.STEP_CLEANUP: _window_step(go_next),
    pb.STEP_NEXT: Step(_next_asks, _next, _then(end_turn), _offence),
    pb.STEP_ROTATION: Step(_rotation_asks, _rotation, None,
                           lambda st, seat: seat == st.rotation_pos),
    pb.STEP_CHOOSE_POWERS: Step(_choose_powers_asks, _choose_powers, None),
    pb.STEP_OVER: Step(_nobody, None, None, lambda st, seat: False),
}


# ====================================================================== decisions, apply, settle

def decisions(st: pb.State) -> list[Decision]:
    if st.finished:
        return []
    owed = task_decisions(st, st.tasks[0]) if st.tasks else STEPS[st.step].asks(st)
    return with_auto_pass_off(st, owed)


def with_auto_pass_off(st: pb.State, owed: list[Decision]) -> list[Decision]:
    """`owed`, with the option to clear his auto-pass for each seat who has one set."""
    if any(st.seats[d.seat].auto_pass for d in owed):  # he may clear it at any decision
        owed = [Decision(d.seat, d.kind, d.prompt, [*d.options, AUTO_PASS_OFF], d.deadline_ms)
                if st.seats[d.seat].auto_pass else d for d in owed]
    return owed


def task_decisions(st: pb.State, t: pb.Task) -> list[Decision]:
    kind = tasks.kind(t)
    if kind is tasks.RESPONSE:
        return _responders_asked(actions.response_options(st, t))
    return _task_asked(t, kind, kind.options(st, t))


def _responders_asked(listed: list[tuple[int, list[pb.Move]]]) -> list[Decision]:
    """A response window's decisions, from the (seat, options) it lists."""
    kind = tasks.RESPONSE
    return [Decision(s, kind.name, kind.prompt, [*opts, AUTO_PASS_ON]) for s, opts in listed]


def _task_asked(t: pb.Task, kind: TaskKind, opts: list[pb.Move]) -> list[Decision]:
    """Task `t`'s decision, given its options (none: nothing is asked)."""
    return [Decision(t.seat, kind.name, kind.prompt, opts)] if opts else []


def owes(st: pb.State, seat: int) -> bool:
    """Cheap pre-check: could `seat` owe a decision now? (False is exact; True is checked.)"""
    if st.finished:
        return False
    if st.tasks:
        t = st.tasks[0]
        return t.seat == seat or t.WhichOneof("kind") == "response"
    return STEPS[st.step].asked(st, seat)


def apply_move(st: pb.State, seat: int, move: pb.Move, now: int,
               events: list[Event]) -> list[Decision] | None:
    """Apply `move` and settle; returns the decisions owed then, as settling listed them,
    so the caller need not list them again (None: the game is over)."""
    ctx = Ctx(st, events, now)
    _apply(st, ctx, seat, move)
    owed = settle(st, ctx)
    st.rng = ctx.rng.state
    return None if owed is None else with_auto_pass_off(st, owed)


def _apply(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
    which = move.WhichOneof("kind")
    if which == "auto_pass":
        set_auto_pass(st, seat, move.auto_pass.on)
        return
    if moonflow.use_at_any_time(st, ctx, seat, move):
        return
    if st.tasks:
        t = st.tasks[0]
        if t.WhichOneof("kind") == "response":
            actions.apply_response(st, ctx, t, seat, move)
        elif which == "edict":  # an edict played at any time; the task goes on after it
            actions.play_edict(st, ctx, seat, move.edict)
        else:
            tasks.kind(t).apply(st, ctx, t, move)
        return
    if which == "edict" and st.step not in WINDOW_STEPS:
        # an edict played at any time: the same decision is owed again after it
        actions.play_edict(st, ctx, seat, move.edict)
        return
    STEPS[st.step].apply(st, ctx, seat, move)


def set_auto_pass(st: pb.State, seat: int, on: bool) -> None:
    """A standing auto-pass: set, it passes what he is asked now and every window and
    response from now on; cleared, he is asked again."""
    st.seats[seat].auto_pass = on
    if not on:
        return
    if st.tasks and st.tasks[0].WhichOneof("kind") == "response":
        st.tasks[0].response.passed.append(seat)
    elif st.step in WINDOW_STEPS and seat in st.enc.window_seats:
        st.enc.window_seats.remove(seat)


def settle(st: pb.State, ctx: Ctx) -> list[Decision] | None:
    """Run automatic steps until a decision is owed or the game is over. Returns the
    decisions owed then, as `decisions` lists them before the auto-pass option (None: the
    game is over)."""
    for _ in range(10_000):
        if st.finished or check_victory(st, ctx):
            moonflow.after_step(st, ctx)  # the last step's moons too: the final state holds
            return                        # none a player has left (m33's Ex tokens)
        moonflow.after_step(st, ctx)
        if st.tasks:
            t = st.tasks[0]
            which = t.WhichOneof("kind")
            if which == "response":
                listed = actions.response_options(st, t)
                if listed:
                    return _responders_asked(listed)
                actions.close_response(st, ctx, t)
                continue
            kind = tasks.kind(t)
            opts = kind.options(st, t)
            if not opts:
                st.tasks.pop(0)
                if kind.skipped:
                    kind.skipped(st, ctx, t)
                continue
            if which == "place" and len(opts) == 1:
                kind.apply(st, ctx, t, opts[0])
                continue
            return _task_asked(t, kind, opts)
        if deal_open(st) and not st.deal.deadline_ms and st.deal_timeout_ms:
            st.deal.deadline_ms = ctx.now + st.deal_timeout_ms  # the minute starts now
        _window_min_reached(st, ctx)
        step = STEPS[st.step]
        owed = step.asks(st)
        if owed:
            return owed
        if step.then is None or not step.then(st, ctx):
            raise RuntimeError(f"cosmic: stuck at step {pb.Step.Name(st.step)}")
    raise RuntimeError("cosmic: settle did not converge")


__all__ = ["STEPS", "decisions", "apply_move", "start_turn", "on_timeout", "Ctx"]
