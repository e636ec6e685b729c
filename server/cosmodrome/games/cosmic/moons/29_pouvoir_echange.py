"""Moon 29 (SPF), seed 000: "Cette lune peut rester secrète jusqu'au moment où le joueur qui se
trouve dessus décide de la révéler. A cet instant, il peut échanger 1 de ses pouvoirs avec 1
pouvoir qui n'est pas dans la partie. Le pouvoir que le joueur rejette est retiré
définitivement du jeu. Celui qu'il prend est tiré au hasard dans les pouvoirs restants
jusqu'à ce qu'il soit compatible avec tous les autres. Le nouveau pouvoir est révélé
immédiatement à tout le monde."

Offered to each occupant at any moment (windows, and wherever an edict may be played "à
n'importe quel moment"), once per stay (reading: a use reveals it). He names the power he
gives up; drawing "jusqu'à ce qu'il soit compatible" is a draw among the compatible powers
left (the incompatible ones drawn go back); none compatible, no swap is offered.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Moon
from cosmodrome.games.cosmic.powers import excluded
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _compatible(st: pb.State, seat: int, given_up: int) -> list[int]:
    """Indexes in the pool of the powers compatible with every power left in play."""
    in_play = [p for s, se in enumerate(st.seats) if not se.eliminated for p in se.powers
               if not (s == seat and p == given_up)]
    return [i for i, p in enumerate(st.power_pool) if not excluded(p, in_play)]


class PowerSwap(Moon):
    name, en, number = "29_pouvoir_echange", "Swap a power for one not in play", 29

    def use_moves(self, st, moon, seat, t):
        mo = st.moons[moon]
        if t is not None or not mo.count[seat] or seat in mo.used_by \
                or moontools.in_card_step(st):
            return []
        return [pb.Move(moon_use=pb.MoonUse(moon=moon, power=p))
                for p in sorted(set(st.seats[seat].powers)) if _compatible(st, seat, p)]

    def use(self, st, ctx, moon, seat, t, move):
        old = move.moon_use.power
        allowed = _compatible(st, seat, old)
        st.moons[moon].used_by.append(seat)
        moontools.acts(st, ctx, moon, seat)
        new = st.power_pool.pop(allowed[ctx.rng.below(len(allowed))])
        se = st.seats[seat]
        i = list(se.powers).index(old)   # the old one is "retiré définitivement du jeu"
        se.powers[i], se.disclosed[i] = new, True
        ctx.note(pb.NOTE_KIND_NEW_POWER, seat)


MOON = PowerSwap()
