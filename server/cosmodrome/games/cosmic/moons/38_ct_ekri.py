"""Moon 38, CT EKRI (RIO), seed 000, cut text: "Dès qu'un joueur se pose sur cette lune, il
perd: [cut] Les pouvoirs en question sont mis de côté. Le joueur pourra les récupérer au
moment où il aura pris possession de trois autres lunes (s'il ne les a pas déjà). Alors
seulement, il peut quitter la surface de CT EKRI."

Provisional (m38, opt-in): each player landing on it, unless he has tokens on three other
moons already, sets all his powers aside (`Seat.powers_aside`); he takes them back as soon
as he has tokens on three other moons, and until then may not take his tokens off it (he may
still lose them).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import ANY_MOON, LANDED, Moon

OTHER_MOONS = 3  # "trois autres lunes"


class CtEkri(Moon):
    name, en, number = "38_ct_ekri", "CT EKRI (powers set aside)", 38

    landings = frozenset({LANDED, ANY_MOON})

    def on_landing(self, st, ctx, moon, landing):
        if landing.moment == ANY_MOON:
            self.regain_powers(st, ctx, moon, sorted(landing.landed))
            return
        for s in sorted(landing.landed):
            se = st.seats[s]
            if moontools.moons_held(st, s, but=moon) >= OTHER_MOONS or not se.powers:
                continue
            moontools.acts(st, ctx, moon, s)
            se.powers_aside.extend(se.powers)
            se.disclosed_aside.extend(se.disclosed)
            del se.powers[:]
            del se.disclosed[:]

    def regain_powers(self, st, ctx, moon, seats):
        """Tokens of `seats` landed on a moon: who holds enough other moons again takes his
        powers back."""
        for s in seats:
            se = st.seats[s]
            if se.powers_aside and moontools.moons_held(st, s, but=moon) >= OTHER_MOONS:
                se.powers[:] = [*se.powers_aside, *se.powers]
                se.disclosed[:] = [*se.disclosed_aside, *se.disclosed]
                del se.powers_aside[:]
                del se.disclosed_aside[:]
                moontools.acts(st, ctx, moon, s)

    def holds_tokens(self, st, moon, seat):
        return (st.moons[moon].count[seat] > 0
                and moontools.moons_held(st, seat, but=moon) < OTHER_MOONS)


MOON = CtEkri()
