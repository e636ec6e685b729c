"""Moon 31 (RPF), seed 000: "Cette lune permet au joueur qui s'y trouve de prendre 1 autre
carte dans la pile à chaque fois qu'il est en droit d'en prendre 1 (pour une nouvelle main,
une consolation, ...). Toutefois, une fois que le total de sa main atteint 40 cartes, la lune
devient inopérante."

Each occupant (M3), for each card the rules let him draw or take (a new hand, a consolation
from the deck or the opponent's hand, a defensive ally's reward, the Mutant's draws), draws
one more from the deck while his hand holds fewer than 40. Optional, used without asking: a
card more never hurts (m31).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic.hooks import DRAWN, Moon

HAND_LIMIT = 40  # "une fois que le total de sa main atteint 40 cartes"


class OneMoreCard(Moon):
    name, en, number = "31_carte_en_plus", "One more card at each draw", 31

    hears = frozenset({DRAWN})

    def on_moment(self, st, ctx, moon, moment):
        seat, n = moment.seat, moment.n
        if not st.moons[moon].count[seat]:
            return
        hand, drawn = st.seats[seat].hand, []
        while len(drawn) < n and len(hand) < HAND_LIMIT:
            c = actions.draw_card(st, ctx)
            if c is None:
                break
            hand.append(c)
            drawn.append(c)
        if drawn:
            moontools.acts(st, ctx, moon, seat)
            ctx.show(seat, -1, drawn, self.name)


MOON = OneMoreCard()
