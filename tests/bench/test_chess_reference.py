"""The reference the bench divides by: python-chess random games (bench/chess_reference.py)."""

from __future__ import annotations

from bench.chess_reference import random_games, random_plies


def test_random_games_play_to_the_end_and_repeat_for_the_same_seed() -> None:
    plies = random_games(2, seed=3)
    assert plies == random_games(2, seed=3)
    one = random_games(1, seed=3)
    assert 0 < one < plies


def test_random_plies_start_a_new_game_when_one_ends() -> None:
    first_game = random_games(1, seed=0)
    assert random_plies(first_game, seed=0) == 1
    assert random_plies(first_game + 1, seed=0) == 2
