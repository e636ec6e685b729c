"""Seed 000's flares in the game: one module per flare in this folder, `<power>.py`, each a
`hooks.Flare` named `FLARE` tied to the power of the same name.

A flare is a card (`content.FLARE_CARDS`, kind "flare"): it counts in a hand and moves with
it (FL3), never as an encounter card (F02). The flow calls the functions below, which name
no flare: the deal at setup (R02-R04, S1), the moves of the flares in a hand in a window,
a flare played (face up, back to the hand, once per encounter: F04, FL4), the question at
a new hand (FL5). A flare without a module still deals its power and lies in the deck; it
has no effect (docs/rules/cosmic-000.md lists the flares hosted).
"""

from __future__ import annotations

from itertools import combinations

from cosmodrome.core.rng import Rng
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import card_order, pieces, registry
from cosmodrome.games.cosmic.content import CARDS, FLARE_CARDS, FLARE_OF
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.hooks import Flare, TaskKind
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

FLARES: dict[str, Flare] = registry.FLARES  # by power name: the flares hosted
KEEP_CHOICES = 8  # FL5: every subset of up to this many flares is offered; more are kept
# A flare card's hosted piece, and the flares played that act for a seat: in `pieces`, which
# asks them below this package (a played flare's token worth comes first).
of = pieces.flare_of
active = pieces.active_flares


def _discover() -> None:
    registry.register_task_kind("flares_kept", KEPT)
    for module, power in registry.load(__name__):
        flare = module.FLARE
        if flare.power != power or flare.power not in FLARE_OF:
            raise registry.IdError(f"flares/{power}.py: FLARE.power is {flare.power!r}")
        registry.register_flare(flare)


def is_flare(card: int) -> bool:
    return card >= 0 and CARDS[card].kind == "flare"


def in_hand(st: pb.State, seat: int) -> list[int]:
    return sorted({c for c in st.seats[seat].hand if is_flare(c)})


# ====================================================================== setup (R02-R04, S1)

def deal(st: pb.State, rng: Rng) -> list[int]:
    """The flare cards shuffled into the deck: the flare of every power dealt (R02: drawing a
    flare at random deals its power, as the powers are dealt) and one more per player at
    random (R03, unseen); S1: all of them go into the deck. The rest is `flare_pool`."""
    if not st.options.flares:
        return []
    dealt = {pieces.POWERS[p].name for se in st.seats for p in [*se.powers, *se.drawn_powers]}
    cards = [FLARE_OF[n] for n in sorted(dealt) if n in FLARE_OF]
    rest = [c.id for c in FLARE_CARDS if c.id not in cards]
    rng.shuffle(rest)
    cards += [rest.pop() for _ in range(min(st.players, len(rest)))]
    st.flares.extend(sorted(cards))
    st.flare_pool.extend(rest)
    return cards


def take_from_pool(st: pb.State, ctx: Ctx, seat: int, why: str) -> int | None:
    """`seat` takes one more flare at random from those not dealt (moon 25: `why`), seen by
    him alone; None: none left."""
    if not st.flare_pool:
        return None
    card = st.flare_pool.pop(ctx.rng.below(len(st.flare_pool)))
    st.flares.append(card)
    st.seats[seat].hand.append(card)
    ctx.show(seat, -1, [card], why)
    return card


# ====================================================================== play (F03-F06)

def window_actions(st: pb.State, seat: int, window: int) -> list[pb.Move]:
    """The flares `seat` may play now: each hosted flare of his hand not yet played this
    encounter, with the effects its piece offers (sauvage or parasite, as he holds it)."""
    if not st.options.flares:
        return []
    out = []
    for card in in_hand(st, seat):
        piece = of(card)
        if piece is None or card in st.enc.flares_played or (
                piece.sauvage(st, seat) and not pieces.has(st, seat, piece.power)):
            continue  # FL1: en sauvage, through the power, while he may use it
        out += [pb.Move(flare=pb.PlayFlare(card=card, use=m.power))
                for m in piece.window_actions(st, seat, window)]
    return out


def play(st: pb.State, ctx: Ctx, seat: int, move: pb.PlayFlare) -> None:
    """F04: played face up, "n'est pas défaussée ... le joueur la remet dans sa main": it
    stays in the hand, and is spent for this encounter. A sauvage flare shows its holder's
    power, which is then disclosed."""
    piece = of(move.card)
    sauvage = piece.sauvage(st, seat)
    pid = pieces.POWER_ID[piece.power]
    st.enc.flares_played.append(move.card)
    se = st.seats[seat]
    if sauvage:
        se.disclosed[list(se.powers).index(pid)] = True
    ctx.emit(pb.Event(flare_played=pb.FlarePlayed(seat=seat, card=move.card, power=pid,
                                                  sauvage=sauvage)))
    piece.perform(st, ctx, seat, move.use)


def use_move(piece: Flare, **kw) -> pb.Move:
    """A move of `piece`'s effect: a `UsePower` of its power (wrapped with the card by
    `window_actions`)."""
    return pb.Move(power=pb.UsePower(power=pieces.POWER_ID[piece.power], **kw))


def main_player(st: pb.State, seat: int) -> bool:
    return seat in (st.enc.offense, B.defender(st))


def aimed_at_the_other_card(piece: Flare, st: pb.State, seat: int, window: int
                            ) -> list[pb.Move]:
    """The use of a flare that acts on the opponent's card (Laser, Oracle): before the cards,
    by a main player, while no one yet chooses it or has it turned first."""
    if window != pb.STEP_PRE_CARDS or not main_player(st, seat) or card_order.claimed(st):
        return []
    return [use_move(piece, target=pieces.opponent(st, seat))]


# ====================================================================== new hand (F07, FL5)

def _kept_options(st: pb.State, t: pb.Task) -> list[pb.Move]:
    """Every set of his flares he may keep (the empty set: he discards them all); asked at
    every new hand of a game with flares, flares or not, so being asked tells nothing."""
    if st.seats[t.seat].eliminated:
        return []
    mine = in_hand(st, t.seat)[:KEEP_CHOICES]
    return [pb.Move(flares_kept=pb.FlaresKept(cards=kept))
            for k in range(len(mine) + 1) for kept in combinations(mine, k)]


def _kept(st: pb.State, ctx: Ctx, t: pb.Task, move: pb.Move) -> None:
    st.tasks.pop(0)
    hand = st.seats[t.seat].hand
    chosen = in_hand(st, t.seat)[:KEEP_CHOICES]
    for card in chosen:
        if card not in move.flares_kept.cards:
            hand.remove(card)
            st.discard.append(card)


KEPT = TaskKind("flares_kept", "You draw a new hand: choose the flares you keep",
                _kept_options, _kept)  # queued by actions.new_hand

if not FLARES:
    _discover()


# ---- the sides of an encounter (flares vide, zombie)

def side(st: pb.State, seat: int, other: bool = False) -> list[int]:
    """The seats on `seat`'s side of the encounter (main player, allies and `seat` himself),
    or on the `other` side; `seat` is not in the encounter: his alone."""
    e = st.enc
    off_side = seat == e.offense or (len(e.cone_off) > seat and e.cone_off[seat] > 0)
    if seat != B.defender(st) and not off_side and not (
            len(e.cone_def) > seat and e.cone_def[seat] > 0):
        return [] if other else [seat]
    main, cone = ((e.offense, e.cone_off) if off_side != other else (B.defender(st), e.cone_def))
    members = {main} | {s for s in range(len(cone)) if cone[s] > 0}
    return sorted(members - {-1} if other else (members | {seat}) - {-1})
