"""Moon 59 (RPF), seed 000: "Le joueur qui se trouve sur cette lune a le droit d'abaisser 3
cartes de duels au lieu de 1 au cours d'un duel (que ce soit en attaque ou en défense). S'il
choisit d'utiliser le pouvoir de cette lune, il ne peut abattre deux cartes, mais trois
obligatoirement, et à la seule condition qu'aucune de ces cartes ne se termine par le même
chiffre. Note : une seule carte Compromis suffit pour faire perdre le duel."

Reading (moons.json): their values are summed; not with an extension card. Offered in the
card step, before any card, when his hand can make such a set; then each card offered keeps a
full set possible, and Done comes at the third (`extensions.addable`, `complete`). A
compromise has no digit; one among the three makes the whole set a compromise (m59).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import moontools, pieces
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.moons._card_step import may_lay
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class ThreeCards(Moon):
    name, en, number = "59_trois_cartes", "Three encounter cards at once", 59

    def use_moves(self, st, moon, seat, t):
        # the cards he may play now (a power may restrict them: the Chercheur's answer)
        hand = pieces.card_choices(st, seat, [c for c in st.seats[seat].hand
                                              if B.is_encounter(c)])
        if t is not None or not may_lay(st, moon, seat) \
                or not X.triple_possible([], hand, X.TRIPLE):
            return []
        return [pb.Move(moon_use=pb.MoonUse(moon=moon))]

    def use(self, st, ctx, moon, seat, t, move):
        ext = X.of(st, seat)
        ext.triple, ext.choosing = True, True
        moontools.acts(st, ctx, moon, seat)


MOON = ThreeCards()
