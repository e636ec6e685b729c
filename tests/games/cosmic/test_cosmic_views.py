"""Redaction: no secret of one seat reaches another seat or a spectator, on every path."""

from __future__ import annotations

import random

from cosmodrome.games.cosmic.powers import POWER_ID
from tests.games.cosmic.cosmic_helpers import (
    FACE_DOWN,
    GAME,
    able,
    card_of,
    cards_down,
    duel,
    known,
    pb,
    play,
)

A4, A6, A10, A12, A20 = (card_of("attack", v) for v in (4, 6, 10, 12, 20))


def test_view_shows_own_hand_only() -> None:
    st = duel(["none"] * 3, [A10, A4], [A12, A6])
    for viewer in (0, 1, 2, None):
        v = GAME.view(st, viewer)
        mine = list(st.seats[viewer].hand) if viewer is not None else []
        assert list(v.my_hand) == mine
        assert [s.hand_size for s in v.seats] == [len(s.hand) for s in st.seats]


def test_face_down_cards_hidden_until_reveal() -> None:
    st = duel(["none"] * 3, [A10, A4], [A12, A6])
    play(st, 0, pb.Move(card=pb.CardChoice(card=A10)))
    assert GAME.view(st, 0).enc.card_off == known(A10)
    for viewer in (1, 2, None):
        assert GAME.view(st, viewer).enc.card_off == FACE_DOWN


def test_revealed_cards_are_public() -> None:
    st = duel(["none"] * 3, [A10, A4, A6], [A12, A6 + 1, A20])
    cards_down(st, A10, A12)
    events = []
    assert GAME.view(st, 2).step != pb.STEP_CARDS
    del events


def test_deck_order_and_rng_never_in_a_view() -> None:
    st = GAME.setup(pb.Options(), 4, seed=5)
    v = GAME.view(st, 0)
    assert v.deck_size == len(st.deck)
    assert not hasattr(v, "deck") and not hasattr(v, "rng")


def _other_secrets(st: pb.State, viewer: int | None) -> set[int]:
    """Card ids only other seats hold (and the viewer cannot know otherwise)."""
    public = set(st.discard)
    known = set(st.seats[viewer].hand) if viewer is not None else set()
    for k in st.knowledge:
        if k.viewer == viewer:
            known |= set(k.cards)
    out = set()
    for s, se in enumerate(st.seats):
        if s != viewer:
            out |= set(se.hand)
    return out - public - known


def test_random_play_views_never_leak_other_hands_or_powers() -> None:
    """At every step of random games, a seat's view names no card held only by others, and
    no undisclosed power of another seat; private events go to their audience only."""
    for players, seed in ((3, 1), (5, 2), (8, 3)):
        st = GAME.setup(pb.Options(), players, seed)
        r = random.Random(seed)
        steps = 0
        while GAME.decisions(st) and steps < 1500:
            steps += 1
            for viewer in [*range(players), None]:
                v = GAME.view(st, viewer)
                secrets = _other_secrets(st, viewer)
                shown = set(v.my_hand) | {k for kn in v.knowledge for k in kn.cards}
                shown |= {c.card for c in (v.enc.card_off, v.enc.card_def)
                          if c.face == pb.CARD_FACE_KNOWN} if not st.enc.revealed else set()
                assert not (shown & secrets), (viewer, shown & secrets)
                for s, sv in enumerate(v.seats):
                    if s != viewer:
                        hidden = {p for i, p in enumerate(st.seats[s].powers)
                                  if not st.seats[s].disclosed[i]}
                        assert not set(sv.powers) & hidden
                if viewer is not None and viewer not in (st.enc.offense,):
                    assert not v.deal.my_draft.off_cards or viewer == st.enc.defense
            d = r.choice(GAME.decisions(st))
            events = GAME.apply(st, d.seat, r.choice(d.options))
            for e in events:
                kind = e.payload.WhichOneof("kind")
                seen = e.payload.cards_seen
                if kind == "cards_seen" and seen.why != pb.REASON_KEPT_AT_NEW_HAND and not (
                        seen.why == pb.REASON_POWER and seen.power == POWER_ID["oracle"]):
                    # (shown to all by the rules: the Oracle's opponent's card, Vulch's edicts)
                    assert e.audience is not None, "cards seen are private"
                if e.audience is None and kind == "power_used":
                    p = e.payload.power_used
                    assert p.power in st.seats[p.seat].powers or p.power in [
                        q for s2 in st.seats for q in s2.powers]
                for viewer in range(players):
                    v = GAME.view(st, viewer)
                    for z in v.enc.zapped_powers:
                        s2, pid = z.seat, z.power
                        i = list(st.seats[s2].powers).index(pid)
                        assert s2 == viewer or st.seats[s2].disclosed[i]


def test_spectator_sees_no_hand_and_no_undisclosed_power() -> None:
    st = GAME.setup(pb.Options(), 4, seed=9)
    v = GAME.view(st, None)
    assert not v.HasField("viewer") and not v.my_hand and not v.my_powers
    assert all(not s.powers for s in v.seats)
    assert v.SerializeToString()


def test_laser_pick_is_seen_by_the_picked_seat_only_until_reveal() -> None:
    from tests.games.cosmic.cosmic_helpers import pass_until, power_move
    st = duel(["laser+amibe", "none", "none"], [A10, A4], [A20, A12, A6])
    play(st, 0, power_move("laser", 1))
    pass_until(st, pb.STEP_CARDS)
    play(st, 0, pb.Move(card=pb.CardChoice(card=A10)))
    assert able(st) == [(0, "laser_pick")]
    events = play(st, 0, pb.Move(pick=pb.Pick(index=1)))
    picked = st.enc.card_def
    assert picked in (A20, A12, A6)
    assert GAME.view(st, 1).enc.card_def == known(picked)  # the defence knows its card
    assert GAME.view(st, 0).enc.card_def == FACE_DOWN and GAME.view(st, 2).enc.card_def == FACE_DOWN
    seen = [e for e in events if e.payload.WhichOneof("kind") == "cards_seen"]
    assert seen and all(e.audience == frozenset({1}) for e in seen)


def test_esprit_knowledge_and_deal_drafts_are_private() -> None:
    from tests.games.cosmic.cosmic_helpers import use_power
    st = duel(["none", "none", "esprit"], [A10, A4], [A12, A6])
    use_power(st, 2, "esprit", 1)
    for viewer in (0, 1, None):
        assert not GAME.view(st, viewer).knowledge
    assert GAME.view(st, 2).knowledge[0].power == POWER_ID["esprit"]


def _power_words(pid: int) -> set[str]:
    import unicodedata

    from cosmodrome.games.cosmic.powers import POWER_ID, POWERS
    name = [n for n, i in POWER_ID.items() if i == pid][0]
    words = {name, POWERS[pid].en.split()[0].lower()}
    return {unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in words}


def test_public_events_never_name_an_undisclosed_power() -> None:
    """Every power in play at 4 to 6 players, random moves: a public event (note or power
    use) never names a power that is still undisclosed once the move is applied (a Zombie or
    Vulch that declines, a power that is offered but not used, stays secret)."""
    import re
    import unicodedata
    groups = (["zombie", "vulch", "vide", "chercheur"],
              ["machine", "amibe", "chronos", "clone", "laser"],
              ["macron", "mutant", "philanthrope", "sorcier", "virus", "echangeur"],
              ["empathe", "oracle", "esprit", "voleur", "zombie"],
              ["insecte", "vulch", "philanthrope", "laser"])
    from tests.games.cosmic.cosmic_helpers import new_game
    for g, powers in enumerate(groups):
        for seed in (1, 2):
            st = new_game(len(powers), powers, seed=seed, edicts=True)
            r = random.Random(seed * 31 + g)
            for _ in range(2500):
                ds = GAME.decisions(st)
                if not ds:
                    break
                d = r.choice(ds)
                events = GAME.apply(st, d.seat, r.choice(d.options))
                secret = {}
                for s, se in enumerate(st.seats):
                    for i, pid in enumerate(se.powers):
                        if not se.disclosed[i]:
                            secret[(s, pid)] = _power_words(pid)
                for e in events:
                    if e.audience is not None:
                        continue
                    kind = e.payload.WhichOneof("kind")
                    if kind == "power_used":
                        p = e.payload.power_used
                        assert (p.seat, p.power) not in secret or any(
                            (p.seat, q) not in secret for q in st.seats[p.seat].powers)
                    text = unicodedata.normalize("NFKD", str(e.payload).lower())
                    text = text.encode("ascii", "ignore").decode()
                    if kind != "note":
                        continue
                    for words in secret.values():
                        assert not any(re.search(rf"\b{w}\b", text) for w in words), text


# ---------------------------------------------------------------- the three leaks of issue 9

def test_a_finished_deal_leaves_no_draft_or_offer_in_any_view() -> None:
    """Leak 1: the previous deal's drafts and offers (cards still in a hand among them) were
    shown to later main players, and to spectators between encounters."""
    from tests.games.cosmic.cosmic_helpers import pass_windows, place_all
    c1, c2 = card_of("compromise"), card_of("compromise", skip=1)
    st = duel(["none"] * 3, [c1, A10, A4], [c2, A12, A6])
    cards_down(st, c1, c2)
    pass_windows(st)
    place_all(st)
    assert st.step == pb.STEP_DEAL
    play(st, 0, pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=A10)))
    play(st, 0, pb.Move(deal_propose=pb.Done()))
    play(st, 1, pb.Move(deal_edit=pb.DealEdit(what=pb.DEAL_TERM_GIVE_CARD, card=A12)))
    assert GAME.view(st, 0).deal.offer.off_cards == [A10]  # shown while the deal is on
    play(st, 1, pb.Move(deal_abandon=pb.Done()))
    assert A10 in st.seats[0].hand and A12 in st.seats[1].hand  # still secret cards
    for viewer in (0, 1, 2, None):
        v = GAME.view(st, viewer)
        assert not v.HasField("deal"), viewer


def test_the_philanthropes_gift_is_shown_to_giver_and_receiver_only() -> None:
    """Leak 2: the gift card stayed in the encounter (`pending_arg`) for every seat to read
    until the encounter ended. Views of the other seats are the same whatever card it was."""
    from tests.games.cosmic.cosmic_helpers import use_power
    views = []
    for gift in (A10, A4):
        st = duel(["philanthrope", "none", "none"], [A10, A4], [A12, A6])
        use_power(st, 0, "philanthrope", 1, card=gift)
        assert gift in st.seats[1].hand
        views.append([GAME.view(st, v).SerializeToString() for v in (2, None)])
    assert views[0] == views[1]


def test_the_laser_pick_does_not_tell_how_many_encounter_cards_the_defender_holds() -> None:
    """Leak 3: the Laser task's count told every seat how many encounter cards the defender held.
    With one encounter card or two (same hand size), the others see the same."""
    from tests.games.cosmic.cosmic_helpers import pass_windows, use_power
    zap = card_of("edict", edict="zap")
    seen = []
    for hand in ([A12, A6, zap], [A12, zap, card_of("edict", edict="peste")]):
        st = duel(["laser", "none", "none"], [A10, A4], hand, edicts=True)
        use_power(st, 0, "laser", 1)
        pass_windows(st)
        play(st, 0, pb.Move(card=pb.CardChoice(card=A10)))
        from cosmodrome.core.redact import add_decisions
        from cosmodrome.v1 import match_pb2
        shown = []
        for viewer in (0, 2, None):
            decisions = match_pb2.MatchView()
            add_decisions(GAME, GAME.decisions(st), viewer, decisions.decisions)
            view = GAME.view(st, viewer)
            shown.append((view.enc.SerializeToString(), [t.SerializeToString()
                                                         for t in view.tasks],
                          decisions.SerializeToString()))
        seen.append(shown)
    assert seen[0] == seen[1]
