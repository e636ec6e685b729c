"""Crafting the Cosmos's words (GameContent.words): every Move and Event case and the enum
values those sentences name, which the terminal and the web page fill ("#variants" picked by
the clients' layout from the decision answered or a field). Formats: name (a seat heading a
line), whose, control (a Control's words, or "an empty slot"), tile, power, held, element
(its words), display_card (the control of the display slot taken), seat_points ("ada 3, ...",
or "nobody"), move (the Played move in these same words).
"""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.core.record import enum_phrases
from cosmodrome.games.crafting.v1 import crafting_pb2 as pb
from cosmodrome.v1 import games_pb2

MOVES = {
    "move.shift_energy": "move your energy token one control clockwise",
    "move.shift_energy#dark": "move dark token {dark} one control clockwise",
    "move.end_shifts": "stop moving energy and collect",
    "move.take_energy": "draw an energy card from the deck",
    "move.take_energy#slot": "take the {slot:display_card} card from the display",
    "move.choose_size": "take a nebula tile of size {size}",
    "move.place_star": "place an {element:enum} star",
    "move.place_nebula": "place {tile:tile}",
    "move.place_life": "place a proto-life",
    "move.complete_nebula": "complete the nebula on space {cell}",
    "move.discharge": "discharge a time crystal",
    "move.create_advanced_life": "create advanced life on space {cell}",
    "move.use_supernova": "spend a supernova: turn a star to its supernova face",
    "move.use_dna": "spend a DNA: stabilise a proto-life",
    "move.use_graviton": "spend a graviton: move a star or a life",
    "move.buy_power": "buy a {type:control} power card",
    "move.keep_power": "keep {card:power}",
    "move.activate_power": "activate {card:power}",
    "move.trade_five": "trade five {type:control} cards for 6 points",
    "move.end_turn": "{omega:enum}",
    "move.pick": "space {space}",
    "move.pick#life": "life space {space}",
    "move.pick#nebula": "nebula space {space}",
    "move.choose_element": "an {element:enum} star",
    "move.discard_energy": "discard a {type:control} card",
}
EVENTS = {
    "event.played": "{seat:name}: {move:move}",
    "event.collected": "{seat:name} collects {gain:enum}",
    "event.card_drawn": "you drew a {type:control} energy card",
    "event.tile_drawn": "{seat:name} draws {tile:tile}",
    "event.crystal_charged": "{seat:whose} time crystal is charged",
    "event.crystal_charged#new": "{seat:whose} time crystal is charged; a new crystal starts",
    "event.scored": "{seat:name} scores {points} for {reason:enum}",
    "event.powers_drawn": "you drew power cards {cards:powers}",
    "event.advanced_life_drawn": "your advanced life on space {cell} is worth {value}",
    "event.lost": "{seat:name} loses {held:held}",
    "event.objective_revealed": "objective {card} is revealed",
    "event.objective_scored": "objective {card} scores: {points:seat_points}",
    "event.round_ended": "round {round} ends; {first_player:name} starts the next",
    "event.game_ended": "game over (the end): {scores:seat_points}",
    "event.game_ended#reason": "game over ({reason}): {scores:seat_points}",
}
ENUMS = {
    "Control": {pb.CONTROL_LIGHT: "Light", pb.CONTROL_TIME: "Time",
                pb.CONTROL_GRAVITY: "Gravity", pb.CONTROL_CHEMISTRY: "Chemistry"},
    "Element": {pb.ELEMENT_H: "H", pb.ELEMENT_O: "O", pb.ELEMENT_HE: "He", pb.ELEMENT_C: "C"},
    "Gain": {pb.GAIN_ENERGY_CARD: "an energy card", pb.GAIN_CRYSTAL: "a crystal advance",
             pb.GAIN_GRAVITON: "a graviton", pb.GAIN_PROTO_LIFE: "a proto-life",
             pb.GAIN_STAR_H: "an H star", pb.GAIN_STAR_O: "an O star",
             pb.GAIN_STAR_HE: "an He star", pb.GAIN_STAR_C: "a C star", pb.GAIN_DNA: "a DNA",
             pb.GAIN_SUPERNOVA: "a supernova", pb.GAIN_NEBULA: "a nebula tile",
             pb.GAIN_POINTS: "a point"},
    "Omega": {pb.OMEGA_NEBULA: "omega: gain a nebula tile",
              pb.OMEGA_STABILIZE: "omega: stabilise a proto-life",
              pb.OMEGA_NONE: "end the turn (no omega possible)",
              pb.OMEGA_UNSPECIFIED: "end the turn"},
    "Reason": {pb.REASON_NEBULA: "a completed nebula", pb.REASON_DISCHARGE: "a crystal discharge",
               pb.REASON_TRADE_FIVE: "five identical cards", pb.REASON_OBJECTIVE: "an objective",
               pb.REASON_POWER: "a power card", pb.REASON_ADVANCED_LIFE: "advanced life",
               pb.REASON_UNSPECIFIED: "points"},
    "Phase": {pb.PHASE_ENERGY_MOVE: "energy phase: moving energy tokens",
              pb.PHASE_COLLECT: "energy phase: collecting", pb.PHASE_CREATION: "creation phase",
              pb.PHASE_HAND_LIMIT: "end of round: hand limit", pb.PHASE_OVER: "game over"},
}


def words(game: Game) -> games_pb2.Words:
    enums = {key: text for name, texts in ENUMS.items()
             for key, text in enum_phrases(pb.DESCRIPTOR.enum_types_by_name[name], texts).items()}
    return games_pb2.Words(phrases={**MOVES, **EVENTS, **enums})
