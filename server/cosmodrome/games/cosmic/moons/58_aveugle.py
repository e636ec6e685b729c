"""Moon 58 (RPO), seed 000: "Cette lune aveugle totalement le joueur qui s'y pose. Il faut donc
lui bander les yeux dans l'instant qui suit. Désormais, tous les faits qui se déroulent dans
le jeu doivent être commentés avec précision par les autres joueurs afin que le joueur aveugle
puisse suivre et continuer à jouer. Pour cela, il n'a que la solution de se représenter le jeu
dans sa tête."

Enforced by the server: while on it, his view shows no board (views.py): the events are the
narration, the picture is in his head. A move of his that is not possible is refused, as any
(the neighbour playing in his place is the server's refusal here).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Blindfolded(TableMoon):
    name, en, number = "58_aveugle", "Blindfolded: no board in view", 58
    limit = pb.TABLE_LIMIT_BLINDFOLDED


MOON = Blindfolded()
