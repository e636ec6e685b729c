"""Moon 36, Vas faire un tour (RPO), seed 000: "Cette lune est l'abréviation de " Vas faire un
tour. " Elle concrétise le fait que le joueur qui s'y trouve devient très distrait. Pour cela,
il devra quitter la table de jeu pour ne pas observer et ne pas écouter toutes les actions qui
ne le concernent pas directement. Notes : pour que la distraction gagne en efficacité, toutes
les alliances avec ce joueur sont désormais interdites. Ses adversaires ne peuvent jouer à sa
place. Ils sont donc obliger de l'appeler quand vient son tour de jouer, quand il perd des
pions, des cartes…"

Enforced by the server: while on it, his view shows only what concerns him (his own tokens,
his hand and tasks, the encounter when he is in it: views.py); he may neither invite nor be
invited. Nobody plays for him: he is asked his decisions as ever.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import TableRule
from cosmodrome.games.cosmic.table import TableMoon
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class AwayFromTable(TableMoon):
    name, en, number = "36_vas_faire_un_tour", "Vas faire un tour: away from the table", 36
    limit = pb.TABLE_LIMIT_AWAY

    def table_rule(self, st, moon, seat):
        return TableRule(self.limit, forbids_alliance=True)  # "toutes les alliances avec ce
        #                                                      joueur sont désormais interdites"


MOON = AwayFromTable()
