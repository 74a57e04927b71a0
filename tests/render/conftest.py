"""Session-wide scenes from real games (playing them takes a moment, so they are shared)."""

from __future__ import annotations

import pytest

from tests.render.scenes import (
    Step,
    View,
    first_step,
    new_single_winner_area,
    one_move_with_stones,
    play,
)


@pytest.fixture(scope="session")
def opening_step() -> Step:
    """The first placement of a fresh game."""
    return next(play(1))


@pytest.fixture(scope="session")
def scoring_step() -> Step:
    """An action that closed an area won by a single player."""
    return first_step(new_single_winner_area)


@pytest.fixture(scope="session")
def move_step() -> Step:
    """An action after which the last turn shows one figure move and at least one stone."""
    return first_step(one_move_with_stones)


@pytest.fixture(scope="session")
def final_view() -> View:
    """The end of a whole game: the fullest board."""
    steps = list(play(2, ("alice", "bob", "carol", "dave")))
    return steps[-1].after
