"""Determinisation: a state the bot's seat cannot tell from the real one, secrets resampled.

The search never reads the real state directly: every iteration starts from
`determinize(game, state, seat, rng)`, whose result depends only on what `seat` can see and on
`rng`. Two states that differ only in things hidden from `seat` (another player's cards, the
order of a face-down deck, the random stream that decides future draws) give equal results
for the same `rng`, so nothing the bot decides can depend on them.

Each game says what is hidden through the engine core's `Game.determinize`. On top of it the
random stream is always replaced: no player can see the future it would draw, not even in a
game that has no secrets today but draws again later (Terra Nova's Lucky Digger variant).
"""

from __future__ import annotations

from typing import Any

from engine.core.game import Game
from engine.core.rng import Rng


def determinize(game: Game[Any], state: Any, seat: int, rng: Rng) -> Any:
    """A state consistent with what `seat` sees of `state`, everything unseen drawn from `rng`."""
    guess = game.determinize(state, seat, rng)
    return guess.model_copy(update={"rng": Rng(seed=rng.next_u64())})
