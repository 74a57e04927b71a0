"""The power cycle, as the book explains it."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terra_nova import power

from .helpers import GAME, first_game, play, position


def test_book_example_three_power_with_two_in_bowl_one() -> None:
    bowls = [2, 2, 4]
    assert power.gain(bowls, 3) == 3
    assert bowls == [0, 3, 5]  # both from bowl I to II first, then one on to III: 5 to spend


def test_bowl_two_only_moves_once_bowl_one_is_empty() -> None:
    bowls = [3, 1, 4]
    power.gain(bowls, 2)
    assert bowls == [1, 3, 4]


def test_power_beyond_a_full_bowl_three_is_lost() -> None:
    bowls = [0, 1, 7]
    assert power.gain(bowls, 3) == 1
    assert bowls == [0, 0, 8]


def test_power_is_spent_only_from_bowl_three_back_to_bowl_one() -> None:
    bowls = [0, 5, 3]
    power.spend(bowls, 3)
    assert bowls == [3, 5, 0]
    with pytest.raises(ValueError):
        power.spend(bowls, 1)


def test_exchange_before_and_after_the_action_in_one_turn() -> None:
    state = position(first_game(4), money={0: 8}, bowls={0: [0, 2, 6]})
    state, _ = play(state, 0, "exchange 2; transform B6 build; exchange 1")
    fairies = state.seats[0]
    assert fairies.money == 8 + 2 - 6 - 4 + 1
    assert fairies.bowls == [3, 2, 3]
    assert state.current == 1


def test_exchange_needs_power_in_bowl_three() -> None:
    state = position(first_game(4), bowls={0: [2, 6, 0]})
    with pytest.raises(IllegalAction, match="only 0 power in bowl III"):
        GAME.apply(state, 0, "exchange 1")
