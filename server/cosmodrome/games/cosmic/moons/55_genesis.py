"""Moon 55, Génésis (RIO), seed 000: "Lorsque cette lune est découverte, elle explose pour
créer d'autres lunes. Le nombre de nouvelles lunes ainsi générées est égal au nombre de pions
qui se sont posés sur Génésis. Chaque nouvelle lune naît dans le même système que Génésis.
Elle est tirée au hasard par le joueur dans la pile des lunes non utilisée. Ce même joueur
place un pion, précédemment sur Génésis, sur chaque lune et en prend connaissance."

Génésis is gone; the lander draws one moon per token that landed (as many as the moon deck
holds), each new moon in Génésis's system, and moves one of his tokens from Génésis onto each:
a landing (M2), so each is revealed or seen and acts if instant, in the order drawn. Tokens
left on Génésis (his beyond the moons drawn, his allies') go back to their bases.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.hooks import Moon


class Genesis(Moon):
    name, en, number = "55_genesis", "Genesis (explodes into new moons)", 55

    def on_landing(self, st, ctx, moon, landing):
        mo = st.moons[moon]
        moontools.acts(st, ctx, moon, landing.lander)
        moontools.destroyed(st, ctx, B.moon_body(st, moon))
        new = []
        for _ in range(min(landing.landed.get(landing.lander, 0), len(st.moon_deck))):
            number = st.moon_deck.pop(ctx.rng.below(len(st.moon_deck)))
            st.moons.add(number=number, system=mo.system, count=[0] * st.players,
                         known_by=[False] * st.players)
            mo.count[landing.lander] -= 1
            st.moons[-1].count[landing.lander] = 1
            new.append(len(st.moons) - 1)
        for s, n in enumerate(mo.count):  # the rest goes home
            mo.count[s] = 0
            actions.place_from_limbo(st, s, n)
        for m in new:
            moontools.landed(st, ctx, B.moon_body(st, m), {landing.lander: 1})


MOON = Genesis()
