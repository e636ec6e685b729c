"""Moon 23 (SPF), seed 000, cut text: "Le joueur qui possède cette lune peut utiliser sa
puissance mais seulement lorsque c'est son tour de jouer. Au moment où le disque solaire est
retourné pour connaître la destination, la lune permet : [cut]"

Provisional (m23, opt-in): once per turn, when the disc is drawn, an occupant whose turn it
is may set it aside as drawn and draw another (`moonflow.disc_drawn` asks every offence on a
moon, so being asked tells nothing).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import flow
from cosmodrome.games.cosmic.hooks import Moon


class SecondDisc(Moon):
    name, en, number = "23_second_disque", "Draw another destiny disc, once a turn", 23
    redraws_discs = True

    def redraws_disc(self, st, moon, seat):
        return (seat == st.enc.offense and st.moons[moon].count[seat] > 0
                and st.disc_redrawn_turn != st.turn + 1)

    def redraw_disc(self, st, ctx, moon, seat):
        st.disc_redrawn_turn = st.turn + 1
        st.enc.system = flow.draw_destiny(st, ctx)


MOON = SecondDisc()
