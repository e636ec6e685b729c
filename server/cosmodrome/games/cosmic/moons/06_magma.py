"""Moon 6 (RIO), seed 000: "Le magma souterrain de cette lune est sous pression. Le premier
atterrissage déclenchera le processus d'explosion. Seulement voilà : la lune pulvérisera avec
elle, dans le vide cosmique, la plus proche planète sur le plateau de jeu. Placer alors la
lune révélée sur la planète en question afin de se rappeler qu'elle n'existe plus. Tous les
pions qui ont atterri sur la lune et tous les pions de la planète doivent prendre place dans
le Trou Noir. Note importante : le joueur qui a connaissance de cette lune (puisqu'il l'a
tirée dans son système au début du jeu) peut, à son gré, la déplacer mais seulement à la fin
de n'importe quel duel. Il faut, toutefois, que la lune demeure dans son système initial."

m6: "la plus proche planète" is the planet of its slot (`Moon.slot`, drawn at setup, public).
At the first landing the moon and that planet are destroyed (m6/19: the planet holds no base
and is never aimed at again; a lost home planet for its owner); every token on both goes to
the black hole. Its owner may move it beside another standing planet of his system in the
cleanup window ("à la fin de n'importe quel duel"): the moon acts then, known to all.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools
from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic.moons._families import FirstLanding
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class Magma(FirstLanding):
    name, en, number = "06_magma", "Magma: explodes with the nearest planet", 6

    def first_landing(self, st, ctx, moon, lander):
        mo = st.moons[moon]
        planet = moontools.beside(st, moon)
        for place in (mo, st.planets[planet]):
            for s, n in enumerate(place.count):
                place.count[s] = 0
                if n and not st.seats[s].eliminated:
                    actions.lose_plainly(st, ctx, s, n, -1)
        moontools.destroyed(st, ctx, planet)
        moontools.destroyed(st, ctx, B.moon_body(st, moon))

    def window_moves(self, st, moon, seat, window):
        mo = st.moons[moon]
        if window != pb.STEP_CLEANUP or seat != mo.system or mo.spent:
            return []
        first = B.planets_of(mo.system)[0]
        return [pb.Move(move_moon=pb.MoveMoon(moon=moon, slot=p - first))
                for p in B.standing_planets(st, mo.system) if p - first != mo.slot]

    def make_window_move(self, st, ctx, moon, seat, move):
        st.moons[moon].slot = move.move_moon.slot
        moontools.acts(st, ctx, moon, seat)


MOON = Magma()
