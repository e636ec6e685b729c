"""The two rulesets and seed 000's extensions as options.

`classic` is seed 001 (the default); `cosmic` is seed 000 with every extension on. Each
extension is also its own option: left unset it takes its ruleset's default, set it wins,
so a host may play `classic` with lucres, or `cosmic` without extension cards. `resolve`
writes the value each one took back into the options at setup, so the state (and every
view of its options) says plainly which rules the match plays, moons included. Flares are one
more extension in the same shape (`flares/`).
"""

from __future__ import annotations

from cosmodrome.core.engine import BadOptions
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb

LUCRES_AT_SETUP = 5  # "Chaque joueur prend la somme de 5 lucres dans la Banque"
MAX_LUCRES = 1000

# extension -> (classic default, cosmic default)
DEFAULTS: dict[str, tuple[bool | int, bool | int]] = {
    "star_discs": (False, True),         # "Le tirage du disque stellaire"
    "cosmic_deck": (False, True),        # attack cards 0-50
    "extension_cards": (False, True),
    "lucres": (0, LUCRES_AT_SETUP),
    "four_piles": (False, True),         # "Constituez quatre paquets égaux"
    "consolation_from_deck": (False, True),
    "challenge_any_occupant": (False, True),
    "out_of_cards_ends_turn": (False, True),
    "flares": (False, True),             # F01-F08: powers dealt by flares, flares in the deck
}


def is_cosmic(options: pb.Options) -> bool:
    return options.ruleset == pb.RULESET_COSMIC


def check(options: pb.Options) -> None:
    """Refuse combinations that cannot be played, naming the option at fault."""
    if options.ruleset not in pb.Ruleset.values():
        raise BadOptions("ruleset: no such ruleset")
    if options.HasField("lucres") and not 0 <= options.lucres <= MAX_LUCRES:
        raise BadOptions(f"lucres must be between 0 and {MAX_LUCRES}")
    if value(options, "extension_cards") and not value(options, "cosmic_deck"):
        raise BadOptions("extension_cards needs cosmic_deck: only seed 000's deck has them")


def value(options: pb.Options, name: str) -> bool | int:
    if options.HasField(name):
        return getattr(options, name)
    return DEFAULTS[name][is_cosmic(options)]


def resolve(options: pb.Options) -> pb.Options:
    """A copy of `options` with every extension set to the value it takes."""
    out = pb.Options()
    out.CopyFrom(options)
    for name in DEFAULTS:
        setattr(out, name, value(options, name))
    if not out.moons:  # seed 000's moons: the game-effect ones in `cosmic`, none in `classic`
        out.moons = pb.MOON_SET_GAME_EFFECT if is_cosmic(options) else pb.MOON_SET_OFF
    return out
