"""Cosmic Encounter's words (GameContent.words): the notes (NoteKind), the queued tasks, the
steps, outcomes, game ends, questions, reasons and places a sentence names, and the proper
names of the edicts, powers and moons, the seed's French beside the English. The terminal
renderer and the web page take them from the catalog; their code lays them out.

Every Event case is worded here; the Move cases are still worded in the clients' code (their
words depend on the piece a move plays: a later step). Templates follow the Words message
(games.proto); "{_:format}" draws the whole message. The formats these use, which both clients
implement: who, whose, subject (a seat heading a line: "ada (you)"), others (a seat, or
"every other player" when unset), enum, yes_no, planet, moon (a moon of the View by index),
index (a 0-based index counted from 1), tokens ("3 tokens"), card, cards, shown (a card, or
"no card"), power, colour, moon_number ("n°9 Alien"), edict, who_list, other (a seat, or "the
deck"), hand ("bob's hand", or "the deck"), reason (why cards were seen: a power, an edict,
a moon or the Reason's words).
"""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.core.record import enum_phrases
from cosmodrome.games.cosmic.v1 import cosmic_pb2 as pb
from cosmodrome.v1 import games_pb2

# A note heads with the seat it is about (the layout's); these are the rest of the line.
NOTES = {
    pb.NOTE_KIND_TURN_ENDS_NO_ENCOUNTER_CARD: "no encounter card left: the turn ends",
    pb.NOTE_KIND_TOKEN_RETRIEVED: "takes a token back from the black hole",
    pb.NOTE_KIND_DESTINY_DRAWN_AGAIN: "own colour with nothing to attack at home: draw again",
    pb.NOTE_KIND_JOINS: "joins the {side:enum}",
    pb.NOTE_KIND_DECLINES: "declines to ally",
    pb.NOTE_KIND_CARD_FACE_DOWN: "plays an encounter card face down",
    pb.NOTE_KIND_NO_CARD_LOSES: "has no encounter card at all and loses the encounter",
    pb.NOTE_KIND_AUTO_WIN: "no defending tokens: the offence wins automatically",
    pb.NOTE_KIND_DEAL_STARTS: "both played a compromise: deal",
    pb.NOTE_KIND_DEAL_PROPOSED: "proposes a deal",
    pb.NOTE_KIND_DEAL_ABANDONED: "walks away from the deal",
    pb.NOTE_KIND_DEAL_MADE: "deal made",
    pb.NOTE_KIND_NO_DEAL: "no deal: each loses three tokens",
    pb.NOTE_KIND_NEW_POWER: "draws a new power",
    pb.NOTE_KIND_ELIMINATED: "eliminated: too many tokens removed from the game",
    pb.NOTE_KIND_NEW_HAND: "draws a new hand",
    pb.NOTE_KIND_CARDS_TAKEN: "takes {count} card(s) from {target:others} ({reason:enum})",
    pb.NOTE_KIND_REWARD_TAKEN: "reward: {count} card(s), {tokens} token(s) from the black hole",
    pb.NOTE_KIND_ENCOUNTER_REPLAYED: "time travel: the encounter is played again",
    pb.NOTE_KIND_CARDS_SWAPPED: "the face-down cards are swapped",
    pb.NOTE_KIND_QUESTION_ASKED: "asks {target:others}: {question:enum}",
    pb.NOTE_KIND_QUESTION_ANSWERED: "answers {yes:yes_no} to: {question:enum}",
    pb.NOTE_KIND_HANDS_EXCHANGED: "hands exchanged with {target:others}",
    pb.NOTE_KIND_CARD_PICKED: "the Laser picks the card of {target:others}",
    pb.NOTE_KIND_NO_CONSOLATION: "Gaz Stellaire: no consolation",
    pb.NOTE_KIND_POWERS_ZAPPED: "zaps the power of {target:others} for this encounter",
    pb.NOTE_KIND_ZAP_UNDONE: "un-zap: the zap has no effect",
    pb.NOTE_KIND_OUT_OF_CARDS_LOSES: "out of encounter cards: loses the encounter, turn over",
    pb.NOTE_KIND_EXTENSION_FACE_DOWN: "plays an extension card face down",
    pb.NOTE_KIND_CONSOLATION_FROM_DECK: "takes a consolation card from the deck",
    pb.NOTE_KIND_TABLE_RULE_BROKEN:
        "broke the rule of a table moon; {target:others} chooses the penalty",
    pb.NOTE_KIND_PENALTY_CARD:
        "loses a card of the hand at random to {target:others} (a table moon's penalty)",
    pb.NOTE_KIND_FOREIGN_BASES_LOST:
        "{count} foreign base(s) lost: the tokens go home (moon 32)",
}
STEPS = {
    pb.STEP_RETRIEVE: "the offence may take a token back from the black hole",
    pb.STEP_DESTINY: "the offence chooses the system to attack",
    pb.STEP_AIM: "the offence aims the cone at a planet",
    pb.STEP_LAUNCH: "the offence launches tokens",
    pb.STEP_INVITE_OFF: "the offence invites allies",
    pb.STEP_INVITE_DEF: "the defence invites allies",
    pb.STEP_ALLIES: "the invited answer",
    pb.STEP_PRE_CARDS: "powers and edicts before the cards",
    pb.STEP_CARDS: "both main players choose a card face down",
    pb.STEP_PRE_REVEAL: "powers before the reveal",
    pb.STEP_POST_REVEAL: "powers and edicts after the reveal",
    pb.STEP_RESOLVE: "the outcome",
    pb.STEP_DEAL: "both compromised: negotiating a deal",
    pb.STEP_CLEANUP: "cleanup",
    pb.STEP_NEXT: "the offence may launch another encounter",
    pb.STEP_OVER: "game over",
    pb.STEP_START_WINDOW: "start of the encounter: edicts",
    pb.STEP_ROTATION: "power rotation",
    pb.STEP_CHOOSE_POWERS: "each player keeps two of three powers",
}
OUTCOMES = {pb.OUTCOME_OFFENCE_WINS: "the offence wins",
            pb.OUTCOME_DEFENCE_WINS: "the defence wins",
            pb.OUTCOME_DEAL_DUE: "both compromised: a deal", pb.OUTCOME_NO_DEAL: "no deal",
            pb.OUTCOME_DEAL_MADE: "a deal made"}
GAME_ENDS = {pb.GAME_END_FIVE_FOREIGN_BASES: "five foreign bases",
             pb.GAME_END_LAST_PLAYER_STANDING: "last player standing",
             pb.GAME_END_TURN_LIMIT: "turn limit: a draw"}
QUESTIONS = {pb.QUESTION_HOLDS_COMPROMISE: "do you hold a compromise?",
             pb.QUESTION_HOLDS_EDICT: "do you hold an edict?",
             pb.QUESTION_HOLDS_ATTACK_10: "do you hold an attack of 10 or more?",
             pb.QUESTION_HOLDS_ATTACK_15: "do you hold an attack of 15 or more?",
             pb.QUESTION_HOLDS_ATTACK_20: "do you hold an attack of 20 or more?",
             pb.QUESTION_WILL_PLAY_COMPROMISE: "will you play a compromise in this encounter?"}
# why cards were seen or taken (where a message names the power, edict or moon, the clients
# name it instead)
REASONS = {pb.REASON_NEW_HAND: "new hand", pb.REASON_REWARD: "reward", pb.REASON_DEAL: "deal",
           pb.REASON_CONSOLATION: "consolation",
           pb.REASON_KEPT_AT_NEW_HAND: "kept at a new hand", pb.REASON_POWER: "a power",
           pb.REASON_EDICT: "an edict", pb.REASON_MOON: "a moon"}
SIDES = {pb.SIDE_OFFENCE: "offence", pb.SIDE_DEFENCE: "defence", pb.SIDE_NEITHER: "neither side"}
PLACES = {pb.PLACE_CONE: "the cone", pb.PLACE_PLANET: "{planet:planet}",
          pb.PLACE_ENCOUNTER: "the encounter",
          pb.PLACE_BASES: "their bases", pb.PLACE_BLACK_HOLE: "the black hole",
          pb.PLACE_REMOVED: "out of the game (the Void)"}
MOON_WHYS = {pb.MOON_WHY_UNSPECIFIED: "known", pb.MOON_WHY_DRAWN: "drawn",
             pb.MOON_WHY_REVEALED: "turned face up",
             pb.MOON_WHY_LANDED: "seen by who landed", pb.MOON_WHY_ACTS: "it acts"}
# What a queued task asks, by its TaskView case, worded with the task's own fields.
TASKS = {
    "task.take": "take tokens from bases ({count} left)",
    "task.take#black_hole": "take tokens from bases ({count} left, to the black hole)",
    "task.take#planet": "take tokens from bases ({count} left, to {planet:planet})",
    "task.place": "put tokens back on bases ({count} left)",
    "task.reward": "choose a defensive reward for {count:tokens}",
    "task.answer": "answer the Seeker",
    "task.mutant": "draw cards (Mutant, {count} left)",
    "task.amoeba": "add or withdraw tokens (Amoeba)",
    "task.laser": "pick the opponent's card (Laser)",
    "task.response": "answer with an edict, or pass",
    "task.plague": "discard cards (La Peste)",
    "task.tokens_lost": "say whether a power saves the {count:tokens} lost",
    "task.new_hand": "say whether a power keeps cards at the new hand",
    "task.consolation":
        "take consolation cards ({count} left: the opponent's hand or the deck)",
    "task.moon_question": "answer a moon",
    "task.victory_contest": "say whether a moon cancels the win due",
    "task.disc_redraw": "say whether a moon redraws the disc",
    "task.flares_kept": "choose the flares kept at the new hand",
    "task.table_penalty": "choose the penalty of {offender:who} for {moon:moon} (a table moon)",
    "task.unknown": "answer a question",
}
# The edicts by id: the seed's French name, and the English one where the game has one.
EDICTS = {"zap": ("Zap Cosmique", "Cosmic Zap"), "zap_sauvage": ("Zap Sauvage", ""),
          "unzap": ("Un-Zap", ""), "anneaux": ("Anneaux de Moebius", "Mobius Tubes"),
          "spheres": ("Sphères de Moebius", ""), "champ": ("Champ de Force", "Force Field"),
          "controle": ("Contrôle Émotionnel", "Emotion Control"),
          "gaz": ("Gaz Stellaire", "Ionic Gas"), "peste": ("La Peste", "Plague"),
          "moon_zap": ("Moon Zap", "Moon Zap")}
# Each Event case; a "#variant" where the case reads differently (chosen by the clients'
# layout from the event's fields: a seat set, a reason, a power's name).
EVENTS = {
    "event.note": "{kind:enum}",
    "event.note#seat": "{seat:subject}: {kind:enum}",
    "event.cards_seen": "{seat:who} saw {cards:cards}",
    "event.cards_seen#why": "{seat:who} saw {cards:cards} ({_:reason})",
    "event.cards_seen#from": "{seat:who} saw {cards:cards} from {from_seat:other}",
    "event.cards_seen#from.why":
        "{seat:who} saw {cards:cards} from {from_seat:other} ({_:reason})",
    "event.cards_seen#shown": "{seat:who} showed {cards:cards}",
    "event.cards_seen#shown.why": "{seat:who} showed {cards:cards} ({_:reason})",
    "event.cards_seen#REASON_NEW_HAND": "{seat:who} drew a new hand: {cards:cards}",
    "event.cards_seen#REASON_REWARD": "{seat:who} drew {cards:cards} as a reward",
    "event.cards_seen#REASON_CONSOLATION":
        "{seat:who} took {cards:cards} from {from_seat:hand} (consolation)",
    "event.cards_seen#REASON_DEAL": "{seat:who} got {cards:cards} from {from_seat:other} (deal)",
    "event.cards_seen#philanthrope":
        "{seat:who} got {cards:cards} from {from_seat:other} (Philanthropist)",
    "event.cards_seen#mutant":
        "{seat:who} drew {cards:cards} from {from_seat:hand} (Mutant)",
    "event.cards_seen#laser":
        "the Laser of {from_seat:other} picked {seat:whose} card: {cards:cards}",
    "event.cards_seen#oracle":
        "{from_seat:other} turned {cards:cards} face up for the Oracle ({seat:who})",
    "event.cards_seen#esprit": "{seat:who} saw {from_seat:hand}: {cards:cards} (Mind)",
    "event.cards_seen#peste": "{seat:who} saw {from_seat:hand}: {cards:cards} (La Peste)",
    "event.revealed": "cards revealed: offence {card_off:shown} (total {total_off}) vs defence "
                      "{card_def:shown} (total {total_def})",
    "event.power_used": "{seat:who} used {power:power}",
    "event.tokens_moved": "{seat:subject}: {count:tokens} from {source:enum} to "
                          "{destination:enum}",
    "event.encounter_over": "encounter over",
    "event.encounter_over#winner": "encounter over: {winner:enum}",
    "event.encounter_over#success": "encounter over (a success for the offence)",
    "event.encounter_over#winner.success":
        "encounter over: {winner:enum} (a success for the offence)",
    "event.game_over": "game over: won by {winners:who_list}",
    "event.game_over#why": "game over: won by {winners:who_list} ({why:enum})",
    "event.edict_played": "{seat:who} played {card:card}",
    "event.edict_played#as": "{seat:who} played {card:card} as {as_edict:edict}",
    "event.edict_played#target": "{seat:who} played {card:card} on {target:who}",
    "event.edict_played#as.target":
        "{seat:who} played {card:card} as {as_edict:edict} on {target:who}",
    "event.destiny": "destiny: {colour:colour} ({colour:whose} system)",
    "event.window_closed": "the window closes ({step:enum})",
    "event.moon_known": "moon {moon:index} is moon {number:moon_number} ({why:enum})",
    "event.moon_acted": "moon {number:moon_number} (moon {moon:index}) acts for {seat:who}",
    "event.flare_played": "{seat:who} played {card:card} face up: the parasite flare of "
                          "{power:power}",
    "event.flare_played#sauvage": "{seat:who} played {card:card} face up: the sauvage (his own "
                                  "power's) flare of {power:power}",
}
ENUMS = {"NoteKind": NOTES, "Step": STEPS, "Outcome": OUTCOMES, "GameEnd": GAME_ENDS,
         "Question": QUESTIONS, "Reason": REASONS, "Side": SIDES, "Place": PLACES,
         "MoonWhy": MOON_WHYS}


def names() -> dict[str, games_pb2.ProperName]:
    """Edicts, powers (and so flares) and moons by "<kind>.<id>": French beside English."""
    from cosmodrome.games.cosmic import content_000
    from cosmodrome.games.cosmic.powers import POWERS

    out = {f"edict.{e}": games_pb2.ProperName(french=fr, english=en)
           for e, (fr, en) in EDICTS.items()}
    out |= {f"power.{pid}": games_pb2.ProperName(french=p.name.capitalize(), english=p.en)
            for pid, p in enumerate(POWERS)}
    out |= {f"moon.{m.number}": games_pb2.ProperName(french=m.name)
            for m in content_000.MOONS if m.name}
    return out


def words(game: Game) -> games_pb2.Words:
    enums = {key: text for name, texts in ENUMS.items()
             for key, text in enum_phrases(pb.DESCRIPTOR.enum_types_by_name[name], texts).items()}
    return games_pb2.Words(phrases={**enums, **TASKS, **EVENTS}, names=names())
