"""Machine, seed 001: the offence may have as many encounters in its turn as it likes, as
long as it holds encounter cards."""

from __future__ import annotations

from cosmodrome.games.cosmic.hooks import Piece

MACHINE_CAP = 10  # encounters per turn (provisional safety cap: automatic wins use no card)


class Machine(Piece):
    name, en = "machine", "Machine"

    def another_encounter(self, st, seat):
        return st.enc.number < MACHINE_CAP


POWER = Machine()
