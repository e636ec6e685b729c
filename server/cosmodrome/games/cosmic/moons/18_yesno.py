"""Moon 18 (RPO), seed 000: "Cette lune empêche le joueur qui s’y trouve de prononcer le mot
' oui ' et le mot ' non '. A la moindre erreur, le joueur perd immédiatement 1 de ses pions
dans le Trou Noir ou 1 carte de sa main. C’est son voisin de droite qui décide de la perte du
pion ou de la carte et c’est aussi lui choisit le pion sur le plateau ou tire la carte au
hasard."

Judged from the match chat: a line holding the whole word "oui" or "non" (any case, accents
folded: `table.words`) is one infraction; silence is allowed.
"""

from __future__ import annotations

from cosmodrome.games.cosmic.table import TableMoon, words

FORBIDDEN = frozenset({"oui", "non"})  # 'le mot " oui " et le mot " non "'


class Yesno(TableMoon):
    name, en, number = "18_yesno", "Yesno: never 'oui' nor 'non' (chat-judged)", 18

    def breaks(self, text):
        return not FORBIDDEN.isdisjoint(words(text))


MOON = Yesno()
