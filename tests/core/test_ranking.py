"""Ranking seats with tie-breaks and resigned seats last (engine.core.ranking)."""

from __future__ import annotations

from engine.core import rank, winner_text


def test_best_first_with_ties_sharing_a_place_in_seat_order() -> None:
    assert rank([10, 30, 10, 20]) == [[1], [3], [0, 2]]


def test_tuples_break_ties_in_order() -> None:
    keys = [(10, -2, 1), (10, -1, 0), (10, -2, 3), (10, -2, 1)]
    assert rank(keys) == [[1], [2], [0, 3]]


def test_resigned_seats_rank_after_everybody_else_whatever_their_score() -> None:
    assert rank([50, 10, 40, 10], [True, False, True, False]) == [[1, 3], [0], [2]]


def test_no_resignations_given_means_nobody_resigned() -> None:
    assert rank([1, 2], []) == rank([1, 2], [False, False]) == [[1], [0]]


def test_winner_text_for_one_winner_and_for_a_shared_win() -> None:
    players = ["alice", "bob", "carol"]
    assert winner_text(players, [1], 54) == "bob wins with 54 points"
    assert winner_text(players, [0, 2], 7) == "alice and carol share the win with 7 points each"
