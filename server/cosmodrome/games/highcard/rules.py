"""High card: secret hands, simultaneous face-down plays. The hidden-information test game."""

from __future__ import annotations

from cosmodrome.core.engine import (
    BadOptions,
    Decision,
    Event,
    Game,
    IllegalMove,
    OptionSpec,
    Result,
)
from cosmodrome.core.rng import Rng
from cosmodrome.games.highcard.v1 import highcard_pb2 as pb

DEFAULT_HAND = 3
MAX_HAND = 10


class HighCard(Game):
    name = "highcard"
    title = "High card"
    summary = ("Secret hands; every round all seats play a card face down at once and the "
               "highest takes the trick. A small hidden-information game.")
    min_players = 2
    max_players = 4
    hidden_information = True
    option_specs = (
        OptionSpec("hand_size", "int", "cards per seat, also the number of rounds",
                   default=str(DEFAULT_HAND), minimum=1, maximum=MAX_HAND),
    )
    Options, State, Move, View, Event = pb.Options, pb.State, pb.Move, pb.View, pb.Event

    def check_options(self, options: pb.Options, players: int) -> None:
        if not 0 <= options.hand_size <= MAX_HAND:
            raise BadOptions(f"hand_size must be between 1 and {MAX_HAND}")

    def setup(self, options: pb.Options, players: int, seed: int, now_ms: int = 0) -> pb.State:
        hand_size = options.hand_size or DEFAULT_HAND
        rng = Rng(seed)
        deck = list(range(1, 4 * MAX_HAND + 1))  # 40 distinct cards: no ties
        rng.shuffle(deck)
        hands = [pb.Hand(cards=sorted(deck[s * hand_size:(s + 1) * hand_size]))
                 for s in range(players)]
        return pb.State(options=pb.Options(hand_size=hand_size), rng=rng.state, hands=hands,
                        played=[0] * players, tricks=[0] * players, round=1,
                        deck=deck[players * hand_size:])

    def decisions(self, state: pb.State) -> list[Decision]:
        if state.finished:
            return []
        return [Decision(seat, "play_card", "Play a card face down",
                         [pb.Move(card=c) for c in hand.cards])
                for seat, hand in enumerate(state.hands) if not state.played[seat]]

    def apply(self, state: pb.State, seat: int, move: pb.Move, now_ms: int = 0) -> list[Event]:
        if state.finished:
            raise IllegalMove("game_over", "the game is over")
        if state.played[seat]:
            raise IllegalMove("one_card_per_round", "you already played this round")
        if move.card not in state.hands[seat].cards:
            raise IllegalMove("card_in_hand", f"you do not hold card {move.card}")
        state.hands[seat].cards.remove(move.card)
        state.played[seat] = move.card
        events = [Event(pb.Event(card_played=pb.CardPlayed(seat=seat))),
                  Event(pb.Event(you_played=pb.YouPlayed(card=move.card)), frozenset({seat}))]
        if all(state.played):
            events.append(self._reveal(state))
        return events

    def _reveal(self, state: pb.State) -> Event:
        cards = list(state.played)
        winner = cards.index(max(cards))
        state.tricks[winner] += 1
        revealed = pb.Revealed(round=state.round, cards=cards, winner=winner)
        state.last_revealed[:] = cards
        state.played[:] = [0] * len(cards)
        if state.round == state.options.hand_size:
            state.finished = True
        else:
            state.round += 1
        return Event(pb.Event(revealed=revealed))

    def view(self, state: pb.State, viewer: int | None) -> pb.View:
        seated = viewer is not None and 0 <= viewer < len(state.hands)
        return pb.View(
            my_hand=state.hands[viewer].cards if seated else [],
            hand_sizes=[len(h.cards) for h in state.hands],
            has_played=[bool(p) for p in state.played],
            my_played=state.played[viewer] if seated else 0,
            tricks=state.tricks, round=state.round, last_revealed=state.last_revealed,
            finished=state.finished, deck_size=len(state.deck))

    def result(self, state: pb.State) -> Result | None:
        if not state.finished:
            return None
        best = max(state.tricks)
        winners = tuple(s for s, t in enumerate(state.tricks) if t == best)
        return Result(winners=winners, scores=tuple(float(t) for t in state.tricks),
                      summary=f"most tricks: {best}")
