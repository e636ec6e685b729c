"""The moons on the board, as the pieces and the flow read them: which hosted moon lies where,
for whom it acts (not stopped by an edict, not suspended for its system's owner), and the
moves a seat may make with the moons he stands on.

Low in the engine: it reads `registry` and the state only, so `pieces` (who may use his
powers, which moves a seat has) asks it without importing `moonflow`, which is above both.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from cosmodrome.games.cosmic.hooks import Moment, Moon
from cosmodrome.games.cosmic.registry import MOONS, MOONS_WITH
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

if TYPE_CHECKING:
    from cosmodrome.games.cosmic.ctx import Ctx

def moons_with(hook: str) -> frozenset[int]:
    """Numbers of the hosted moons whose piece has its own `hook` (of `hooks.Moon`): a hook
    asked at every step asks only these, the others' default answers nothing."""
    if hook not in MOONS_WITH:
        default = getattr(Moon, hook)
        MOONS_WITH[hook] = frozenset(n for n, m in MOONS.items()
                                     if getattr(type(m), hook) is not default)
    return MOONS_WITH[hook]

def victory_moons(term: str) -> frozenset[int]:
    """Numbers of the hosted moons whose victory rule (`Moon.victory`, a `hooks.Victory`) has
    `term` ("bases", "must_hold", "cancels"): the one reader of the victory rules."""
    key = f"victory.{term}"
    if key not in MOONS_WITH:
        MOONS_WITH[key] = frozenset(
            n for n in moons_with("victory") if getattr(MOONS[n].victory, term))
    return MOONS_WITH[key]

def on_board(st: pb.State) -> Iterator[tuple[int, Moon]]:
    """(index, piece) of every hosted moon on the board; each hook says when it acts."""
    for m, mo in enumerate(st.moons):
        piece = MOONS.get(mo.number)
        if piece is not None and not mo.gone and m not in st.enc.moons_zapped:
            yield m, piece

def on_board_with(st: pb.State, hook: str) -> Iterator[tuple[int, Moon]]:
    """`on_board`, kept to the moons whose piece has its own `hook`: for hooks asked at every
    step, where the others' default answers nothing."""
    having = moons_with(hook)
    for m, mo in enumerate(st.moons):
        if mo.number in having and not mo.gone:
            yield m, MOONS[mo.number]

def hear(st: pb.State, ctx: Ctx, moment: Moment,
         moons: Iterable[tuple[int, Moon]]) -> None:
    """The one dispatcher of the moments of the rules: each moon of `moons` (index, piece)
    that hears `moment.kind` (`Moon.hears`) is told."""
    for m, piece in moons:
        if moment.kind in piece.hears:
            piece.on_moment(st, ctx, m, moment)

def occupants(st: pb.State, m: int) -> list[int]:
    return [s for s, n in enumerate(st.moons[m].count) if n > 0]

def colour_of(st: pb.State, m: int) -> int:
    """M6: "la couleur du système" is the player whose home system holds the moon."""
    return st.moons[m].system

def colour_side(st: pb.State, m: int, side: int) -> bool:
    """Moon `m` is face up and main player `side` is the player of its system's colour (the
    "while face up" moons: "à condition d'être révélée bien sûr ; mais peu importe le joueur
    qui révèle cet astre")."""
    return st.moons[m].face_up and side == colour_of(st, m) and not suspended(st, m, side)

def suspended(st: pb.State, m: int, seat: int) -> bool:
    """Moon `m` does nothing for `seat`: it lies in his home system and he stands on a moon
    that takes his moons from him (50: "perd immédiatement toutes ses lunes et il ne pourra
    en regagner que lorsqu'il aura quitté cet astre")."""
    if seat < 0 or st.moons[m].system != seat:
        return False
    for k, mo in enumerate(st.moons):
        piece = MOONS.get(mo.number) if k != m and mo.count[seat] else None
        if piece is not None and not mo.gone and piece.suspends_home_moons(st, k, seat):
            return True
    return False

def acting_for(st: pb.State, m: int, seat: int) -> bool:
    """Does moon `m` act for `seat` now: not stopped by an edict, not suspended for him?"""
    return m not in st.enc.moons_zapped and (
        st.moons[m].system != seat or not suspended(st, m, seat))

def occupied_by(st: pb.State, seat: int) -> Iterator[tuple[int, Moon]]:
    """(index, piece) of the hosted moons `seat` has tokens on, but those stopped (an edict)
    or suspended for him."""
    for m, mo in enumerate(st.moons):
        if mo.count[seat] and mo.number in MOONS and acting_for(st, m, seat):
            yield m, MOONS[mo.number]

def entitles_powers(st: pb.State, seat: int) -> bool:
    """Does a moon of his home system let `seat` use all his powers although he is not
    entitled to (49: a colour moon)?"""
    for m, mo in enumerate(st.moons):
        piece = MOONS.get(mo.number) if mo.system == seat and not mo.gone else None
        if piece is not None and piece.entitles_powers(st, m, seat) \
                and not suspended(st, m, seat):
            return True
    return False

def use_moves(st: pb.State, seat: int, t: pb.Task | None = None) -> list[pb.Move]:
    """Moves `seat` may make now with the moons he stands on, by his own choice (`t`: in
    answer to the response window `t`; None: at any moment or in the card step)."""
    if not st.moons or st.seats[seat].eliminated:
        return []
    out: list[pb.Move] = []
    for m, piece in occupied_by(st, seat):
        out += piece.use_moves(st, m, seat, t)
    return out

def use(st: pb.State, ctx: Ctx, seat: int, move: pb.Move, t: pb.Task | None = None) -> None:
    """`seat` made one of `use_moves`."""
    m = move.moon_use.moon
    MOONS[st.moons[m].number].use(st, ctx, m, seat, t, move)
