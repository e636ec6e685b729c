"""High card's words (GameContent.words): its move (a plain message: key "move") and events,
which the terminal and the web page fill. Formats: who, take ("take" for the viewer, else
"takes"), seat_cards (each seat's card: "ada: 7, you: 3")."""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.v1 import games_pb2

PHRASES = {
    "move": "play card {card}",
    "event.card_played": "{seat:who} played a card face down",
    "event.you_played": "you played card {card}",
    "event.revealed": "round {round} revealed: {cards:seat_cards}; {winner:who} {winner:take} "
                      "the trick",
}


def words(game: Game) -> games_pb2.Words:
    return games_pb2.Words(phrases=PHRASES)
