"""What the catalog publishes of Cosmic (GetGameContent): each card, power and moon, built
field by field from the data the engine loaded, so a client learns what an id means, and what
it does, without the server's packages.

Texts: a moon's and a flare's are the content files' English lines (moons.json, flares.json);
a power's and an edict's are the summary that opens its module (powers/<name>.py,
edicts/<name>.py: "Laser, seed 001: <what it does>"), the one place the engine states it.
"""

from __future__ import annotations

import inspect
import re
import sys

from cosmodrome.core.engine import Game
from cosmodrome.games.cosmic import registry
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.moonboard import victory_moons
from cosmodrome.games.cosmic.powers import POWERS
from cosmodrome.games.cosmic.v1 import cosmic_pb2

CARD_KINDS = {"attack": cosmic_pb2.CardInfo.KIND_ATTACK,
              "compromise": cosmic_pb2.CardInfo.KIND_COMPROMISE,
              "edict": cosmic_pb2.CardInfo.KIND_EDICT,
              "extension": cosmic_pb2.CardInfo.KIND_EXTENSION,
              "flare": cosmic_pb2.CardInfo.KIND_FLARE}
# The summary's heading: "Laser, seed 001: ", "La Peste, seed 001, " (what follows is the
# text: "à n'importe quel moment": ...) or "Moon Zap, named by seed 000's moon 4 only (...);
# its text is ours, provisional (...): "
HEADING = re.compile(r"^[^:]*?seed \d+(?:,\s*|[^:]*?:\s*)", re.S)


def cosmic_content(game: Game) -> cosmic_pb2.Content:
    # seed 000's content loads on first use, as the engine loads it: importing the game must
    # not check it (a power module dropped in without its flare still plays the classic game)
    from cosmodrome.games.cosmic import content_000

    must_hold = victory_moons("must_hold")
    return cosmic_pb2.Content(
        cards=[card_info(c, content_000.FLARES) for c in CARDS],
        powers=[cosmic_pb2.PowerInfo(id=pid, name=p.name, english=p.en,
                                     mandatory=p.mandatory, text=summary(p))
                for pid, p in enumerate(POWERS)],
        moons=[cosmic_pb2.MoonInfo(number=m.number, name=m.name, beneficial=m.beneficial,
                                   english=m.en, winner_must_hold=m.number in must_hold)
               for m in content_000.MOONS])


def card_info(c, flares: dict) -> cosmic_pb2.CardInfo:
    info = cosmic_pb2.CardInfo(id=c.id, kind=CARD_KINDS[c.kind], value=c.value,
                               edict=c.edict, power=c.power)
    if c.edict and c.edict in registry.EDICTS:  # an edict without a module has no effect
        info.text = summary(registry.EDICTS[c.edict])
    flare = flares.get(c.power) if c.kind == "flare" else None
    if flare is not None:
        info.flare_name, info.wild, info.parasite = (flare.name, flare.sauvage.en,
                                                     flare.parasite.en)
    return info


def summary(piece) -> str:
    """The first paragraph of the piece's module docstring, past its heading, on one line."""
    doc = inspect.getdoc(sys.modules[type(piece).__module__]) or ""
    first = " ".join(doc.split("\n\n")[0].split())
    text = HEADING.sub("", first, count=1)
    return text[:1].upper() + text[1:]
