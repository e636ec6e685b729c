"""Moon 11 (RPF), seed 000: "Cette lune est un astéroïde Un-Zap. A tout moment, le joueur qui
la possède peut annuler l'effet d'un Zap quel qu'il soit. Cette lune est donc identique à un
Edit Un-Zap sauf qu'elle reste efficace tant qu'un pion, au moins, règne à sa surface."

Offered to each occupant where the Un-Zap edict is (in answer to a Zap, Cosmique or Sauvage,
just played: `RESPONSE_POWERS_STOPPED`), and undoes exactly what that Zap stopped; the moon
stays (m11).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import RESPONSE_POWERS_STOPPED, Moon, about
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


class UnZapAsteroid(Moon):
    name, en, number = "11_asteroide_un_zap", "A lasting Un-Zap", 11

    def use_moves(self, st, moon, seat, t):
        if t is None or about(t) != RESPONSE_POWERS_STOPPED or not st.moons[moon].count[seat]:
            return []
        return [pb.Move(moon_use=pb.MoonUse(moon=moon))]

    def use(self, st, ctx, moon, seat, t, move):
        del st.enc.zapped[t.response.powers_stopped.zapped_from:]  # exactly what it stopped
        moontools.acts(st, ctx, moon, seat)
        ctx.note(pb.NOTE_KIND_ZAP_UNDONE, seat)


MOON = UnZapAsteroid()
