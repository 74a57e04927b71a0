"""Input limits from the content: the longest action a player can be offered, and a bound on
the parts of a whole turn that real turns stay within."""

from __future__ import annotations

from engine.core.playout import random_playout

from .helpers import GAME, NAMES


def test_the_longest_action_is_the_longest_placement_the_content_allows() -> None:
    assert GAME.longest_action() == len("place warrior home improve")


def test_whole_turns_of_random_games_stay_within_the_bound() -> None:
    longest_turn = 0
    for seed in (1, 2, 3):
        playout = random_playout(GAME, NAMES[:4], seed, {"first-game": seed == 2})
        run, previous = 0, None
        for seat, _ in playout.log:
            run = run + 1 if seat == previous else 1
            previous = seat
            longest_turn = max(longest_turn, run)
    assert 10 < longest_turn <= GAME.max_turn_parts()
