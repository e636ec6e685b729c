"""The turn of Cosmic Encounter as a table of steps (`table.STEPS`) over `State.step`, plus the
queue of sub-decisions (`State.tasks`, kinds in `tasks.TASKS`).

Reading order, as the rule book runs: start of the turn -> retrieve a token -> start window ->
destiny -> aim -> launch -> invitations -> alliances -> pre-cards window -> cards ->
pre-reveal window -> reveal -> post-reveal window -> resolution -> deal -> cleanup window ->
another encounter or the next turn (docs/rules/cosmic-turn.mmd draws it from the table).

- `graph`: the `Step` record and `goto`, the only writer of `State.step`;
- `table`: the steps: who is asked and what, how a move applies, what comes next;
- `turn` (the turn's frame and the game's end), `destiny` (destiny, aim, launch), `alliances`,
  `cards` (cards and reveal), `resolution` (outcome and cleanup), `deal`, `windows`,
  `variants` (power rotation, two of three): what each step does;
- `settle`: what the host calls, and the loop that runs the automatic steps.

The pieces (powers, edicts) act only through the hooks of `pieces`; this package names none.
"""

from __future__ import annotations

from cosmodrome.games.cosmic import actions
from cosmodrome.games.cosmic.ctx import Ctx
from cosmodrome.games.cosmic.flow.cards import card_deciders, card_options, replay_cards
from cosmodrome.games.cosmic.flow.destiny import aim_targets, draw_destiny, go_destiny, launch
from cosmodrome.games.cosmic.flow.graph import STEPS
from cosmodrome.games.cosmic.flow.resolution import counts_compromise, side_total
from cosmodrome.games.cosmic.flow.settle import (
    apply_move,
    decisions,
    on_timeout,
    owes,
    rewind,
    settle,
    start_power_choice,
    start_turn,
)
from cosmodrome.games.cosmic.flow.turn import (
    begin_encounter,
    begin_turn,
    check_victory,
    end_turn,
    go_next,
)

# re-exported for tests and hosts that drive the engine step by step
new_hand = actions.new_hand
eliminate = actions.eliminate
_start_turn = begin_turn  # the name the tests start a turn by

__all__ = ["STEPS", "Ctx", "aim_targets", "apply_move", "begin_encounter", "begin_turn",
           "card_deciders", "card_options", "check_victory", "counts_compromise", "decisions",
           "draw_destiny", "eliminate", "end_turn", "go_destiny", "go_next", "launch",
           "new_hand", "on_timeout", "owes", "replay_cards", "rewind", "settle",
           "side_total", "start_power_choice", "start_turn"]
