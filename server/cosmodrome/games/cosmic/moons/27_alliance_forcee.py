"""Moon 27 (RPF), seed 000: "Cette lune permet au joueur qui se trouve dessus de s'allier de
force (en attaque, en défense ou dans les deux), et ceci avec n'importe quel pouvoir. De
plus, la puissance de l'alliance est augmentée : le nombre maximum de pions qui peuvent
s'allier est multiplié par 2. Il est donc porté à 8. Note : dans le cas du Macron, 2 de ses
pions seulement peuvent s'allier."

An occupant who is not a main player is asked to join as every invitee is, offence or
defence, invited or not (one side per encounter: "dans les deux" across encounters), and
sends up to twice the usual tokens: 8, the Macron 2 (`moonflow.ally_multiplier`).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon

FACTOR = 2  # "le nombre maximum de pions qui peuvent s'allier est multiplié par 2"


class ForcedAlliance(Moon):
    name, en, number = "27_alliance_forcee", "Join any alliance, with up to 8 tokens", 27

    def ally_factor(self, st, moon, seat):
        return FACTOR if st.moons[moon].count[seat] > 0 else 0


MOON = ForcedAlliance()
