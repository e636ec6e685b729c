"""Moon 2, Zéta Boom (RIO), seed 000: "Cette lune se détruit d'elle-même dès que la moindre
troupe se pose sur sa surface. Les pions et la lune sont ôtés du jeu à moins de pouvoir
résister avec une force d'attaque de 50. La seule solution pour ne pas mourir est de montrer
la carte d'Attaque 50."

At the first landing the lander shows an attack card of 50 if he holds one (it stays in his
hand; the moon is then an ordinary body); else every token on it leaves the game, his allies'
too, and so does the moon.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.moons._families import FirstLanding

SURVIVES_WITH = 50  # "la carte d'Attaque 50"


class ZetaBoom(FirstLanding):
    name, en, number = "02_zeta_boom", "Zeta Boom (self-destructs)", 2

    def first_landing(self, st, ctx, moon, lander):
        mo = st.moons[moon]
        fifty = [c for c in st.seats[lander].hand
                 if CARDS[c].kind == "attack" and CARDS[c].value == SURVIVES_WITH]
        if fifty:
            ctx.show(lander, lander, fifty[:1], self.name, audience=None)
            return
        for s, n in enumerate(mo.count):
            mo.count[s] = 0
            moontools.remove_from_game(st, ctx, s, n)
        moontools.destroyed(st, ctx, B.moon_body(st, moon))


MOON = ZetaBoom()
