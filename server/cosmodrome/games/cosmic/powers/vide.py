"""Vide (Void), seed 001: tokens an opponent loses to the holder leave the game instead of
going to the black hole (more than fifteen removed eliminate that player)."""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Piece


class Void(Piece):
    name, en, mandatory = "vide", "Void", True

    def removes_lost_tokens(self, st, seat, loser):
        return True


POWER = Void()
