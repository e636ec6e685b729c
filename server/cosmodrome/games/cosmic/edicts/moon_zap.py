"""Moon Zap, named by seed 000's moon 4 only ("Seul l'Edit " Moon Zap " peut les libérer");
its text is ours, provisional (docs/rules/cosmic-000.md, MZ): played at any moment, it frees
every token one seat has on a prison moon onto his bases, or stops one moon's effect until
the end of the encounter."""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moonboard, moontools, pieces
from cosmodrome.games.cosmic.hooks import Edict
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class MoonZap(Edict):
    name = "moon_zap"

    def at_any_time(self, st, seat):
        card = pieces.first_edict(st, seat, self.name)
        frees = [pb.Move(edict=pb.PlayEdict(card=card, target=t))
                 for t in B.alive(st) if moontools.held_by_prisons(st, t)]
        stops = [pb.Move(edict=pb.PlayEdict(card=card, moon=m))
                 for m, _ in moonboard.on_board(st)]
        return frees + stops

    def play(self, st, ctx, seat, move):
        if move.HasField("moon"):
            st.enc.moons_zapped.append(move.moon)
        else:
            moontools.free(st, ctx, move.target)


EDICT = MoonZap()
