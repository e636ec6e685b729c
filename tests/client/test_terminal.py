"""`cosmodrome play` driven as a person would: a subprocess fed lines on stdin as its prompts
appear on stdout (pipes, no TTY), against the real server."""

from __future__ import annotations

import asyncio
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import time

import pytest

from cosmodrome.v1 import admin_pb2, admin_pb2_grpc, match_pb2
from cosmodrome_client import Client, RandomBot, game_view, play, unwrap
from cosmodrome_client.terminal import describe_event

PROMPT = r"Your choice \(1-(\d+), q to quit\): "
GAME_OVER = r"Game over: [^\n]*\n(You win!|You lose\.|Draw\.)\n"  # as a seat sees it
WATCHED_OVER = r"Game over: [^\n]*\n"  # as a spectator sees it
FINISHED = match_pb2.MATCH_STATUS_FINISHED
TIMEOUT = 60.0  # only so that a broken client cannot hang the suite


class Person:
    """A `cosmodrome ...` subprocess read and typed into like a terminal (pexpect-style)."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.out = ""
        self.pos = 0

    @classmethod
    async def start(cls, address: str, *args: str, stdin: bool = True) -> Person:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "cosmodrome_client.cli", "--address", address, *args,
            stdin=asyncio.subprocess.PIPE if stdin else asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT)
        return cls(proc)

    async def expect(self, *patterns: str) -> re.Match:
        """The earliest match of any pattern in the output after the last one expected."""
        while True:
            found = [m for p in patterns if (m := re.compile(p).search(self.out, self.pos))]
            if found:
                first = min(found, key=lambda m: m.start())
                self.pos = first.end()
                return first
            try:
                chunk = await asyncio.wait_for(self.proc.stdout.read(4096), TIMEOUT)
            except TimeoutError:
                raise AssertionError(f"no {patterns} in time:\n{self.out[-3000:]}") from None
            if not chunk:
                raise AssertionError(f"output ended before {patterns}:\n{self.out[-3000:]}")
            self.out += chunk.decode()

    async def type(self, line: str) -> None:
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def finish(self) -> int:
        rest = await asyncio.wait_for(self.proc.stdout.read(), TIMEOUT)
        self.out += rest.decode()
        return await asyncio.wait_for(self.proc.wait(), TIMEOUT)

    def kill(self) -> None:
        if self.proc.returncode is None:
            self.proc.kill()


async def play_to_the_end(person: Person, choice=lambda n: 1) -> re.Match:
    """Answers every prompt (with `choice(number of options)`) until the game is over."""
    while True:
        m = await person.expect(PROMPT, GAME_OVER)
        if m.re.pattern == GAME_OVER:
            return m
        await person.type(str(choice(int(m.group(1)))))


async def test_a_person_plays_tictactoe_against_a_bot_to_the_end(server, client):
    person = await Person.start(server.address, "play", "tictactoe", "--bots", "1",
                                "--name", "ada")
    try:
        match_id = (await person.expect(r"You are seat 0 of match (\w+)")).group(1)
        await person.expect(r"seat 0: ada  <- you")
        await person.expect(r"seat 1: bot 1")
        first = await person.expect(PROMPT)
        assert first.group(1) == "9", "an empty board offers nine cells"
        await person.type("1")
        over = await play_to_the_end(person, choice=lambda n: n)  # always the last option
        assert await person.finish() == 0
    finally:
        person.kill()
    final = await client.get_match(match_id)
    assert final.status == FINISHED
    winners = list(final.result.winners)
    assert over.group(1) == ("You win!" if winners == [0] else
                             "You lose." if winners == [1] else "Draw.")
    assert final.result.summary in over.group(0)
    # the last screen shows the final board as the server has it
    board = game_view(await client.spectate(match_id).view())
    last_screen = person.out[person.out.rindex("=" * 60):]
    marks = "".join(".XO"[c] for c in board.cells)
    grid = re.findall(r"^   ([.XO]) \| ([.XO]) \| ([.XO])$", last_screen, re.M)
    assert "".join("".join(row) for row in grid) == marks
    assert "1. top left (cell 0)" in person.out, "the first option of an empty board"
    assert "Played: top left (cell 0)" in person.out
    assert "you put X on the top left" in person.out  # seats by name, "you" for mine
    assert re.search(r"^  v\d+ bot 1 place: bot 1 put O on the ", person.out, re.M)


async def test_an_invalid_choice_re_prompts_and_q_quits(server, client):
    person = await Person.start(server.address, "play", "tictactoe", "--bots", "1")
    try:
        match_id = (await person.expect(r"You are seat 0 of match (\w+)")).group(1)
        await person.expect(PROMPT)
        for wrong in ("abc", "0", "10", ""):
            await person.type(wrong)
            if wrong:  # an empty line is ignored; the others are refused
                await person.expect(r"Please type a number from 1 to 9 \(or q to quit\)\.")
                await person.expect(PROMPT)
        await person.type("5")
        await person.expect(r"Played: centre \(cell 4\)")
        await person.expect(PROMPT)  # the bot moved: my turn again
        await person.type("q")
        await person.expect(r"Bye\.")
        assert await person.finish() == 0
    finally:
        person.kill()
    assert "Traceback" not in person.out
    view = game_view(await client.spectate(match_id).view())
    assert view.cells[4] == 1, "X is on the centre, placed by the fifth option"
    assert sum(1 for c in view.cells if c) == 2, "one X from the person, one O from the bot"


async def test_two_people_play_each_other_from_two_terminals(server, client):
    host = await Person.start(server.address, "play", "tictactoe", "--bots", "0")
    guest = None
    try:
        match_id = (await host.expect(r"You are seat 0 of match (\w+)")).group(1)
        await host.expect(r"Waiting for players: 1/2 seats taken")
        guest = await Person.start(server.address, "play", "--join", match_id,
                                   "--name", "bob")
        await guest.expect(r"You are seat 1 of match " + match_id)
        both = await asyncio.gather(play_to_the_end(host), play_to_the_end(guest))
        assert await host.finish() == 0 and await guest.finish() == 0
    finally:
        host.kill()
        if guest:
            guest.kill()
    final = await client.get_match(match_id)
    assert final.status == FINISHED and final.seats[1].display_name == "bob"
    # always the first option, X fills the top row first: X wins
    assert list(final.result.winners) == [0]
    assert [m.group(1) for m in both] == ["You win!", "You lose."]


async def test_the_client_says_reconnecting_and_plays_on_after_a_drop(server, client, proxy):
    person = await Person.start(proxy.address, "play", "tictactoe", "--bots", "1")
    try:
        match_id = (await person.expect(r"You are seat 0 of match (\w+)")).group(1)
        await person.expect(PROMPT)
        await person.type("1")
        await person.expect(PROMPT)
        proxy.cut()  # the terminal's (and its bot's) connection dies while it waits for me
        await person.expect(r"\[connection lost: reconnecting\.\.\.\]")
        await person.expect(r"\[connection back\]")
        await person.type("1")
        await play_to_the_end(person)
        assert await person.finish() == 0
    finally:
        person.kill()
    assert proxy.cuts == 1 and proxy.accepted >= 2, "the client had to reconnect"
    assert (await client.get_match(match_id)).status == FINISHED


async def bots_play(client: Client, match_id: str) -> match_pb2.Match:
    match = await client.get_match(match_id)
    seats = [await client.join(match_id, name=f"robot {i}") for i in range(match.players)]
    final, *_ = await asyncio.gather(*(play(s, RandomBot(s.seat)) for s in seats))
    return final


async def test_a_spectator_watches_bots_play_live(server, client):
    match = await client.create_match("tictactoe")
    spectator = await Person.start(server.address, "play", "--watch", match.match_id,
                                   stdin=False)
    try:
        await spectator.expect(r"\(you: spectator\)")
        await spectator.expect(r"Waiting for players: 0/2 seats taken")
        final = await bots_play(client, match.match_id)
        await spectator.expect(WATCHED_OVER)
        assert await spectator.finish() == 0
    finally:
        spectator.kill()
    assert "Your choice" not in spectator.out and "You owe" not in spectator.out
    log = await client.spectate(match.match_id).log()
    for entry in log:
        for event in entry.events:
            if unwrap(event).WhichOneof("kind") == "placed":
                p = unwrap(event).placed
                assert f"robot {p.seat} put {'.XO'[p.mark]} on the" in spectator.out
    assert f"Game over: {final.result.summary}" in spectator.out
    assert "You win" not in spectator.out and "You lose" not in spectator.out


async def test_a_spectator_never_sees_a_highcard_hand(server, client):
    match = await client.create_match("highcard", players=3)
    spectator = await Person.start(server.address, "play", "--watch", match.match_id,
                                   stdin=False)
    try:
        await spectator.expect(r"\(you: spectator\)")
        await bots_play(client, match.match_id)
        await spectator.expect(WATCHED_OVER)
        assert await spectator.finish() == 0
    finally:
        spectator.kill()
    export = await admin_export(server, match.match_id)
    private = [unwrap(e.event) for entry in export.log for e in entry.events if not e.public]
    public = [unwrap(e.event) for entry in export.log for e in entry.events if e.public]
    assert private, "the players learnt their own cards privately"
    out = spectator.out
    assert "my_hand" not in out and "you played" not in out
    assert "my_played: 0" in out and "my_played: 1" not in out
    assert "hand_sizes: [3, 3, 3]" in out, "the spectator sees how many cards each seat holds"
    revealed = [e.revealed for e in public if e.WhichOneof("kind") == "revealed"]
    assert len(revealed) == 3
    for r in revealed:  # what was revealed in public is on screen, card for card
        assert (f"round {r.round} revealed: robot 0: {r.cards[0]}, robot 1: {r.cards[1]}, "
                f"robot 2: {r.cards[2]}; robot {r.winner} takes the trick") in out
    # each seat's own cards went to that seat only: none of those events is on screen
    for event in private:
        assert event.WhichOneof("kind") == "you_played"
        assert describe_event("highcard", event) not in out
    screens = [s for s in out.split("=" * 60) if re.search(r"^round: \d+$", s, re.M)]
    assert screens
    for screen in screens:  # every screen: public fields only, never a hand or a played card
        assert re.search(r"^my_played: 0$", screen, re.M), screen
        assert not re.search(r"^(my_hand|hands|deck)\b", screen, re.M), screen


async def admin_export(server, match_id: str) -> admin_pb2.MatchExport:
    async with Client.connect(server.address) as c:
        stub = admin_pb2_grpc.AdminServiceStub(c.channel)
        return await stub.ExportMatch(admin_pb2.ExportMatchRequest(match_id=match_id),
                                      metadata=(("authorization",
                                                 f"Bearer {server.admin_token}"),))


async def test_bots_fill_the_open_seats_of_a_match(server, client):
    match = await client.create_match("highcard", players=3)
    me = await client.join(match.match_id, seat=1, name="me")
    filler = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cosmodrome_client.cli", "--address", server.address,
        "bots", "--join", match.match_id, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    try:
        final, (out, err) = await asyncio.wait_for(
            asyncio.gather(play(me, RandomBot(1)), filler.communicate()), TIMEOUT)
    finally:
        if filler.returncode is None:
            filler.kill()
    assert filler.returncode == 0, err.decode()
    assert f"{match.match_id}: bots on seats [0, 2]" in out.decode()
    assert final.status == FINISHED
    assert f"{final.match_id}: {final.result.summary}" in out.decode()
    names = [s.display_name for s in (await client.get_match(match.match_id)).seats]
    assert names == ["robot 0", "me", "robot 2"]


async def test_bots_refuse_a_match_without_open_seats(server, client):
    match = await client.create_match("tictactoe")
    await bots_play(client, match.match_id)
    done = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "cosmodrome_client.cli", "--address", server.address,
        "bots", "--join", match.match_id, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(done.communicate(), TIMEOUT)
    assert done.returncode == 1
    assert "no open seat" in err.decode() and "Traceback" not in err.decode()


async def test_a_person_sees_their_own_highcard_hand_and_no_one_elses(server, client):
    person = await Person.start(server.address, "play", "highcard", "--players", "3")
    try:
        match_id = (await person.expect(r"You are seat 0 of match (\w+)")).group(1)
        first_hand = (await person.expect(r"(?m)^my_hand: \[(.*)\]$")).group(1)
        await play_to_the_end(person)
        assert await person.finish() == 0
    finally:
        person.kill()
    export = await admin_export(server, match_id)
    played = {}  # seat -> the cards it played, from the unredacted log
    for entry in export.log:
        for e in entry.events:
            event = unwrap(e.event)
            if event.WhichOneof("kind") == "you_played":
                assert not e.public and list(e.audience) == [entry.seat]
                played.setdefault(entry.seat, []).append(event.you_played.card)
    assert sorted(played) == [0, 1, 2]
    # my whole hand, from the first screen on, is the cards I went on to play
    assert sorted(int(c) for c in first_hand.split(", ")) == sorted(played[0])
    for hand in re.findall(r"^my_hand: \[(.*)\]$", person.out, re.M):
        cards = {int(c) for c in hand.split(", ")}
        assert cards <= set(played[0]), "only my own cards are ever listed as my hand"
    for card in played[0]:
        assert re.search(rf"you played card {card}\b", person.out)
        assert re.search(rf"\d\. play card {card}\n", person.out), "offered as an option"
    for seat in (1, 2):  # others' cards reached me only in public reveals, never privately
        for card in played[seat]:
            assert not re.search(rf"you played card {card}\b", person.out)
            assert not re.search(rf"\d\. play card {card}\n", person.out)
    assert re.search(r"^(You win!|You lose\.|Draw\.)$", person.out, re.M)


@pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")
def test_a_person_plays_in_a_real_terminal_under_tmux(server):
    """A TTY this time: each screen clears the last one; keys are sent as a person types."""
    socket = f"cosmodrome-test-{os.getpid()}"

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", socket, *args], capture_output=True, text=True,
                              check=True, timeout=30).stdout

    command = (f"{shlex.quote(sys.executable)} -m cosmodrome_client.cli --address "
               f"{server.address} play tictactoe --bots 1 --name tess; echo EXIT=$?; sleep 600")
    tmux("new-session", "-d", "-s", "play", "-x", "100", "-y", "60", command)

    def screen_after(version: int) -> tuple[str, int]:
        """The pane once it shows a prompt of a newer version than `version`, or the end."""
        deadline = time.monotonic() + TIMEOUT  # only so that a broken client cannot hang
        while True:
            screen = tmux("capture-pane", "-p", "-t", "play")
            shown = re.search(r"version (\d+)", screen)
            if "EXIT=" in screen:
                return screen, -1
            prompt = re.search(PROMPT.rstrip(" "), screen)  # the pane drops trailing blanks
            if shown and int(shown.group(1)) > version and prompt:
                return screen, int(shown.group(1))
            assert time.monotonic() < deadline, screen
            time.sleep(0.05)

    try:
        version, screens = 0, []
        while True:
            screen, version = screen_after(version)
            screens.append(screen)
            if version < 0:
                break
            tmux("send-keys", "-t", "play", "1", "Enter")
    finally:
        subprocess.run(["tmux", "-L", socket, "kill-server"], capture_output=True, timeout=30)
    final = screens[-1]
    assert "EXIT=0" in final and "Game over:" in final, final
    assert re.search(r"^(You win!|You lose\.|Draw\.)$", final, re.M), final
    for screen in screens:  # the terminal was cleared: one screen at a time, header on top
        lines = screen.strip("\n").splitlines()
        assert lines[0].startswith("tictactoe  match "), screen
        assert "=" * 60 not in screen and "You are seat" not in screen
        assert len(re.findall(r"^   [.XO] \| [.XO] \| [.XO]$", screen, re.M)) == 3
    assert len(screens) >= 4, "at least three moves of mine, then the end"


@pytest.mark.parametrize("game", ["tictactoe", "highcard", "mlem", "cosmic", "crafting"])
async def test_every_hosted_game_is_playable_to_the_end_from_the_terminal(server, client, game):
    hosted = {g.name for g in await client.list_games()}
    if game not in hosted:
        pytest.skip(f"{game} is not hosted by this server")
    pick = random.Random(game).randint  # a person who picks any of the numbered options
    person = await Person.start(server.address, "play", game)
    try:
        match_id = (await person.expect(r"You are seat 0 of match (\w+)")).group(1)
        over = await play_to_the_end(person, choice=lambda n: pick(1, n))
        assert await person.finish() == 0
    finally:
        person.kill()
    final = await client.get_match(match_id)
    assert final.status == FINISHED
    assert f"Game over: {final.result.summary}" in over.group(0)
    assert over.group(1) == ("You win!" if 0 in final.result.winners else
                             "Draw." if not final.result.winners else "You lose.")
    assert "Traceback" not in person.out
