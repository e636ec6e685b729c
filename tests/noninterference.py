"""Non-interference: what a viewer may not know cannot change anything he is shown.

The redaction proof of every hosted game. Random games are played; at sampled positions, for
every seat and a spectator, a copy of the state has everything that viewer may not know
changed by the game's `perturb` (other hands, face-down cards, deck order, the PRNG state,
...). Then:

- the state really changed (for some positions: a game with secrets must have them),
- the viewer's view is byte-identical,
- the decisions shown to him (through the server's own choke point, `redact.add_decisions`:
  who is asked, what kind, until when, and his own options) are byte-identical,
- for moves offered in both states that by rule reveal him nothing, the events he receives
  and his view and decisions afterwards are identical too;
- for another seat's secret choice (a card played face down), the events he receives and his
  view afterwards do not depend on which option was chosen.

A game's test module describes its secrets with a `Secrets` and calls
`check_noninterference`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from google.protobuf.message import Message

from cosmodrome.core.engine import Game, IllegalMove
from cosmodrome.core.redact import add_decisions
from cosmodrome.v1 import match_pb2

Perturb = Callable[[Message, "int | None", random.Random], None]
Reveals = Callable[[Message, int, Message, "int | None"], bool]


def never(state: Message, seat: int, move: Message, viewer: int | None) -> bool:
    return False


@dataclass(frozen=True)
class Secrets:
    """What each viewer may not know, as a game's tests describe it.

    `perturb(state, viewer, rng)` changes in place everything `viewer` (a seat, or None for a
    spectator) may not know, keeping the state consistent and every count he can see.
    `reveals(state, seat, move, viewer)` is True when `move` by `seat`, by rule, shows
    `viewer` something hidden (a reveal, a public die roll, a card he draws himself): its
    events and the view after it are then not compared.
    `secret_choices` are the decision kinds whose chosen option other seats may not know.
    """

    perturb: Perturb
    reveals: Reveals = never
    secret_choices: frozenset[str] = frozenset()


@dataclass
class Tally:
    """How much a run checked, so a test can require that it checked something."""

    positions: int = 0
    changed: int = 0
    moves_compared: int = 0


def state_bytes(state: Message) -> bytes:
    return state.SerializeToString(deterministic=True)


def copy_of(game: Game, state: Message) -> Message:
    clone = game.State()
    clone.CopyFrom(state)
    return clone


def shown(game: Game, state: Message, viewer: int | None) -> tuple[bytes, bytes]:
    """The viewer's view and the decisions the server would show him, as bytes."""
    decisions = match_pb2.MatchView()
    add_decisions(game, game.decisions(state), viewer, decisions.decisions)
    return (state_bytes(game.view(state, viewer)), state_bytes(decisions))


def events_seen(game: Game, state: Message, seat: int, move: Message,
                viewer: int | None) -> list[bytes]:
    return [state_bytes(e.payload) for e in game.apply(state, seat, move)
            if e.visible_to(viewer)]


def offered(game: Game, state: Message) -> list[tuple[int, Message]]:
    return [(d.seat, o) for d in game.decisions(state) for o in d.options]


def compare_position(game: Game, secrets: Secrets, state: Message, viewer: int | None,
                     rng: random.Random, tally: Tally, moves_per_position: int) -> None:
    where = f"{game.name}, viewer {viewer}"
    other = copy_of(game, state)
    secrets.perturb(other, viewer, rng)
    tally.positions += 1
    if state_bytes(other) == state_bytes(state):
        return
    tally.changed += 1
    view, decisions = shown(game, state, viewer)
    other_view, other_decisions = shown(game, other, viewer)
    assert other_view == view, f"{where}: the view depends on what he may not know"
    assert other_decisions == decisions, (
        f"{where}: the decisions shown depend on what he may not know")
    in_other = {(seat, state_bytes(move)) for seat, move in offered(game, other)}
    candidates = [(seat, move) for seat, move in offered(game, state)
                  if (seat, state_bytes(move)) in in_other
                  and not secrets.reveals(state, seat, move, viewer)]
    for seat, move in rng.sample(candidates, min(moves_per_position, len(candidates))):
        before, after = copy_of(game, state), copy_of(game, other)
        try:
            seen = events_seen(game, before, seat, move, viewer)
        except IllegalMove:
            raise AssertionError(f"{where}: an offered move was refused") from None
        other_seen = events_seen(game, after, seat, move, viewer)
        move_text = f"{where}, move {game.move_kind(move)} by seat {seat}"
        assert other_seen == seen, f"{move_text}: the events seen depend on hidden state"
        assert shown(game, after, viewer) == shown(game, before, viewer), (
            f"{move_text}: the view after it depends on hidden state")
        tally.moves_compared += 1


def compare_secret_choices(game: Game, secrets: Secrets, state: Message, viewer: int | None,
                           rng: random.Random, tally: Tally) -> None:
    """Two different options of another seat's secret choice look alike to `viewer`."""
    for d in game.decisions(state):
        if d.seat == viewer or d.kind not in secrets.secret_choices:
            continue
        hidden = [o for o in d.options if not secrets.reveals(state, d.seat, o, viewer)]
        if len(hidden) < 2:
            continue
        first, second = rng.sample(hidden, 2)
        one, two = copy_of(game, state), copy_of(game, state)
        where = f"{game.name}, viewer {viewer}, secret {d.kind} of seat {d.seat}"
        assert events_seen(game, one, d.seat, first, viewer) == \
            events_seen(game, two, d.seat, second, viewer), (
                f"{where}: the events seen tell which option was chosen")
        assert shown(game, one, viewer) == shown(game, two, viewer), (
            f"{where}: the view after it tells which option was chosen")
        tally.moves_compared += 1


def positions(game: Game, players: int, seed: int, options: Message | None,
              every: int) -> Iterable[Message]:
    """Every `every`-th position of one random game (random legal moves), and its end."""
    state = game.setup(options or game.Options(), players, seed)
    picker = random.Random(seed)
    step = 0
    while decisions := game.decisions(state):
        if step % every == 0:
            yield state
        decision = picker.choice(decisions)
        game.apply(state, decision.seat, picker.choice(list(decision.options)))
        step += 1
    yield state


def check_noninterference(game: Game, secrets: Secrets, players: int, seeds: Iterable[int],
                          options: Message | None = None, every: int = 7,
                          moves_per_position: int = 3) -> Tally:
    """Checks every seat and a spectator at sampled positions of random games; returns what
    was checked. Fails when `perturb` never changed a state although the game hides things."""
    tally = Tally()
    for seed in seeds:
        rng = random.Random(seed)
        for state in positions(game, players, seed, options, every):
            for viewer in [*range(players), None]:
                compare_position(game, secrets, state, viewer, rng, tally, moves_per_position)
                compare_secret_choices(game, secrets, state, viewer, rng, tally)
    if game.hidden_information:
        assert tally.changed > tally.positions // 4, (
            f"{game.name}: perturb changed only {tally.changed} of {tally.positions} positions")
        assert tally.moves_compared, f"{game.name}: no move was compared"
    return tally
