"""Moon 3, Ex Zapatonis (RPF), seed 000: "Cette lune est identique à une carte Extension. Le
joueur qui possède cette lune se voit donc doté d'une Extension permanente. La valeur de
l'Extension est égale au nombre de pions présents sur la lune moins 1. Ainsi : [table lost]
Un nombre de pions supérieur à 4 n'apporte rien."

Reading (moons.json): extension 0 with one token, 1 with two, 2 with three, 3 with four or
more; optional, laid in the card step instead of an extension card, never with one, and only
with an attack card to go with it (X1). The tokens counted are all those on the moon (m3).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import moontools, pieces
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.moons._card_step import may_lay
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

MAX_TOKENS = 4  # "Un nombre de pions supérieur à 4 n'apporte rien"


def standing_value(st: pb.State, moon: int) -> int:
    """"égale au nombre de pions présents sur la lune moins 1", capped at four tokens."""
    return min(sum(st.moons[moon].count), MAX_TOKENS) - 1


class ExZapatonis(Moon):
    name, en, number = "03_ex_zapatonis", "A standing extension", 3

    def use_moves(self, st, moon, seat, t):
        # an attack card he may play now (a power may restrict them: the Chercheur's answer)
        hand = pieces.card_choices(st, seat, [c for c in st.seats[seat].hand
                                              if B.is_encounter(c)])
        if t is not None or not may_lay(st, moon, seat) or not any(
                B.is_attack(c) for c in hand):
            return []
        return [pb.Move(moon_use=pb.MoonUse(moon=moon))]

    def use(self, st, ctx, moon, seat, t, move):
        ext = X.of(st, seat)
        ext.moon_value, ext.choosing = standing_value(st, moon), True
        moontools.acts(st, ctx, moon, seat)
        ctx.note(pb.NOTE_KIND_EXTENSION_FACE_DOWN, seat)


MOON = ExZapatonis()
