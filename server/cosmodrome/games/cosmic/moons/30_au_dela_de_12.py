"""Moon 30 (RIO), seed 000: "Cette lune oblige le joueur qui atterrit à sa surface de jeter
toutes ses cartes d'Attaque dont la puissance dépasse 12. Les cartes sont jetées sur la pile
des cartes jouées. Le joueur révèle ensuite son jeu à ses adversaires pour prouver sa bonne
foi."
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.ctx import reason
from cosmodrome.games.cosmic.hooks import Moon

ABOVE = 12  # "dont la puissance dépasse 12"


class AboveTwelve(Moon):
    name, en, number = "30_au_dela_de_12", "Discard attacks above 12", 30

    def on_landing(self, st, ctx, moon, landing):
        moontools.acts(st, ctx, moon, landing.lander)
        hand = st.seats[landing.lander].hand
        for c in [c for c in hand if CARDS[c].kind == "attack" and CARDS[c].value > ABOVE]:
            hand.remove(c)
            st.discard.append(c)
        cards = sorted(hand)
        for s in B.alive(st):
            if s != landing.lander:
                ctx.show(s, landing.lander, cards, self.name)
                st.knowledge.add(viewer=s, target=landing.lander, cards=cards, **reason(self.name))


MOON = AboveTwelve()
