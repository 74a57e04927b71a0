"""Ranking seats with tie-breaks and resigned seats last (engine.core.ranking)."""

from __future__ import annotations

from typing import Any

from engine.core import TieBreak, outcome_lines, rank, term, winner_text
from tests.support.words import english


def english_lines(*args: Any) -> list[str]:
    return english(outcome_lines(*args))


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
    assert str(winner_text(players, [1], 54)) == "bob wins with 54 points"
    assert (
        str(winner_text(players, [0, 2], 7)) == "alice and carol share the win with 7 points each"
    )


# -- the end in words -----------------------------------------------------------------------------

EMPTY_SQUARES = TieBreak(term("empty squares", "tie-break"), fewer_wins=True)
COTTAGES = TieBreak(term("cottages", "tie-break"))
PLAYERS = ["alice", "bob", "carol", "dave"]


def test_a_tie_break_is_named_with_the_values_players_count() -> None:
    assert (
        str(EMPTY_SQUARES.name) == "fewer empty squares" and str(COTTAGES.name) == "more cottages"
    )
    assert EMPTY_SQUARES.shown(-3) == 3 and COTTAGES.shown(2) == 2


def test_the_winner_and_the_tie_break_that_decided_between_equal_scores() -> None:
    keys = [(31, -3, 2), (31, -1, 0), (20, -5, 4), (31, -3, 4)]
    scores = [key[0] for key in keys]
    ranking = rank(keys)
    assert ranking == [[1], [3], [0], [2]]

    lines = english_lines(PLAYERS, scores, keys, ranking, (EMPTY_SQUARES, COTTAGES), [False] * 4)

    assert lines == [
        "bob wins with 31 points.",
        "bob ranks ahead of dave at 31 points each: fewer empty squares, 1 against 3.",
        "dave ranks ahead of alice at 31 points each: more cottages, 4 against 2.",
    ]


def test_seats_equal_after_every_tie_break_share_their_place_and_say_so() -> None:
    keys = [(31, -1, 2), (31, -1, 2), (12, 0, 0)]
    lines = english_lines(
        PLAYERS[:3], [31, 31, 12], keys, rank(keys), (EMPTY_SQUARES, COTTAGES), [False] * 3
    )
    assert lines == [
        "alice and bob share the win with 31 points each.",
        "alice and bob stay tied at 31 points after every tie-break (fewer empty squares, "
        "more cottages) and share the place.",
    ]


def test_without_tie_breaks_equal_scores_share_the_win_and_nothing_more_is_said() -> None:
    scores = [9, 9, 4]
    assert english_lines(PLAYERS[:3], scores, scores, rank(scores), (), [False] * 3) == [
        "alice and bob share the win with 9 points each."
    ]


def test_no_tie_break_is_named_between_a_resigned_seat_and_the_others() -> None:
    keys = [(10, 0), (10, -2)]
    resigned = [False, True]
    lines = english_lines(
        PLAYERS[:2], [10, 10], keys, rank(keys, resigned), (EMPTY_SQUARES,), resigned
    )
    assert lines == ["alice wins with 10 points."]


def test_a_solo_player_finishes_with_their_points() -> None:
    assert english_lines(["alice"], [17], [17], [[0]], (), [False]) == [
        "alice finishes with 17 points."
    ]
