"""What the catalog publishes of Cosmic (GetGameContent): each card, power and moon, built
field by field from the data the engine loaded, so a client learns what an id means without
the server's packages."""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.games.cosmic.content import CARDS
from cosmodrome.games.cosmic.moonboard import victory_moons
from cosmodrome.games.cosmic.powers import POWERS
from cosmodrome.games.cosmic.v1 import cosmic_pb2

CARD_KINDS = {"attack": cosmic_pb2.CardInfo.KIND_ATTACK,
              "compromise": cosmic_pb2.CardInfo.KIND_COMPROMISE,
              "edict": cosmic_pb2.CardInfo.KIND_EDICT,
              "extension": cosmic_pb2.CardInfo.KIND_EXTENSION,
              "flare": cosmic_pb2.CardInfo.KIND_FLARE}


def cosmic_content(game: Game) -> cosmic_pb2.Content:
    # seed 000's content loads on first use, as the engine loads it: importing the game must
    # not check it (a power module dropped in without its flare still plays the classic game)
    from cosmodrome.games.cosmic import content_000

    must_hold = victory_moons("must_hold")
    return cosmic_pb2.Content(
        cards=[cosmic_pb2.CardInfo(id=c.id, kind=CARD_KINDS[c.kind], value=c.value,
                                   edict=c.edict, power=c.power) for c in CARDS],
        powers=[cosmic_pb2.PowerInfo(id=pid, name=p.name, english=p.en,
                                     mandatory=p.mandatory) for pid, p in enumerate(POWERS)],
        moons=[cosmic_pb2.MoonInfo(number=m.number, name=m.name, beneficial=m.beneficial,
                                   english=m.en, winner_must_hold=m.number in must_hold)
               for m in content_000.MOONS])
