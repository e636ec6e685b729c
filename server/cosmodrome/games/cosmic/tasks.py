"""The table of task kinds: the small sub-decisions queued in `State.tasks`.

The flow's own kinds are here (take tokens, place tokens, a defensive ally's reward); the
pieces add theirs through `Piece.tasks` (`pieces.PIECE_TASKS`). A response window
(`response`) asks several seats at once: the flow handles it with `actions.responders`.
The tables are keyed by the `Task.kind` oneof member; a new kind is one entry (and its
message in cosmic.proto).
"""

from __future__ import annotations

from collections.abc import Callable

from cosmodrome.games.cosmic import actions, moonflow, pieces
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

DONE = pb.Move(done=pb.Done())
LAUNCH_DESTS = (pb.DEST_CONE_OFF, pb.DEST_CONE_DEF)  # a take onto the cone is a launch


# ---------------------------------------------------------------- take tokens off one's bases

def _take_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    k = t.take
    if k.count <= 0:
        return []
    srcs = [p for p in B.bases(st, t.seat) if not (k.dest == pb.DEST_PLANET and p == k.planet)
            and (k.dest == pb.DEST_BLACK_HOLE or not moonflow.holds(st, p, t.seat))]
    out = [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in srcs]
    if k.min <= 0 or not srcs:
        out.append(DONE)
    if k.dest in LAUNCH_DESTS:
        out += pieces.at_any_time(st, t.seat)
    return out


def _take(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    if move.WhichOneof("kind") == "done":
        st.tasks.pop(0)
        return
    B.add_tok(st, move.planet.planet, t.seat, -1)
    e, k = st.enc, t.take
    if k.dest == pb.DEST_CONE_OFF:
        e.cone_off[t.seat] += 1
    elif k.dest == pb.DEST_CONE_DEF:
        e.cone_def[t.seat] += 1
    elif k.dest in (pb.DEST_PLANET, pb.DEST_DEFENCE):
        B.add_tok(st, k.planet, t.seat, 1)
    elif k.dest == pb.DEST_BLACK_HOLE:
        actions.lose_from_bases(st, ctx, t.seat, 1, k.lost_to if k.HasField("lost_to") else -1)
        if st.seats[t.seat].eliminated:
            return  # that token eliminated him: his tasks, this one too, are gone
    k.count -= 1
    k.min -= 1
    if k.count <= 0:
        st.tasks.pop(0)


def _take_view(t: pb.Task, out: pb.TaskView) -> None:
    k = t.take
    out.take.count, out.take.min, out.take.dest = k.count, k.min, k.dest
    if k.HasField("planet"):
        out.take.planet = k.planet


# ---------------------------------------------------------------- place tokens held in hand

def _place_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if t.place.count <= 0 or st.seats[t.seat].limbo <= 0:
        return []
    places = B.bases(st, t.seat) or B.standing_planets(st, t.seat)
    return [pb.Move(planet=pb.PlanetChoice(planet=p)) for p in places]


def _place(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    B.add_tok(st, move.planet.planet, t.seat, 1)
    st.seats[t.seat].limbo -= 1
    t.place.count -= 1
    if t.place.count <= 0:
        st.tasks.pop(0)


def drop_limbo_of_eliminated(st: pb.State, ctx: Ctx, t: pb.Task) -> None:
    """Tokens a player eliminated meanwhile was to place are out of the game with him."""
    if st.seats[t.seat].eliminated:
        st.seats[t.seat].limbo = 0


# ---------------------------------------------------------------- a defensive ally's reward

def _reward_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if not st.enc.cone_def[t.seat]:
        return []
    n, bh = t.reward.tokens, st.seats[t.seat].black_hole
    return [pb.Move(reward=pb.Reward(cards=k)) for k in range(max(0, n - bh), n + 1)]


def _reward(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    """One card or one black-hole token per token the ally sent; all come back to his bases."""
    st.tasks.pop(0)
    seat, cards = t.seat, move.reward.cards
    e = st.enc
    n = e.cone_def[seat]
    tokens = n - cards
    drawn = []
    for _ in range(cards):
        c = actions.draw_card(st, ctx)
        if c is not None:
            st.seats[seat].hand.append(c)
            drawn.append(c)
    if drawn:
        ctx.show(seat, -1, drawn, "reward")
    pieces.drawn(st, ctx, seat, len(drawn))
    st.seats[seat].black_hole -= tokens
    e.cone_def[seat] = 0
    ctx.note(pb.NOTE_KIND_REWARD_TAKEN, seat, count=cards, tokens=tokens)
    actions.place_from_limbo(st, seat, n + tokens)


# ---------------------------------------------------------------- seed 000's consolation source

FROM_HAND = pb.Move(consolation=pb.ConsolationFrom(source=pb.CARD_SOURCE_HAND))
FROM_DECK = pb.Move(consolation=pb.ConsolationFrom(source=pb.CARD_SOURCE_DECK))


def _consolation_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    """Still mandatory ("Vous êtes obligé"): whichever sources still have a card."""
    c = t.consolation
    if c.count <= 0 or st.seats[t.seat].eliminated:
        return []
    return ([FROM_HAND] if st.seats[c.giver].hand else []) + \
        ([FROM_DECK] if st.deck or st.discard else [])


def _consolation(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    t.consolation.count -= 1
    if t.consolation.count <= 0:
        st.tasks.remove(t)
    if move.consolation.source == pb.CARD_SOURCE_HAND:
        actions.take_from_hand(st, ctx, t.seat, t.consolation.giver, 1, "consolation")
    else:
        card = actions.draw_card(st, ctx)
        if card is not None:
            st.seats[t.seat].hand.append(card)
            ctx.note(pb.NOTE_KIND_CONSOLATION_FROM_DECK, t.seat)
            ctx.show(t.seat, -1, [card], "consolation")
    pieces.drawn(st, ctx, t.seat, 1)


# ---------------------------------------------------------------- questions every seat is asked

NO = pb.Move(answer=pb.Answer(yes=False))
YES = pb.Move(answer=pb.Answer(yes=True))


def _savers(st: pb.State, seat: int) -> list:
    return [p for p in pieces.held(st, seat) if p.saves_lost_tokens(st, seat)]


def _lost_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    if t.tokens_lost.on_bases and not B.tokens_on_bases(st, t.seat):
        return []
    if not t.tokens_lost.on_bases and not st.seats[t.seat].limbo:
        return []
    return [YES, NO] if _savers(st, t.seat) else [NO]


def _lost(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    if not move.answer.yes:
        actions.let_tokens_go(st, ctx, t)
        return
    on_bases = t.tokens_lost.on_bases
    held = B.tokens_on_bases(st, t.seat) if on_bases else st.seats[t.seat].limbo
    n = min(t.tokens_lost.count, held)
    _savers(st, t.seat)[0].save_lost_tokens(st, ctx, t.seat, n, on_bases)


def _keepers(st: pb.State, seat: int) -> list:
    return [p for p in pieces.held(st, seat) if p.keeps_at_new_hand(st, seat)]


def _new_hand_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    if st.seats[t.seat].eliminated:
        return []
    return [YES, NO] if _keepers(st, t.seat) else [NO]


def _new_hand(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    kept: list[int] = []
    if move.answer.yes:
        for piece in _keepers(st, t.seat):
            cards = piece.keeps_at_new_hand(st, t.seat)
            pieces.use(st, ctx, t.seat, piece.name)
            ctx.show(t.seat, t.seat, sorted(cards), "kept at a new hand", audience=None)
            kept += cards
    actions.renew_hand(st, ctx, t, kept)


def _skipped_new_hand(st: pb.State, ctx: Ctx, t: pb.Task) -> None:
    if not st.seats[t.seat].eliminated:
        actions.renew_hand(st, ctx, t, [])


def _count_view(field: str) -> Callable[[pb.Task, pb.TaskView], None]:
    """A view telling the kind's `field` (public) as its count."""
    def view(t: pb.Task, out: pb.TaskView) -> None:
        kind = t.WhichOneof("kind")
        getattr(out, kind).count = getattr(getattr(t, kind), field)
    return view


def _lost_view(t: pb.Task, out: pb.TaskView) -> None:
    out.tokens_lost.count, out.tokens_lost.on_bases = t.tokens_lost.count, t.tokens_lost.on_bases


TASKS: dict[str, TaskKind] = {
    "take": TaskKind("take_token", "Take a token from one of your bases",
                     _take_options, _take, view=_take_view),
    "place": TaskKind("place_token", "Put a token on one of your bases",
                      _place_options, _place, skipped=drop_limbo_of_eliminated,
                      view=_count_view("count")),
    "tokens_lost": TaskKind("tokens_lost",
                            "You lose tokens: save them with a power (yes), or not",
                            _lost_options, _lost, skipped=drop_limbo_of_eliminated,
                            view=_lost_view),
    "new_hand": TaskKind("new_hand",
                         "You draw a new hand: keep cards with a power (yes), or not",
                         _new_hand_options, _new_hand, skipped=_skipped_new_hand),
    "consolation": TaskKind("consolation_source",
                            "Take a consolation card: from the opponent's hand or the deck",
                            _consolation_options, _consolation, view=_count_view("count")),
    "reward": TaskKind("reward", "Choose your reward: cards, the rest in black-hole tokens",
                       _reward_options, _reward, view=_count_view("tokens")),
}
RESPONSE = TaskKind("edict_response", "Play an edict in answer, or pass",
                    lambda st, t: [], lambda st, ctx, t, move: None)


def kind(t: pb.Task) -> TaskKind:
    which = t.WhichOneof("kind")
    if which == "response":
        return RESPONSE
    return TASKS.get(which) or pieces.PIECE_TASKS[which]
