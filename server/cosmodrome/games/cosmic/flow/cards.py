"""The cards: both main players lay an encounter card face down (seed 000: an extension and
its added cards first), the cards are revealed, and may be played again (`replay_cards`)."""

from __future__ import annotations

from cosmodrome.core.engine import Decision
from cosmodrome.games.cosmic import actions, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.graph import goto
from cosmodrome.games.cosmic.hooks import CARDS_DOWN, CARDS_DUE, CARDS_REVEALED, CardStep
from cosmodrome.games.cosmic.tasks import DONE
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def open_cards(st: pb.State, ctx: Ctx) -> None:
    """A main player out of encounter cards "doit jouer tous ses Edits ou les jeter" and draws
    a new hand: always now, when the cards are due, so the moment says nothing of his edicts
    (he may play them in the windows before). Seed 000 (`out_of_cards_ends_turn`): not the
    offence, whose turn ends instead (see `_offence_out_of_cards`)."""
    e = st.enc
    for s in (e.offense, B.defender(st)):
        if not e.revealed and not B.has_encounter_card(st, s) and moonflow.may_redraw(st, s):
            if s == e.offense and st.options.out_of_cards_ends_turn:
                continue
            actions.new_hand(st, ctx, s)
    for s in (e.offense, B.defender(st)):
        pieces.card_step(st, ctx, CardStep(CARDS_DUE, s), pieces.held(st, s))


def card_options(st: pb.State, seat: int) -> list[pb.Move]:
    """An encounter card (or, seed 000, an extension card first); under an extension, attack
    cards one at a time up to its limit, and Done once one is down."""
    cards = [c for c in st.seats[seat].hand if B.is_encounter(c)]
    cards = pieces.card_choices(st, seat, cards)
    ext, first = X.of(st, seat), card_of(st, seat)
    if not X.laid(ext):
        return [pb.Move(card=pb.CardChoice(card=c)) for c in sorted(set(cards)) + X.offered(
            st, seat, cards)] + moonflow.use_moves(st, seat)
    return [pb.Move(card=pb.CardChoice(card=c)) for c in X.addable(ext, first, cards)] + (
        [DONE] if X.complete(ext, first) else [])


def card_of(st: pb.State, seat: int) -> int:
    return B.played(st, "off" if seat == st.enc.offense else "def")


def card_deciders(st: pb.State) -> list[int]:
    e = st.enc
    return [s for s in (e.offense, B.defender(st))
            if not X.card_down(st, s) and pieces.chooser_of(st, s) < 0
            and not any(p.waits_for_card(st, s) for p in pieces.POWERS)]


def cards_asks(st: pb.State) -> list[Decision]:
    out = []
    for s in card_deciders(st):
        opts = card_options(st, s)
        if opts:
            out.append(Decision(s, "encounter_card", "Play an encounter card face down", opts))
    return out


def set_card(st: pb.State, seat: int, card: int) -> None:
    B.set_played(st, "off" if seat == st.enc.offense else "def", card)


def play_card(st: pb.State, ctx: Ctx, seat: int, move: pb.Move) -> None:
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
    if card_of(st, seat) < 0:
        set_card(st, seat, card)
    else:
        ext.extra.append(card)
    ctx.note(pb.NOTE_KIND_CARD_FACE_DOWN, seat)
    if not ext.choosing:  # under an extension he says Done, even at its limit: when he stops
        _card_played(st, ctx, seat)  # tells nothing of the extension's value


def _card_played(st: pb.State, ctx: Ctx, seat: int) -> None:
    """`seat`'s cards are all down: the powers that wait on them act."""
    pieces.card_step(st, ctx, CardStep(CARDS_DOWN, seat, card_of(st, seat)), pieces.POWERS)


def cards_then(st: pb.State, ctx: Ctx) -> int | None:
    """Both cards down: the pre-reveal window. Else a side that cannot play plays nothing and
    the cards step goes on (stay); None: nothing can move."""
    e = st.enc
    if X.card_down(st, e.offense) and X.card_down(st, B.defender(st)):
        return pb.STEP_PRE_REVEAL
    if _offence_out_of_cards(st, ctx):
        return st.step
    # a main player with no encounter card at all (deck exhausted): compromise is not
    # possible either; the side without a card loses (provisional)
    for s in (e.offense, B.defender(st)):
        if card_of(st, s) == B.NO_CARD_YET and not card_options(st, s) and (
                pieces.chooser_of(st, s) < 0 or not B.has_encounter_card(st, s)):
            ctx.note(pb.NOTE_KIND_NO_CARD_LOSES, s)
            # play nothing: a compromise worth 0 (loses to an attack, deals vs compromise)
            if s == e.offense:
                e.compromise_off = True
            else:
                e.compromise_def = True
            B.set_played(st, "off" if s == e.offense else "def", B.NO_CARD_PLAYED)
            _card_played(st, ctx, s)  # his nothing is down: a power choosing the other card acts
            return st.step
    return None


def _offence_out_of_cards(st: pb.State, ctx: Ctx) -> bool:
    """Seed 000 (N1): "Si vous vous retrouvez à court de cartes de duel pendant votre tour,
    votre tour est terminé et vous n'avez pas le droit de retirer immédiatement de nouvelles
    cartes". The encounter under way still needs a result: the offence plays nothing, as a
    compromise (it loses to an attack card, deals against a compromise), takes no
    consolation, and his turn ends with it (`go_next`: no encounter card, no other one)."""
    e = st.enc
    off = e.offense
    if not st.options.out_of_cards_ends_turn or card_of(st, off) != B.NO_CARD_YET \
            or B.has_encounter_card(st, off) or pieces.chooser_of(st, off) >= 0:
        return False
    ctx.note(pb.NOTE_KIND_OUT_OF_CARDS_LOSES, off)
    e.compromise_off, e.no_consolation = True, True
    B.set_played(st, "off", B.NO_CARD_PLAYED)
    _card_played(st, ctx, off)  # his nothing is down: a power choosing the other card acts
    return True


def reveal(st: pb.State, ctx: Ctx) -> int:
    """The pre-reveal window is over: the cards are turned face up."""
    e = st.enc
    e.revealed = True
    ctx.reveal(B.played(st, "off"), B.played(st, "def"))
    for s in (e.offense, B.defender(st)):
        pieces.card_step(st, ctx, CardStep(CARDS_REVEALED, s), pieces.held(st, s))
    return pb.STEP_POST_REVEAL


def replay_cards(st: pb.State, ctx: Ctx) -> None:
    """The cards are played again (a power replays the encounter): what the cards down
    decided is undone (the power has put the cards themselves back in hand), and the turn goes
    back to the end of the pre-cards window, nobody left to ask there: the cards are due."""
    e = st.enc
    X.clear(e)
    B.set_played(st, "off", B.NO_CARD_YET)
    B.set_played(st, "def", B.NO_CARD_YET)
    e.revealed = e.swapped = e.compromise_off = e.compromise_def = False
    del e.window_seats[:]
    goto(st, ctx, pb.STEP_PRE_CARDS, entry=False)
