"""Moon 25 (RIF), seed 000: "La puissance de cette lune se déclenche au moment où un joueur se
pose sur sa surface. Ce joueur gagne alors un Flaire supplémentaire. Celui-ci est tiré au
hasard dans la pile des Flaires restants."

The lander takes one flare at random from the flares not dealt at setup (`State.flare_pool`:
neither a power's nor an unseen extra), seen by him alone. Optional, but it only helps: it
acts without asking. Dealt only in games with flares.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import flares, moontools
from cosmodrome.games.cosmic.hooks import Moon


class ExtraFlare(Moon):
    name, en, number = "25_flaire_en_plus", "An extra flare", 25
    needs_flares = True

    def on_landing(self, st, ctx, moon, landing):
        if st.flare_pool:
            moontools.acts(st, ctx, moon, landing.lander)
            flares.take_from_pool(st, ctx, landing.lander, self.name)


MOON = ExtraFlare()
