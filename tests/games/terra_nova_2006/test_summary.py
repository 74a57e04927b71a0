"""What Terra Nova (2006) says in words — how many actions are left in the turn — when the
island shows something new, and its one forced action: `pass` when boxed in."""

from __future__ import annotations

from engine.core import Automatic, msg
from tests.support.words import english

from .helpers import GAME, play, position

OPEN = {"E5": 0, "H8": 1}
BOXED = {"A1": 0, "B1": 1, "B2": 1, "M9": 2}


def test_the_turn_says_how_many_actions_are_left() -> None:
    state = position(figures=OPEN, stones_left=44)
    assert english(GAME.summary(state, None)) == [
        "Turn 30: alice has 3 actions, the first a move; 44 stones left."
    ]
    moved, _ = play(state, 0, "move E5 E8")
    assert english(GAME.summary(moved, 1)) == [
        "Turn 30: alice has 2 actions left, each a move or a stone; 44 stones left.",
        "You: 0 points, 1 figure on the island.",
    ]
    stoned, _ = play(moved, 0, "stone E9")
    assert english(GAME.summary(stoned, None))[0].startswith("Turn 30: alice has 1 action left")


def test_placement_says_how_many_figures_are_still_to_place() -> None:
    state = GAME.new_game(["alice", "bob"], seed=1)
    assert english(GAME.summary(state, 0)) == [
        "Placement, turn 1: alice places a figure (13 of theirs still to place).",
        "You: 0 points, 0 figures on the island, 13 still to place.",
    ]


def test_pass_is_forced_when_every_figure_is_boxed_in_and_only_then() -> None:
    boxed = position(players=3, figures=BOXED, stones=["A2"])
    assert GAME.forced(boxed, 0) == Automatic("pass", msg("none of their figures can move"))
    assert GAME.forced(boxed, 1) is None  # not their turn
    assert GAME.forced(position(figures=OPEN), 0) is None


def test_a_pass_shows_nothing_new_on_the_island_a_move_does() -> None:
    boxed = position(players=3, figures=BOXED, stones=["A2"])
    passed, _ = play(boxed, 0, "pass")
    assert not GAME.board_news(boxed, passed)
    state = position(figures=OPEN)
    moved, _ = play(state, 0, "move E5 E8")
    assert GAME.board_news(state, moved)


def test_equal_scores_share_the_win_without_a_tie_break() -> None:
    state = position(figures=OPEN, scores=[12, 12])
    assert GAME.tie_breaks() == ()
    assert english(GAME.outcome(state)) == ["alice and bob share the win with 12 points each."]
