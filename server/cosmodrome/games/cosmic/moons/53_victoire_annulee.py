"""Moon 53 (SIF), seed 000: "Une seule fois, le joueur qui possède cette lune peut la révéler
et annuler la victoire à un de ses adversaires. Lorsque la lune a été utilisée, elle
disparaît et les pions qui s'y trouvent regagnent leurs bases."

At a win, each occupant may cancel an opponent's win (`moonflow.standing_wins` asks every
seat with tokens on a moon, so being asked tells nothing); the moon then acts (known to all),
vanishes, and the tokens on it go back to their owners' bases. The game goes on; the
cancelled winner wins again only above the count he was stopped at (m53, m53b).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon, Victory


class CancelVictory(Moon):
    name, en, number = "53_victoire_annulee", "Cancel an opponent's victory, once", 53
    victory = Victory(cancels=True)  # for each occupant, at a win

    def cancel_victory(self, st, ctx, moon, seat, winner):
        moontools.vanish(st, moon)  # "elle disparaît": once, as the text says


MOON = CancelVictory()
