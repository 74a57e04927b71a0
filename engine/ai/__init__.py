"""Bot players for every game: one small interface, no I/O.

`choose_action(game, state, seat, level, seed)` returns one legal action text for `seat`.
The bot sees `state` only through determinisation (sampling.py): everything `seat` cannot see
is resampled before the bot looks, so its choice never depends on another seat's secrets.
The same arguments always give the same choice. Levels: `random`, `easy`, `normal`,
`strong` (levels.py); the search is in search.py, each game's knowledge in heuristics/.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import GameOver, NotYourTurn
from engine.core.game import Game
from engine.core.rng import Rng

from .choice import sample_softmax
from .heuristics import heuristics_for
from .levels import LEVELS, Level, UnknownLevel, level
from .sampling import determinize
from .search import Decision, Search

#: The safety limit on one decision's wall-clock time; budgets are iterations, and the
#: published figures never reach this.
MAX_SECONDS = 20.0


def decide(
    game: Game[Any],
    state: Any,
    seat: int,
    level_name: str = "normal",
    seed: int = 0,
    *,
    iterations: int | None = None,
    max_seconds: float | None = MAX_SECONDS,
) -> Decision:
    """The bot's choice for `seat` with what it cost (`choose_action` returns just the text).

    `iterations` overrides the level's search budget for this game.
    """
    if game.is_over(state):
        raise GameOver("a bot move")
    waiting = game.to_act(state)
    if seat not in waiting:
        raise NotYourTurn("a bot move", state.players[seat], [state.players[s] for s in waiting])
    chosen = level(level_name)
    heuristics = heuristics_for(game).for_level(chosen.name)
    rng = Rng(seed=seed)
    seen = determinize(game, state, seat, rng)
    actions = game.legal_actions(seen, seat)
    if len(actions) == 1 or chosen.name == "random":
        return Decision(actions[rng.below(len(actions))], 0)
    budget = heuristics.iterations.get(chosen.name, 0) if iterations is None else iterations
    if not chosen.searches or budget <= 0:
        actions = heuristics.candidates(game, seen, seat, actions)
        logits = heuristics.logits(game, seen, seat, actions)
        return Decision(actions[sample_softmax(rng, logits, chosen.temperature)], 0)
    return Search(game, heuristics, state, seat, chosen, rng).run(budget, max_seconds)


def choose_action(
    game: Game[Any], state: Any, seat: int, level_name: str = "normal", seed: int = 0
) -> str:
    """One legal action text for `seat`, chosen by a bot of the given level."""
    return decide(game, state, seat, level_name, seed).action


__all__ = [
    "LEVELS",
    "MAX_SECONDS",
    "Decision",
    "Level",
    "UnknownLevel",
    "choose_action",
    "decide",
    "level",
]
