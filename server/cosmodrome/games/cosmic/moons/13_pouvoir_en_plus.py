"""Moon 13 (RIO), seed 000: "Cette lune oblige le joueur qui s'y pose à tirer, au hasard, un
pouvoir supplémentaire dans la pile des pouvoirs restants. Ce pouvoir agit comme une
puissance secondaire et doit être retiré s'il se révèle incompatible avec les autres forces
en jeu. Ce pouvoir doit donc être révélé immédiatement."

The lander draws a power not in play, disclosed at once, as a secondary power; one the power
modules declare incompatible with a power in play is removed (out of the game) and nothing
replaces it.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.powers import excluded
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class ExtraPower(Moon):
    name, en, number = "13_pouvoir_en_plus", "An extra power", 13

    def on_landing(self, st, ctx, moon, landing):
        if not st.power_pool:
            return
        moontools.acts(st, ctx, moon, landing.lander)
        pid = st.power_pool.pop(ctx.rng.below(len(st.power_pool)))
        in_play = [p for s, se in enumerate(st.seats) if not se.eliminated for p in se.powers]
        if excluded(pid, in_play):
            return
        se = st.seats[landing.lander]
        se.powers.append(pid)
        se.disclosed.append(True)
        ctx.note(pb.NOTE_KIND_NEW_POWER, landing.lander)


MOON = ExtraPower()
