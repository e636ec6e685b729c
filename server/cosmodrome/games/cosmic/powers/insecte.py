"""Insecte (Insect), seed 001: "vous copiez le pouvoir de votre adversaire ... même si
celui-ci en a perdu l'usage"; "Ne pas utiliser ce Pouvoir dans les parties où l'Avare ou
l'Oracle sont utilisés"."""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Piece


class Insect(Piece):
    name, en, mandatory = "insecte", "Insect (copies)", True
    excludes = ("oracle",)

    def copies(self, st, seat):
        opp = pieces.opponent(st, seat)
        if opp < 0:
            return []
        mine = pieces.POWER_ID[self.name]
        return [p for p in st.seats[opp].powers if p != mine]


POWER = Insect()
