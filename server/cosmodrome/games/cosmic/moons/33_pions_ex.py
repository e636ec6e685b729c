"""Moon 33 (RPO), seed 000: "Cette lune augmente le nombre des 20 pions de départ pour le
joueur qui se trouve dessus. Le nombre de pions ainsi gagnés est égal au nombre
d'adversaires. Ces pions ne sont pas comme les autres. Ils sont marqués " Ex " comme Extra et
ils ne peuvent jamais se rendre dans le Trou Noir ni disparaître définitivement. Lorsqu'ils
perdent un combat, ils regagnent une base déjà conquise, tout simplement.
Note : Dès que le joueur quitte cette lune, les pions décrits ci-dessus disparaissent
aussitôt. Si la lune change de propriétaire, les pions changent aussi de propriétaire."

m33: the Ex tokens (`Moon.ex`, public) stand on the moon beside their owner's
(`Moon.ex_owner`): the first to land (the offence, when he lands with allies), then, when he
leaves, whoever holds the moon (the offence that took it, else the next occupant clockwise);
with no occupant left they vanish. They never leave the moon, so they never go to the black
hole; they fight where they stand: the owner, as main defender of the moon, counts them as
tokens. Their number is his living opponents'. They are outside the 20 tokens the audit
counts (their own audit: an owner on the moon, as many as his opponents).
"""

from __future__ import annotations

from cosmodrome.games.cosmic import board as B
from cosmodrome.games.cosmic import moontools
from cosmodrome.games.cosmic.hooks import Combat, Moon


def _owner(mo) -> int:
    return mo.ex_owner if mo.HasField("ex_owner") else -1


class ExTokens(Moon):
    name, en, number = "33_pions_ex", "Ex tokens, one per opponent", 33

    def settle(self, st, ctx, moon):
        mo, living = st.moons[moon], B.alive(st)
        owner = _owner(mo)
        if owner in living and mo.count[owner]:
            mo.ex = len(living) - 1  # "égal au nombre d'adversaires"
            return
        holders = [s for s in living if mo.count[s]]
        if not holders or not mo.face_up:  # face down: nobody is on it (L04)
            if owner >= 0:  # "Dès que le joueur quitte cette lune, les pions ... disparaissent"
                mo.ex = 0
                mo.ClearField("ex_owner")
            return
        start = owner if owner >= 0 else st.enc.offense
        order = [st.enc.offense, *B.clockwise_from(st, start)]
        mo.ex_owner = next(s for s in order if s in holders)
        mo.ex = len(living) - 1
        moontools.acts(st, ctx, moon, mo.ex_owner)

    def combat(self, st, moon, side):
        mo = st.moons[moon]
        here = st.enc.planet == B.moon_body(st, moon)
        return Combat(bonus=mo.ex) if here and side == B.defender(st) == _owner(mo) else None

    def audit(self, st, moon):
        mo, owner = st.moons[moon], _owner(st.moons[moon])
        if owner < 0:
            return [f"moon {mo.number} has Ex tokens but no owner"] if mo.ex else []
        if not mo.count[owner] or mo.ex != len(B.alive(st)) - 1:
            return [f"moon {mo.number}: seat {owner} has {mo.ex} Ex tokens, standing on it "
                    f"with {mo.count[owner]}"]
        return []

    def publish(self, mo, out):
        if mo.HasField("ex_owner"):  # the Ex tokens, on the table
            out.ex, out.ex_owner = mo.ex, mo.ex_owner


MOON = ExTokens()
