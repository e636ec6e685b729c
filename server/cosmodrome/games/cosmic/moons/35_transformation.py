"""Moon 35 (RPF), seed 000, cut text: "Le joueur qui possède cette lune peut, s'il le désire,
transformer certaines cartes d'Attaque pendant un duel. Il ne peut le faire que s'il est
impliqué dans un combat (même s'il est allié). Le résultat de la transformation (qui
s'opère après que les cartes aient été révélées) est que : [cut] Cette transformation touche
autant de cartes que le souhaite le joueur concerné."

Provisional (m35, opt-in): in the window after the reveal, an occupant involved in the
encounter (main player or ally) may transform any revealed attack card, one move each, as
many as he likes: its two digits are swapped, the value read as two digits (08 -> 80,
15 -> 51, 20 -> 02). A card whose digits are alike (0, 11, 22 ...) has nothing to swap.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import extensions as X
from cosmodrome.games.cosmic import moontools, pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def swapped(value: int) -> int:
    """The value with its two digits swapped (read as two digits: 8 is 08)."""
    return value % 10 * 10 + value // 10


def revealed_attacks(st: pb.State) -> list[int]:
    """The attack cards both main players have revealed (with their extensions' added ones)."""
    e = st.enc
    out = []
    for side, seat in (("off", e.offense), ("def", B.defender(st))):
        first = B.played(st, side)
        out += [c for c in [first, *X.of(st, seat).extra] if c >= 0 and B.is_attack(c)]
    return out


class Transformation(Moon):
    name, en, number = "35_transformation", "Swap the digits of revealed attack cards", 35

    def window_moves(self, st, moon, seat, window):
        if (window != pb.STEP_POST_REVEAL or not st.enc.revealed
                or not st.moons[moon].count[seat] or not pieces.involved(st, seat)):
            return []
        done = set(st.enc.transformed)
        return [pb.Move(transform=pb.CardChoice(card=c)) for c in revealed_attacks(st)
                if c not in done and swapped(CARDS[c].value) != CARDS[c].value]

    def make_window_move(self, st, ctx, moon, seat, move):
        card = move.transform.card
        moontools.acts(st, ctx, moon, seat)
        st.enc.transformed.append(card)
        st.enc.transformed_value.append(swapped(CARDS[card].value))


MOON = Transformation()
