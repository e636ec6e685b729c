"""Moon 45, Fasme (RPF), seed 000: "Fasme est l'abréviation de Fanatisme. Cette lune permet
au joueur qui s'y trouve, lorsque c'est son tour de jouer, d'effectuer une attaque
supplémentaire quel que soit le cas de figure. Il peut se refaire une main s'il ne possède
plus de cartes de duel à ce moment-là (les Edits peuvent être gardés ou joués)."

An occupant whose turn it is may have one encounter more than the rules give him, once per
turn, whatever happened (three after two successes, two after a failure); out of encounter
cards then, he discards the rest but his edicts and draws a new hand (`moonflow`).
Optional: it is one more choice at the end of an encounter.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon

EXTRA_PER_TURN = 1  # "une attaque supplémentaire"


class Fasme(Moon):
    name, en, number = "45_fasme", "Fasme (one more encounter per turn)", 45

    def extra_encounter(self, st, moon, seat):
        return (seat == st.enc.offense and st.moons[moon].count[seat] > 0
                and st.enc.extra_encounters < EXTRA_PER_TURN)


MOON = Fasme()
