"""Moon 4, Salusa Secondus (SPO), seed 000: "Il s'agit d'une lune prison. Tous les pions qui
s'y posent sont immobilisés jusqu'à la fin de la partie. Seul l'Edit " Moon Zap " peut les
libérer. Aucun combat ne s'y déroule jamais même si plusieurs races différentes séjournent
ensemble sur cette lune."

A cone aimed at it lands without combat (no defender, no cards: the moon acts then, and is
known to all); its tokens are held (`keeps_tokens`): never a base to launch, join, lose or
move tokens from; the Moon Zap edict (edicts/moon_zap.py) frees one seat's (`zap_frees`).
"""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Moon


class Prison(Moon):
    name, en, number = "04_salusa_secondus", "Salusa Secondus, the prison moon", 4
    keeps_tokens = True
    zap_frees = True

    def no_combat(self, st, moon):
        return True


MOON = Prison()
