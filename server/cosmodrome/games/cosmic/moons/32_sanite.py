"""Moon 32 (RPO), seed 000: "Cette lune empêche le joueur qui s’y trouve de fumer quoi que ce
soit. A la moindre désobéissance, le joueur perd immédiatement 1 de ses pions dans le Trou Noir
ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du pion ou de la carte
et c’est aussi lui choisit le pion sur le plateau ou tire la carte au hasard. En plus, si le
joueur fume, il perd sur-le-champ toutes ses bases étrangères. Les pions concernés regagnent
leurs bases d’origine."

Reported by his right-hand neighbour. Besides the penalty, "il perd sur-le-champ toutes ses
bases étrangères. Les pions concernés regagnent leurs bases d'origine": his tokens on foreign
planets (foreign bases count planets only, M4) come back to his hand, to be put on his home
planets one at a time.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions
from cosmodrome.games.cosmic.table import TableMoon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Sanite(TableMoon):
    name, en, number = "32_sanite", "Sanité: no smoking (reported)", 32

    def on_infraction(self, st, ctx, moon, offender, judge):
        home = 0
        for pt in st.planets:
            if pt.system != offender and pt.count[offender]:
                home += pt.count[offender]
                pt.count[offender] = 0
        if home:
            ctx.note(pb.NOTE_KIND_FOREIGN_BASES_LOST, offender, count=home)
            actions.place_from_limbo(st, offender, home)


MOON = Sanite()
