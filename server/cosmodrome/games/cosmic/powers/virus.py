"""Virus, seed 001: the holder's side total is his attack value multiplied by his side's
tokens, instead of added to them."""

from __future__ import annotations

from cosmodrome.games.cosmic import pieces
from cosmodrome.games.cosmic.hooks import Piece


class Virus(Piece):
    name, en, mandatory = "virus", "Virus", True

    def side_total(self, st, ctx, seat, value, tokens):
        if ctx is not None:
            pieces.use(st, ctx, seat, self.name)
        return value * tokens


POWER = Virus()
