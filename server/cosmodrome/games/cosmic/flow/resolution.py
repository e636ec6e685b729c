"""The resolution: compromises, the sides' totals, who wins and what each side gains or
loses; a deal when both compromised; then the cards are discarded and the cleanup window
opens."""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, flares, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.cards import card_of
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def counts_compromise(st: pb.State, seat: int) -> bool:
    e = st.enc
    own = e.compromise_off if seat == e.offense else e.compromise_def
    opp = B.defender(st) if seat == e.offense else e.offense
    return own or B.is_compromise(card_of(st, seat)) or X.compromised(X.of(st, seat)) or any(
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
    value = max(0, X.value(X.of(st, seat), card_of(st, seat)) + bonus)  # a moon's malus stops at 0
    total = value + tokens
    for piece in [*flares.active(st, seat), *pieces.held(st, seat)]:  # a played flare first
        by_piece = piece.side_total(st, ctx, seat, value, tokens)
        if by_piece is not None:
            total = by_piece
            break
    if seat == B.defender(st):  # "on ajoute aussi la somme des lucres que possède le joueur qui
        total += st.seats[seat].lucres  # défend": the main defender's, after any power (L2, L3)
    return total


def resolve(st: pb.State, ctx: Ctx) -> int | None:
    """The resolution step begins: the encounter's outcome (both compromised: the deal)."""
    e = st.enc
    off, de = e.offense, B.defender(st)
    if e.auto_win:
        e.winner = pb.OUTCOME_OFFENCE_WINS
        ctx.note(pb.NOTE_KIND_AUTO_WIN, off)
        offence_wins(st, ctx)
        return None
    comp_off, comp_def = counts_compromise(st, off), counts_compromise(st, de)
    if comp_off and comp_def:
        e.winner = pb.OUTCOME_DEAL_DUE
        return pb.STEP_DEAL
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
    return None


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


def outcome_settled(st: pb.State, ctx: Ctx) -> int | None:
    """The resolution's (or the deal's) tasks are done: the cleanup. None while a deal is
    still due (the deal step waits on its players)."""
    if st.enc.winner == pb.OUTCOME_DEAL_DUE:
        return None
    return open_cleanup(st, ctx)


def open_cleanup(st: pb.State, ctx: Ctx) -> int:
    """The encounter is over: its cards are discarded; then the cleanup window."""
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
    return pb.STEP_CLEANUP
