"""MLEM's words (GameContent.words): how every client puts each Move and Event into a sentence,
and the names of the enums those sentences use. The one source: the terminal renderer and the
web page render from these templates; their code only lays them out.

Keys and templates follow the Words message (games.proto): "{path:format}" names a field of
the message worded and how to draw it. The formats MLEM's words use, which each client
implements: who (a seat), cat (its owner's and kind), cats, enum (the value's own phrase),
faces ("1+3"), face_list ("1, booster"), dice ("3 dice"), roll (dice shown, bonus ones),
space (a track space, with the layout where known), flight (": fly 5 to space 9", or nothing),
place (a place in the rocket, 1 being the Commander's), scores (each seat's), who_list.
"""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.core.record import enum_phrases
from cosmodrome.games.mlem.v1 import mlem_pb2 as pb
from cosmodrome.v1 import games_pb2

MOVES = {
    "move.send_cat": "send your {kind:enum} cat",
    "move.use_groups": "use dice groups {faces:faces}{faces:flight}",
    "move.land": "disembark at {space:space}",
    "move.land#parachute": "parachute down at {space:space}",
    # staying aboard, by the decision it answers (Decision.kind)
    "move.land#stay": "stay aboard (after a crash: go home)",
    "move.land#stay.land": "stay aboard",
    "move.land#stay.parachute": "go home (no parachute jump)",
}
EVENTS = {
    "event.cat_boarded": "{cat:cat} boards the rocket in place {position:place}",
    "event.cat_boarded#commander": "{cat:cat} boards the rocket as Commander",
    "event.take_off": "expedition {expedition} takes off from space {space} with {pool:dice}; "
                      "aboard: {rocket:cats} (Commander first)",
    "event.dice_rolled": "rolled {roll:roll} at space {space}; faces allowed there: "
                         "{allowed:face_list}",
    "event.rocket_moved": "rocket flew from space {from_space} to space {to_space} with dice "
                          "groups {faces:faces}; {pool:dice} left in the pool",
    "event.crashed": "CRASH at space {space}! Cosmic Failure now at {failure}",
    "event.landed": "{cat:cat} landed {site:enum}",
    "event.landed#parachute": "{cat:cat} landed {site:enum} by parachute",
    "event.stayed_aboard": "{cat:cat} stays aboard",
    "event.cats_returned": "back home: {cats:cats}",
    "event.objective_claimed": "{seat:who} claimed the objective '{objective:enum}'",
    "event.expedition_ended": "expedition {expedition} over; {next_starting_seat:who} "
                              "{next_starting_seat:leads} the next one",
    "event.expedition_ended#crashed": "expedition {expedition} over (crashed); "
                                      "{next_starting_seat:who} {next_starting_seat:leads} "
                                      "the next one",
    "event.game_ended": "game over: {scores:scores}; won by {winners:who_list}",
    "event.game_ended#reason": "game over: {scores:scores}; won by {winners:who_list} "
                               "({reason})",
    "event.die_taken": "{cat:cat} took a die away: {pool:dice} left in the pool",
}
ENUMS = {
    "CatKind": {pb.CAT_KIND_PLANET_DOUBLE: "planet-double", pb.CAT_KIND_MOON_DOUBLE: "moon-double",
                pb.CAT_KIND_DEEP_DOUBLE: "deep-double", pb.CAT_KIND_DIE_TAKER: "die-taker",
                pb.CAT_KIND_DIE_ONE: "die-one", pb.CAT_KIND_PARACHUTE: "parachute",
                pb.CAT_KIND_SHIFTER: "shifter", pb.CAT_KIND_SATELLITE: "satellite"},
    "Face": {pb.FACE_ONE: "1", pb.FACE_TWO: "2", pb.FACE_THREE: "3", pb.FACE_FOUR: "4",
             pb.FACE_BOOSTER: "booster"},
    "Phase": {pb.PHASE_TAKEOFF: "take-off: each seat in turn boards one of its cats, in the open",
              pb.PHASE_TRAVEL: "travel: the Commander picks dice groups",
              pb.PHASE_LANDING: "landing: in rocket order, stay aboard or disembark",
              pb.PHASE_PARACHUTE: "crash: parachute cats may jump",
              pb.PHASE_OVER: "game over"},
    "Objective": {pb.OBJECTIVE_FOUR_PLANETS: "4 on 4 planets",
                  pb.OBJECTIVE_THREE_ON_ONE: "3 on one planet",
                  pb.OBJECTIVE_FOUR_MOONS: "4 on 4 moons",
                  pb.OBJECTIVE_TWO_DEEP: "2 in Deep Space"},
    # where a cat landed, worded with the Landed event's own fields
    "Site": {pb.SITE_UNSPECIFIED: "at space {space}",
             pb.SITE_MOON: "on moon {moon_number} (space {space})",
             pb.SITE_PLANET: "on planet {planet} (space {space})",
             pb.SITE_COMET: "on the Comet", pb.SITE_GALAXY: "in the Galaxy"},
}


def words(game: Game) -> games_pb2.Words:
    enums = {key: text for name, texts in ENUMS.items()
             for key, text in enum_phrases(pb.DESCRIPTOR.enum_types_by_name[name], texts).items()}
    return games_pb2.Words(phrases={**MOVES, **EVENTS, **enums})
