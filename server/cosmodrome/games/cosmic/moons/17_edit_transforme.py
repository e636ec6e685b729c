"""Moon 17 (RPF), seed 000: "Cette lune permet au joueur qui se trouve dessus de transformer un
Edit au moment où il dévoile celui-ci. Le joueur annonce quelle est la nouvelle valeur de
l'Edit. Toutes les règles concernant ce nouvel Edit doivent être respectées et en particulier
le moment exact où le nouvel Edit peut être joué. Lorsque l'Edit regagne la pile des cartes
jouées, il reprend sa forme d'origine."

Each occupant may play an edict card he holds as any other edict, wherever and whenever that
edict may be played (its windows, "à n'importe quel moment", the response windows it
answers): the move is the named edict's own, on his card, with `PlayEdict.as_edict`. The card
goes to the discard pile as itself ("il reprend sa forme d'origine").
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions, moontools, pieces
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.hooks import Moon, about
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb


def _as(move: pb.Move, card: int, name: str) -> pb.Move:
    """A copy of edict `name`'s `move`, played with `card`."""
    out = pb.Move()
    out.CopyFrom(move)
    out.edict.card, out.edict.as_edict = card, name
    return out


def _named_moves(st: pb.State, seat: int, t: pb.Task | None, edict) -> list[pb.Move]:
    """The moves `edict` allows `seat` now (in the response window `t`, or at this moment),
    whatever card they will be played with."""
    if t is None:
        return edict.window_actions(st, seat, st.step) + edict.at_any_time(st, seat)
    if about(t) not in edict.answers:
        return []
    return [pb.Move(edict=actions.edict_move(-1, edict.answer_target(t)))]


class EdictTransformed(Moon):
    name, en, number = "17_edit_transforme", "Play an edict as another", 17

    def use_moves(self, st, moon, seat, t):
        if not st.moons[moon].count[seat] or (t is None and moontools.in_card_step(st)):
            return []
        held = {}  # edict kind -> its lowest card in hand
        for c in sorted(st.seats[seat].hand, reverse=True):
            if pieces.is_edict(c):
                held[CARDS[c].edict] = c
        out: list[pb.Move] = []
        for name, edict in pieces.EDICTS.items():
            cards = [c for kind, c in sorted(held.items()) if kind != name]
            if cards:
                out += [_as(m, c, name) for c in cards for m in _named_moves(st, seat, t, edict)]
        return out


MOON = EdictTransformed()
