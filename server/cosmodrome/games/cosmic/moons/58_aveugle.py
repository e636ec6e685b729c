"""Moon 58 (RPO), seed 000: "Cette lune aveugle totalement le joueur qui s'y pose. Il faut donc
lui bander les yeux dans l'instant qui suit. Désormais, tous les faits qui se déroulent dans
le jeu doivent être commentés avec précision par les autres joueurs afin que le joueur aveugle
puisse suivre et continuer à jouer. Pour cela, il n'a que la solution de se représenter le jeu
dans sa tête. [...] Pour avoir le droit de quitter cette lune, le joueur aveugle doit avoir
gagné un combat en étant aveugle (ou avoir réussi un marché)."

Enforced by the server: while on it, his view shows no board (views.py): the events are the
narration, the picture is in his head. A move of his that is not possible is refused, as any
(the neighbour playing in his place is the server's refusal here). His tokens stay on it
(no launch nor move from it; losses still take them) until he wins an encounter as a main
player, or makes a deal, while on it; the win that lands him there does not count.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import ENCOUNTER_OVER
from cosmodrome.games.cosmic.table import TableMoon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _winners(st: pb.State) -> list[int]:
    e = st.enc
    return {pb.OUTCOME_OFFENCE_WINS: [e.offense], pb.OUTCOME_DEFENCE_WINS: [B.defender(st)],
            pb.OUTCOME_DEAL_MADE: [e.offense, B.defender(st)]}.get(e.winner, [])


class Blindfolded(TableMoon):
    name, en, number = "58_aveugle", "Blindfolded: no board in view", 58
    limit = pb.TABLE_LIMIT_BLINDFOLDED

    def holds_tokens(self, st, moon, seat):
        mo = st.moons[moon]
        return mo.count[seat] > 0 and not (len(mo.freed) > seat and mo.freed[seat])

    hears = frozenset({ENCOUNTER_OVER})

    def on_moment(self, st, ctx, moon, moment):
        mo, e = st.moons[moon], st.enc
        if len(mo.freed) != st.players:
            mo.freed[:] = [False] * st.players
        landed_by_it = e.HasField("planet") and e.planet == B.moon_body(st, moon)
        for s in range(st.players):
            if not mo.count[s]:
                mo.freed[s] = False  # he left: a new landing blinds him again
        for s in _winners(st):
            if mo.count[s] and not (s == e.offense and landed_by_it):
                mo.freed[s] = True  # "avoir gagné un combat en étant aveugle"


MOON = Blindfolded()
