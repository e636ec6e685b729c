"""Cosmic Encounter's words (GameContent.words): the notes (NoteKind), the queued tasks, the
steps, outcomes, game ends, questions, reasons and places a sentence names, and the proper
names of the edicts, powers and moons, the seed's French beside the English. The terminal
renderer and the web page take them from the catalog; their code lays them out.

Every Move and Event case is worded here, with "#variants" the clients' layout picks: by the
decision a move answers (`move.done#retrieve`), by the piece it plays (`move.power#laser`,
`move.edict#zap`), by a field (`move.aim#nobody`). Templates follow the Words message
(games.proto); "{_:format}" draws the whole message. The formats these use, which both clients
implement: who, whose, subject (a seat heading a line: "ada (you)"), others (a seat, or
"every other player" when unset), enum, yes_no, planet, body (a planet or a moon of the View
by body number), moon (a moon of the View by index), index (a 0-based index counted from 1),
tokens ("3 tokens"), card_count ("2 cards"), card (or "a card" when unset), cards, shown (a
card, or "no card"), power, colour, moon_number ("n°9 Alien"), edict, who_list, other (a
seat, or "the deck"), hand ("bob's hand", or "the deck"), reason (why cards were seen: a
power, an edict, a moon or the Reason's words), played (an edict card as played:
`move.edict#played`), power_use (a UsePower in its `move.power` words), offer (the deal on
the View's table), beside (where a moved moon now lies).
"""

from __future__ import annotations

from cosmodrome.core.engine import Game
from cosmodrome.core.record import enum_phrases
from cosmodrome.games.cosmic.powers import POWERS
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
POWER_SCOPES = {pb.POWER_SCOPE_UNSPECIFIED: "power", pb.POWER_SCOPE_MAIN: "main power",
                pb.POWER_SCOPE_SECONDARY: "secondary powers"}
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
# The edicts by id: the seed's French name and an English one (ours where the classic game
# has none: Wild Cosmic Zap, Un-Zap, Mobius Spheres).
EDICTS = {"zap": ("Zap Cosmique", "Cosmic Zap"),
          "zap_sauvage": ("Zap Sauvage", "Wild Cosmic Zap"), "unzap": ("Un-Zap", "Un-Zap"),
          "anneaux": ("Anneaux de Moebius", "Mobius Tubes"),
          "spheres": ("Sphères de Moebius", "Mobius Spheres"),
          "champ": ("Champ de Force", "Force Field"),
          "controle": ("Contrôle Émotionnel", "Emotion Control"),
          "gaz": ("Gaz Stellaire", "Ionic Gas"), "peste": ("La Peste", "Plague"),
          "moon_zap": ("Moon Zap", "Moon Zap")}
# Each Move case; a "#variant" where the case reads differently (chosen by the clients' layout:
# the decision's kind, the piece played, a field).
MOVES = {
    "move.done": "done / pass",
    "move.done#retrieve": "take no token back",
    "move.done#invite": "stop inviting",
    "move.done#window": "pass",
    "move.done#edict_response": "pass",
    "move.done#another": "end your turn",
    "move.done#rotation": "keep your power",
    "move.done#take_token": "done: take no more tokens",
    "move.done#amoeba": "done with the Amoeba",
    "move.done#encounter_card": "done: no more attack cards under the extension",
    "move.done#victory_contest": "let the win stand",
    "move.planet": "choose {planet:body}",
    "move.planet#retrieve": "bring a token back from the black hole to {planet:body}",
    "move.planet#take_token": "take a token from {planet:body}",
    "move.planet#place_token": "put a token on {planet:body}",
    "move.planet#amoeba": "add a token from {planet:body}",
    "move.planet#table_penalty":
        "send a token from {planet:body} to the black hole (the table moon's penalty)",
    "move.planet#moon": "answer the moon: {planet:body}",
    "move.aim": "aim at {planet:body}, defended by {defense:who}",
    "move.aim#nobody": "aim at {planet:body}, nobody there (automatic win)",
    "move.invite": "invite {seat:who}",
    "move.join": "stay out",
    "move.join#SIDE_OFFENCE": "join the offence",
    "move.join#SIDE_DEFENCE": "join the defence",
    "move.card": "play {card:card} face down",
    "move.card#plague_discard": "discard {card:card}",
    "move.power": "use {power:power}",
    "move.power#target": "use {power:power} on {target:who}",
    "move.power#chercheur": "use {power:power}: ask {target:who}: {question:enum}",
    "move.power#philanthrope": "use {power:power}: give {card:card} to {target:who}",
    "move.power#echangeur": "use {power:power}: swap hands with {target:who}",
    "move.power#esprit": "use {power:power}: see {target:whose} hand",
    "move.power#mutant": "use {power:power}: draw cards up to seven",
    "move.power#laser": "use {power:power}: pick {target:whose} card for them",
    "move.power#amibe": "use {power:power}: add or withdraw tokens",
    "move.power#sorcier": "use {power:power}: swap the face-down cards",
    "move.power#chronos":
        "use {power:power}: take your card back and play the encounter again",
    "move.power#clone": "use {power:power}: take back your {card:card}",
    "move.power#voleur": "use {power:power}: take {target:whose} {card:card}",
    "move.reward": "reward: {cards:card_count}, the rest as tokens back from the black hole",
    "move.deal_edit": "deal: edit {what}",
    "move.deal_edit#DEAL_TERM_OFFER_BASE": "deal: offer a base on {planet:planet}",
    "move.deal_edit#DEAL_TERM_ASK_BASE": "deal: ask for a base on {planet:planet}",
    "move.deal_edit#DEAL_TERM_GIVE_CARD": "deal: give {card:card}",
    "move.deal_edit#DEAL_TERM_ASK_RANDOM_CARD": "deal: ask for one more card at random",
    "move.deal_edit#DEAL_TERM_CLEAR": "deal: clear your draft",
    "move.deal_edit#DEAL_TERM_FREE_TOKEN":
        "deal: free one of their tokens from the black hole (Zombie)",
    "move.deal_propose": "deal: propose your draft",
    "move.deal_accept": "deal: accept the offer on the table",
    "move.deal_accept#offer": "deal: accept the offer on the table ({_:offer})",
    "move.deal_abandon": "deal: walk away (no deal: each loses three tokens to the black hole)",
    # an edict: "{_:played}" is the card as played ("#played" words), then what it does
    "move.edict#played": "play {card:card}",
    "move.edict#played.as": "play {card:card} as {as_edict:edict}",
    "move.edict": "{_:played}",
    "move.edict#target": "{_:played} on {target:who}",
    "move.edict#peste": "{_:played} on {target:who}",
    "move.edict#zap": "{_:played}: zap {target:whose} {powers:enum}",
    "move.edict#zap_sauvage": "{_:played}: zap every other player's main powers",
    "move.edict#zap_sauvage.secondary":
        "{_:played}: zap every other player's secondary powers",
    "move.edict#unzap": "{_:played}: cancel the zap",
    "move.edict#champ": "{_:played}: send every ally home",
    "move.edict#champ.target": "{_:played}: send {target:whose} tokens home",
    "move.edict#controle": "{_:played}: both cards count as compromises",
    "move.edict#gaz": "{_:played}: no consolation",
    "move.edict#moon_zap": "{_:played}: free {target:whose} tokens from the prison",
    "move.edict#moon_zap.moon": "{_:played}: stop {moon:moon} this encounter",
    "move.edict#anneaux": "{_:played}: everyone's tokens come back from the black hole",
    "move.edict#spheres": "{_:played}: your tokens come back from the black hole",
    "move.answer#yes": "answer yes",
    "move.answer": "answer no",
    "move.answer#answer.yes": "yes, I will play a compromise",
    "move.answer#answer": "no, I will not play a compromise",
    "move.answer#tokens_lost.yes": "yes: your power saves the lost tokens",
    "move.answer#tokens_lost": "no: let them go",
    "move.answer#new_hand.yes": "yes: keep your edicts (shown to all)",
    "move.answer#new_hand": "no: discard the hand",
    "move.answer#disc_redraw.yes": "yes: set the disc aside and draw another (the moon)",
    "move.answer#disc_redraw": "no: keep the disc drawn",
    "move.withdraw": "withdraw a token to {planet:body}",
    "move.pick": "pick {index:index}",
    "move.pick#laser_pick": "pick face-down card {index:index}",
    "move.another": "launch another encounter",
    "move.system": "attack the {seat:colour} system ({seat:whose})",
    "move.system#own": "attack your own system",
    "move.keep_power": "discard {power:power} (keep the other two)",
    "move.auto_pass": "stop auto-passing: be asked in windows again",
    "move.auto_pass#on": "pass this and every window and response from now on (auto-pass)",
    "move.new_power": "draw a new power",
    "move.consolation": "take a consolation card from the deck",
    "move.consolation#CARD_SOURCE_HAND":
        "take a consolation card at random from the opponent's hand",
    "move.draw": "draw from the deck",
    "move.draw#seat": "draw a card at random from {seat:whose} hand",
    "move.moon_choice": "answer the moon",
    "move.moon_choice#POWERS_PASSED_MAIN": "the moon passes the main powers",
    "move.moon_choice#POWERS_PASSED_SECONDARY": "the moon passes the secondary powers",
    "move.moon_choice#POWERS_PASSED_ALL": "the moon passes every power",
    "move.moon_use": "use {moon:moon}, which you stand on",
    "move.moon_use#power": "reveal {moon:moon}: swap {power:power} for a power not in play",
    "move.moon_use#encounter_card": "use {moon:moon} for your cards (extension or three cards)",
    "move.moon_use#edict_response": "use {moon:moon}: cancel the zap",
    "move.cancel_victory": "cancel the win of {seat:who} with the moon",
    "move.transform": "transform the revealed {card:card} with the moon",
    "move.move_moon": "move {moon:moon} beside {_:beside}",
    "move.flare": "play {card:card} face up",
    "move.flare#use": "play {card:card} face up: {use:power_use}",
    "move.flares_kept": "keep {cards:cards}, discard the others",
    "move.flares_kept#none": "keep no flare, discard the others",
    "move.report": "report {offender:who}: the rule of {moon:moon} (a table moon) is broken",
    "move.penalty_card": "take a random card of his hand (the table moon's penalty)",
}
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
         "Question": QUESTIONS, "PowerScope": POWER_SCOPES, "Reason": REASONS, "Side": SIDES,
         "Place": PLACES,
         "MoonWhy": MOON_WHYS}


def names() -> dict[str, games_pb2.ProperName]:
    """Edicts, powers (and so flares) and moons by "<kind>.<id>": French beside English."""
    from cosmodrome.games.cosmic import content_000  # on first use, as in published.py

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
    return games_pb2.Words(phrases={**enums, **TASKS, **MOVES, **EVENTS}, names=names())
