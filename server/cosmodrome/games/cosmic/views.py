"""Per-seat redaction: the only road out for the Cosmic state.

Hidden from a viewer: other hands, the deck order, face-down cards before the reveal (own card
excepted; the Oracle's opponent's card is public once turned), undisclosed powers of others,
the other side's deal draft, the PRNG. Conditional knowledge (Esprit, La Peste, Philanthrope's
gift) is included for the seat that holds it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import tasks
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def view_for(st: pb.State, viewer: int | None) -> pb.View:
    seated = viewer is not None and 0 <= viewer < st.players
    me = viewer if seated else -1
    v = pb.View(viewer=me, players=st.players, step=st.step, tokens=st.tokens,
                deck_size=len(st.deck), discard=st.discard, turn=st.turn,
                winners=st.winners, finished=st.finished, first_player=st.first_player)
    v.cup.extend(st.cup)  # discs that can be drawn are public
    for s, se in enumerate(st.seats):
        sv = v.seats.add(hand_size=len(se.hand), black_hole=se.black_hole, removed=se.removed,
                         eliminated=se.eliminated, foreign_bases=B.foreign_bases(st, s),
                         home_bases=B.home_bases(st, s))
        for i, pid in enumerate(se.powers):
            if s == me or se.disclosed[i]:
                sv.powers.append(pid)
                sv.power_active.append(B.power_active(st, s))
    if seated:
        v.my_hand.extend(st.seats[me].hand)
        v.my_powers.extend(st.seats[me].powers or st.seats[me].drawn_powers)
    e = v.enc
    e.CopyFrom(st.enc)
    if not st.enc.revealed:
        off, de = st.enc.offense, st.enc.defense
        mine = {off: "card_off", de: "card_def"}.get(me)
        if st.enc.swapped and mine:
            mine = "card_def" if mine == "card_off" else "card_off"
        shown = set()
        if mine:
            shown.add(mine)
        if st.enc.oracle_seat >= 0:
            # the Oracle's opponent plays and turns his card first: public
            shown.add("card_def" if st.enc.oracle_seat == off else "card_off")
        for field in ("card_off", "card_def"):
            if field not in shown and getattr(e, field) >= 0:
                setattr(e, field, -3)  # -3: a face-down card is there
    # a zap suspends all of a seat's powers: name only the ones the viewer may know
    seen = [z for z in st.enc.zapped if _known_power(st, me, z // 64, z % 64)]
    del e.zapped[:]
    e.zapped.extend(seen)
    # pending power arguments may name a card (Philanthrope's gift): giver and receiver only
    if e.pending_seat >= 0 and me not in (e.pending_seat, e.pending_target):
        e.pending_arg = 0
    v.tasks.extend(st.tasks)
    for task in v.tasks:  # a power's own question names the power: its holder only
        if task.seat != me and task.kind != pb.TASK_RESPONSE and tasks.kind(task).secret:
            task.kind, task.arg, task.own = pb.TASK_UNSPECIFIED, 0, False
    d = v.deal
    d.CopyFrom(st.deal)
    if me != st.enc.offense:
        d.draft_off.Clear()
        d.draft_off.off_base = d.draft_off.def_base = -1
    if me != st.enc.defense:
        d.draft_def.Clear()
        d.draft_def.off_base = d.draft_def.def_base = -1
    if me not in (st.enc.offense, st.enc.defense):
        # named cards of a proposal are said to the other main player only
        del d.offer.off_cards[:]
        del d.offer.def_cards[:]
    for k in st.knowledge:
        if k.viewer == me:
            v.knowledge.append(k)
    return v


def _known_power(st: pb.State, viewer: int, seat: int, pid: int) -> bool:
    se = st.seats[seat]
    if seat == viewer:
        return True
    return any(p == pid and se.disclosed[i] for i, p in enumerate(se.powers))
