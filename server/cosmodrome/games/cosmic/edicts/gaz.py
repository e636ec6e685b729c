"""Gaz Stellaire, seed 001: played when a player is to take his consolation, he takes none."""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import RESPONSE_CONSOLATION, Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class StellarGas(Edict):
    name = "gaz"
    answers = frozenset({RESPONSE_CONSOLATION})
    windows = frozenset({pb.STEP_POST_REVEAL})  # consolations come at the resolution

    def answer(self, st, ctx, seat, t, card):
        ctx.note(pb.NOTE_KIND_NO_CONSOLATION, seat)


EDICT = StellarGas()
