"""The terminal's per-game renderers (cosmodrome_client.renderers) on real views: matches
played a few moves by bots against the real server, then drawn as a seat sees them."""

from __future__ import annotations

import random
import re

import pytest
from google.protobuf.message import Message

from cosmodrome.api.content import game_content
from cosmodrome.games import records
from cosmodrome.games.cosmic.v1 import cosmic_pb2
from cosmodrome.games.crafting.v1 import crafting_pb2
from cosmodrome.games.mlem.v1 import mlem_pb2
from cosmodrome.v1 import match_pb2
from cosmodrome_client import Client, RandomBot, game_view, unwrap
from cosmodrome_client.errors import MoveNoLongerLegal, StaleVersionError
from cosmodrome_client.renderers import RENDERERS, Context
from cosmodrome_client.renderers import cosmic as cosmic_text
from cosmodrome_client.renderers import mlem as mlem_text
from cosmodrome_client.terminal import context, describe_event, describe_move, one_line, render

FINISHED = match_pb2.MATCH_STATUS_FINISHED


async def seated(client: Client, game: str, names: list[str], seed: int = 1, options=None):
    match = await client.create_match(game, options, players=len(names), seed=seed)
    return [await client.join(match.match_id, seat=i, name=n) for i, n in enumerate(names)]


async def bots_move(seats, bots, moves: int, until=None) -> None:
    """The bots make `moves` moves between them (fewer if the match ends, or as soon as
    `until(seat 0's MatchView)` holds)."""
    made = 0
    while made < moves:
        acted = False
        for seat, bot in zip(seats, bots, strict=True):
            view = await seat.view()
            if view.match.status == FINISHED or (until and until(await seats[0].view())):
                return
            decisions = seat.decisions(view)
            if not decisions:
                continue
            d = decisions[0]
            try:
                await seat.submit(bot.choose(game_view(view), d.kind, d.options),
                                  expected_version=view.match.version)
            except (MoveNoLongerLegal, StaleVersionError):
                continue
            made += 1
            acted = True
        assert acted, "some seat owes a decision while the match is on"


async def events_of(seat, game: str) -> list[tuple[Message, str]]:
    """Every event the seat may see so far, with its description as the seat's screen has it."""
    view = await seat.view()
    ctx = context(view, content=await seat.client.game_content(game),
                  words=await seat.client.game_words(game))
    return [(unwrap(e), describe_event(game, unwrap(e), ctx))
            for entry in await seat.log() for e in entry.events]


def generic(message: Message) -> set[str]:
    """What the terminal shows for a message no renderer knows."""
    return {one_line(message, 100), one_line(message, 400)}


def oneof_kinds(message_type: type[Message]) -> list[Message]:
    """One message of each kind of the type's `kind` oneof (from the descriptor, so a kind
    added to the proto later is in the list)."""
    out = []
    for field in message_type.DESCRIPTOR.oneofs_by_name["kind"].fields:
        m = message_type()
        getattr(m, field.name).SetInParent()
        out.append(m)
    return out


# ------------------------------------------------------------------------------- MLEM

NAMES = ["ada", "bob", "cy"]


async def test_mlem_screen_shows_the_track_the_rocket_and_every_players_board(server, client):
    content, words = await client.game_content("mlem"), await client.game_words("mlem")
    seats = await seated(client, "mlem", NAMES, seed=3)
    bots = [await client.game_bot("mlem", seed=i) for i in range(3)]
    # a few moves in, with cats aboard a rocket that is flying
    await bots_move(seats, bots, 40, until=lambda v: game_view(v).phase == mlem_pb2.PHASE_TRAVEL
                    and game_view(v).expedition >= 2)
    view = await seats[0].view()
    gv = game_view(view)
    assert gv.phase == mlem_pb2.PHASE_TRAVEL and gv.rocket, "a flight in progress"
    screen = "\n".join(render(view, content=content, words=words))
    ctx = context(view, content=content, words=words)
    assert "seat 0: ada  <- you" in screen and "seat 1: bob" in screen
    assert f"Expedition {gv.expedition} - travel" in screen
    assert f"Cosmic Failure: {gv.failure}/11" in screen
    assert re.search(r"^Track:  E\.+o", screen, re.M), "the track, space by space"
    caret = re.search(r"^Rocket: ( *)\^ space (\d+)", screen, re.M)
    assert caret and len(caret.group(1)) == gv.space == int(caret.group(2))
    commander = gv.rocket[0]
    aboard = re.search(r"^Aboard: (.*)$", screen, re.M).group(1)
    assert aboard.startswith(f"{mlem_text.cat(commander, ctx)} (Commander)")
    assert aboard.count(",") == len(gv.rocket) - 1
    dice = " ".join(mlem_text.FACES[f] for f in gv.roll.dice)
    assert re.search(rf"^Dice: \d+ dic?e? in the pool; last roll: {re.escape(dice)}", screen,
                     re.M)
    for planet in ("Ferrus", "Azura", "Verdis", "Aurum", "Nimbus"):
        assert re.search(rf"^  {planet} \(\d+/\d+/\d+\): ", screen, re.M)
    landed = [m for m in gv.moons if m.occupied]
    assert landed, "cats landed on moons in the first expedition"
    for m in landed:
        assert f"  moon {m.number} (" in screen and mlem_text.cat(m.cat, ctx) in screen
    for s, name in enumerate(NAMES):
        you = " (you)" if s == 0 else ""
        assert f"  seat {s} {name}{you}: {gv.scores[s]} pts" in screen
        home = len(gv.boards[s].home)
        assert re.search(rf"^    {home} cats? at home: ", screen, re.M)
    # the Commander's options, as a person reads them
    commander_seat = seats[commander.owner]
    [decision] = commander_seat.decisions(await commander_seat.view())
    ctx = context(await commander_seat.view(), decision.kind, content, words)
    for option in decision.options:
        text = describe_move("mlem", option, ctx)
        assert re.fullmatch(r"use dice groups [1-4B+booster]+: fly \d+ to space \d+.*", text)


async def test_mlem_take_off_shows_who_boarded_what_and_who_is_still_to_board(server, client):
    content, words = await client.game_content("mlem"), await client.game_words("mlem")
    seats = await seated(client, "mlem", NAMES, seed=5)
    view = await seats[0].view()
    [pick] = seats[0].decisions(view)
    mine = pick.options[-1]
    await seats[0].submit(mine)
    view = await seats[1].view()
    screen = "\n".join(render(view, content=content))
    assert "still to board: you, cy" in screen
    kind = mlem_text.cat_kind(mine.send_cat.kind, context(view, words=words))
    watched = await client.spectate(view.match.match_id).view()
    spectator = "\n".join(render(watched, content=content))
    assert "still to board: bob, cy" in spectator
    events = [text for _, text in await events_of(seats[1], "mlem")]
    assert any(f"{kind}" in text and "boards the rocket as Commander" in text
               for text in events), events


async def test_mlem_events_of_a_played_match_are_all_in_words(server, client):
    seats = await seated(client, "mlem", NAMES, seed=7)
    await bots_move(seats, [await client.game_bot("mlem", seed=i) for i in range(3)], 60)
    seen = await events_of(seats[0], "mlem")
    kinds = {event.WhichOneof("kind") for event, _ in seen}
    assert {"take_off", "dice_rolled", "rocket_moved", "landed"} <= kinds
    for event, text in seen:
        assert text not in generic(event), text
        assert "{" not in text and "CAT_KIND" not in text and "FACE_" not in text, text


# ------------------------------------------------------------------------------- Cosmic

COSMIC_NAMES = ["ada", "bob", "cy", "dee"]


async def test_cosmic_screen_shows_my_hand_and_only_the_size_of_the_others(server, client):
    content = await client.game_content("cosmic")
    seats = await seated(client, "cosmic", COSMIC_NAMES, seed=11)
    bots = [await client.game_bot("cosmic", seed=i) for i in range(4)]
    await bots_move(seats, bots, 60, until=lambda v: game_view(v).enc.HasField("planet")
                    and game_view(v).step >= cosmic_pb2.STEP_ALLIES)
    view = await seats[0].view()
    gv = game_view(view)
    e = gv.enc
    assert e.HasField("planet") and not gv.finished, "an encounter in progress"
    screen = "\n".join(render(view, content=content))
    ctx = context(view, content=content)
    assert "seat 0: ada  <- you" in screen and "seat 3: dee" in screen
    colours = ("red", "blue", "green", "black")  # docs/rules/cosmic.md, seats 0-3
    for s, name in enumerate(COSMIC_NAMES):
        sv = gv.seats[s]
        you = " (you)" if s == 0 else ""
        assert re.search(rf"^  seat {s} {name}{re.escape(you)} \[{colours[s]}\].*: "
                         rf"{sv.home_bases} home \+ {sv.foreign_bases} foreign bases$",
                         screen, re.M), (s, screen)
        hand = f"hand {sv.hand_size} card{'' if sv.hand_size == 1 else 's'}"
        powers = ", ".join(cosmic_text.power(p, ctx) for p in sv.powers) or "secret"
        assert re.search(rf"^    power: {re.escape(powers)}[^;]*; {hand}(;|$)", screen, re.M), s
        home = " ".join(str(gv.planets[p].count[s] or "-") for p in range(s * 5, s * 5 + 5))
        assert re.search(rf"^    tokens: home {home}(;|$)", screen, re.M), s
    assert gv.seats[0].powers and "secret" not in screen.split("seat 1 bob")[0], \
        "my own power is always shown"
    def listed(cards) -> str:
        return cosmic_text.card_list(sorted(cards, key=lambda c: cosmic_text._card_order(c, ctx)),
                                     ctx)
    mine = listed(gv.my_hand)
    assert f"Your hand: {mine}" in screen
    assert screen.count("Your hand:") == 1
    for s in (1, 2, 3):  # another seat's hand is a number: its cards are never listed
        theirs = game_view(await seats[s].view()).my_hand
        if len(theirs) > 1 and listed(theirs) != mine:
            assert listed(theirs) not in screen, s
    off, de = e.offense, e.defense
    assert (f"Encounter {e.number}: {ctx.who(off)} [{colours[off]}] on the offence, attacking "
            f"{cosmic_text.planet(e.planet)} defended by {ctx.who(de)} [{colours[de]}]") in screen
    assert re.search(rf"^  offence: {e.cone_off[off]} tokens? on the cone", screen, re.M)
    assert re.search(r"^Black hole \(the warp\): ", screen, re.M)
    watched = await client.spectate(view.match.match_id).view()
    spectator = "\n".join(render(watched, content=content))
    assert "Your hand" not in spectator and "(you)" not in spectator
    assert mine not in spectator or len(gv.my_hand) < 2


async def test_cosmic_face_down_cards_stay_face_down_for_the_others(server, client):
    content, words = await client.game_content("cosmic"), await client.game_words("cosmic")
    options = cosmic_pb2.Options(powers=["none", "none"], first_player=0)
    seats = await seated(client, "cosmic", ["ada", "bob"], seed=2, options=options)
    bots = [RandomBot(0), RandomBot(1)]
    await bots_move(seats, bots, 60,
                    until=lambda v: game_view(v).step == cosmic_pb2.STEP_CARDS)
    view = await seats[1].view()
    assert game_view(view).step == cosmic_pb2.STEP_CARDS
    [decision] = seats[1].decisions(view)
    assert decision.kind == "encounter_card"
    ctx = context(view, decision.kind, content, words)
    played = decision.options[0]
    text = describe_move("cosmic", played, ctx)
    assert text == f"play {cosmic_text.card(played.card.card, ctx)} face down"
    await seats[1].submit(played)
    bob = game_view(await seats[1].view())
    side = "offence" if bob.enc.offense == 1 else "defence"
    other = "defence" if side == "offence" else "offence"
    card = cosmic_text.card(played.card.card, ctx)
    assert re.search(rf"^  cards: .*{side} {re.escape(card)} \(yours\)",
                     "\n".join(render(await seats[1].view(), content=content)), re.M)
    for viewer in (seats[0], client.spectate(seats[0].match_id)):
        screen = "\n".join(render(await viewer.view(), content=content))
        assert re.search(rf"^  cards: .*{side} face down", screen, re.M), screen
        assert re.search(rf"{other} not yet chosen", screen), screen


async def test_cosmic_events_of_a_played_match_are_all_in_words(server, client):
    seats = await seated(client, "cosmic", COSMIC_NAMES[:3], seed=5)
    await bots_move(seats, [await client.game_bot("cosmic", seed=i) for i in range(3)], 120)
    seen = await events_of(seats[0], "cosmic")
    kinds = {event.WhichOneof("kind") for event, _ in seen}
    assert {"note", "cards_seen", "destiny", "tokens_moved"} <= kinds
    for event, text in seen:
        assert text not in generic(event), text
        assert "{" not in text and "#" not in text, text


# ------------------------------------------------------------------------------- every kind

def fill_plain(template: str) -> str:
    """A template's words after its last placeholder (what any filling ends with)."""
    return template.rsplit("}", 1)[-1]


def catalog_words(game: str) -> Message | None:
    """The game's words as the catalog publishes them (GameContent.words), if any."""
    content = game_content(records()[game])
    return content.words if content.HasField("words") else None


@pytest.mark.parametrize("game, module", [("mlem", "mlem_pb2"), ("cosmic", "cosmic_pb2"),
                                          ("crafting", "crafting_pb2")])
def test_every_move_and_event_kind_has_a_description(game, module):
    """A kind added to a game's Move or Event oneof without a description fails here."""
    pb = {"mlem_pb2": mlem_pb2, "cosmic_pb2": cosmic_pb2, "crafting_pb2": crafting_pb2}[module]
    renderer = RENDERERS[game]
    ctx = Context(names=("ada", "bob"), viewer=0, words=catalog_words(game))
    for message in [*oneof_kinds(pb.Move), *oneof_kinds(pb.Event)]:
        render = renderer.move if isinstance(message, pb.Move) else renderer.event
        text = render(message, ctx)
        kind = message.WhichOneof("kind")
        assert text, f"{game}: no description for {type(message).__name__} {kind}"
        assert text not in generic(message) and "{" not in text, (kind, text)
        describe = describe_move if isinstance(message, pb.Move) else describe_event
        assert describe(game, message, ctx) == text


@pytest.mark.parametrize("game", ["mlem", "cosmic", "cosmic_ruleset", "crafting"])
def test_renderers_draw_every_view_move_and_event_of_whole_random_games(game):
    """In process, whole random games: every view (a seat's and a spectator's), every option
    and every event is drawn by the game's renderer, never by the generic fallback (which the
    terminal would show instead of a renderer that fails)."""
    if game == "mlem":
        from cosmodrome.games.mlem.rules import Mlem as Engine
        options = mlem_pb2.Options()
    elif game == "crafting":
        from cosmodrome.games.crafting.rules import Crafting as Engine
        options = crafting_pb2.Options()
    else:  # cosmic_ruleset: seed 000's (extension cards, lucres, piles, consolation source)
        from cosmodrome.games.cosmic.rules import Cosmic as Engine
        options = cosmic_pb2.Options(ruleset=cosmic_pb2.RULESET_COSMIC if game != "cosmic"
                                     else cosmic_pb2.RULESET_CLASSIC,
                                     turn_limit=30)  # random seats on moon 34's board run long
        game = "cosmic"
    renderer, engine = RENDERERS[game], Engine()
    content = unwrap(game_content(records()[game]))  # as the catalog publishes it
    words = catalog_words(game)
    for players, seed in ((2, 1), (4, 2)):
        state = engine.setup(options, players, seed)
        pick = random.Random(seed)
        names = tuple(f"player {s}" for s in range(players))
        for _ in range(5000):
            decisions = engine.decisions(state)
            if not decisions:
                break
            d = pick.choice(decisions)
            for viewer in (d.seat, None):
                lines = renderer.board(engine.view(state, viewer),
                                       Context(names, -1 if viewer is None else viewer,
                                               content=content, words=words))
                assert lines and all(isinstance(line, str) for line in lines)
            ctx = Context(names, d.seat, d.kind, engine.view(state, d.seat), content, words)
            for option in d.options:
                assert renderer.move(option, ctx), option
            for event in engine.apply(state, d.seat, pick.choice(d.options)):
                assert renderer.event(event.payload,
                                      Context(names, d.seat, content=content, words=words)), \
                    event.payload
        assert not engine.decisions(state), "the game ended"


def test_every_cosmic_note_outcome_and_card_kind_has_its_own_words():
    """A NoteKind or Outcome added to the contract without words, or a card kind worded as
    another (a flare read as a compromise), fails here."""
    ctx = Context(names=("ada", "bob"), viewer=0,
                  content=unwrap(game_content(records()["cosmic"])), words=catalog_words("cosmic"))
    for kind in cosmic_pb2.NoteKind.values():
        if kind:
            note = cosmic_pb2.Event(note=cosmic_pb2.Note(kind=kind, seat=0, target=1))
            name = cosmic_pb2.NoteKind.Name(kind)
            text = cosmic_text.event(note, ctx)
            assert "(a note)" not in text and "{" not in text, name
            assert text.endswith(fill_plain(ctx.words.phrases[f"NoteKind.{name}"])), (name, text)
    for outcome in set(cosmic_pb2.Outcome.values()) - {0}:  # the catalog words each outcome
        assert f"Outcome.{cosmic_pb2.Outcome.Name(outcome)}" in ctx.words.phrases
    worded = {}
    for c in ctx.content.cards:
        worded.setdefault(c.kind, cosmic_text.card(c.id, ctx))
    assert set(worded) == set(cosmic_pb2.CardInfo.Kind.values()) - {0}
    assert len(set(worded.values())) == len(worded), worded  # no kind worded as another
