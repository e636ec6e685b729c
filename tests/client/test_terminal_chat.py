"""`say <text>` in the terminal client: the line reaches the other player's terminal and a
spectator's, and a spectator's own `say` is refused politely."""

from __future__ import annotations

from tests.client.test_terminal import PROMPT, Person


async def test_two_terminals_chat_and_a_spectator_hears_them(server, client):
    host = await Person.start(server.address, "play", "tictactoe", "--bots", "0",
                              "--name", "ada")
    guest = spectator = None
    try:
        match_id = (await host.expect(r"You are seat 0 of match (\w+)")).group(1)
        guest = await Person.start(server.address, "play", "--join", match_id,
                                   "--name", "bob")
        await guest.expect(r"You are seat 1 of match " + match_id)
        await host.expect(PROMPT)
        spectator = await Person.start(server.address, "play", "--watch", match_id)
        await spectator.expect(r"\(you: spectator\)")
        await guest.type("say bonne chance, ada")
        await host.expect(r"\[chat\] bob: bonne chance, ada")
        await spectator.expect(r"\[chat\] bob: bonne chance, ada")
        await host.type("say merci !")
        await guest.expect(r"\[chat\] ada: merci !")
        await spectator.type("say I only watch")
        await spectator.expect(r"Spectators read the chat; only seated players speak\.")
    finally:
        for person in (host, guest, spectator):
            if person:
                person.kill()
    lines = await client.spectate(match_id).chat()
    assert [(c.seat, c.text) for c in lines] == [(1, "bonne chance, ada"), (0, "merci !")]
