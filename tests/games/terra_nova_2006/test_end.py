"""How the game ends, resigning, skipping, and the final ranking."""

from __future__ import annotations

import pytest

from engine.core import GameOver, IllegalAction, NotYourTurn

from .helpers import BOARD, GAME, NAMES, boundary, cell, play, position, texts

OPEN3 = {"H3": 0, "J2": 0, "M9": 1, "C10": 1, "F12": 2, "K12": 2}


def test_the_game_ends_when_every_free_cell_belongs_to_a_scored_area() -> None:
    region = ["A1", "B1", "C1", "D1", "C2", "D3", "D4", "D5"]
    ring = boundary(region)
    rest = [n for n in BOARD.names if n not in region and n not in ring]
    state = position(figures={"D5": 0, "C1": 1}, stones=ring, closed=rest)
    state, events = play(state, 0, "move D5 D3", "stone C2")
    # C2 splits the region into A1–B1 (empty), C1–D1 (bob) and D3–D5 (alice).
    assert len(state.areas) == 4 and state.open_cells == 0
    assert state.scores == [6, 4]
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert "the game ends: every free cell belongs to a scored area" in texts(events)
    assert texts(events)[-1] == "alice wins with 6 points"
    assert GAME.view(state, None)["winner_text"] == "alice wins with 6 points"
    with pytest.raises(GameOver):
        GAME.apply(state, 1, "move C1 C2")


def test_the_game_ends_at_once_when_an_action_leaves_one_player_able_to_move() -> None:
    """House ruling 8, first example: alice's stone on B2 closes A1 (3 points for bob, whose
    last figure leaves the game); only alice can move now, so the game ends after that stone
    and her third action — a stone on C4 that would close D4 for her — is never played."""
    state = position(
        figures={"A1": 1, "B5": 0, "D4": 0},
        stones=["A2", "B1", "C3", "D3", "D5", "E4", "E5"],
    )
    with pytest.raises(GameOver, match="Part 3 of 3"):
        GAME.apply(state, 0, "move B5 B3; stone B2; stone C4")
    state, events = play(state, 0, "move B5 B3", "stone B2")
    assert GAME.is_over(state) and state.end_reason == "at most one player can still move a figure"
    assert state.scores == [0, 3] and [area.cells for area in state.areas] == [[cell("A1")]]
    assert texts(events)[-2:] == [
        "the game ends: at most one player can still move a figure",
        "bob wins with 3 points",
    ]
    assert GAME.legal_actions(state, 0) == []


def test_a_figure_boxed_in_by_figures_counts_as_unable_to_move() -> None:
    """House ruling 8, second example: alice's move to B2 surrounds bob's only figure on A1 with
    her figures (no stone touches it); bob cannot move, so the game ends at once, although
    alice could later move away and free it."""
    state = position(figures={"A1": 1, "A2": 0, "B1": 0, "B5": 0})
    state, events = play(state, 0, "move B5 B2")
    assert GAME.is_over(state) and state.end_reason == "at most one player can still move a figure"
    assert state.scores == [0, 0] and state.areas == []
    assert "alice and bob share the win with 0 points each" in texts(events)


def test_a_boxed_in_player_passes_while_two_others_can_still_move() -> None:
    state = position(players=3, figures={"A1": 1, "A2": 0, "B1": 0, "B5": 0, "M9": 2})
    state, _ = play(state, 0, "move B5 B2", "move A2 A3", "move A3 A4")
    assert not GAME.is_over(state)  # A2 freed again within the turn: bob can move
    state = position(players=3, figures={"A1": 1, "A2": 0, "B1": 0, "B5": 0, "M9": 2})
    state, _ = play(state, 0, "move B5 B2", "move B2 B4", "move B4 B2")
    assert not GAME.is_over(state) and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == ["pass"]


def test_a_resignation_that_leaves_one_player_able_to_move_ends_the_game_at_once() -> None:
    state = position(players=3, figures={"A1": 1, "A2": 0, "B1": 0, "B2": 0, "M9": 2})
    state, _ = play(state, 0, "move B2 B4")
    state, _ = play(state, 0, "move B4 B2")  # bob is boxed in again; carol can still move
    assert not GAME.is_over(state) and GAME.to_act(state) == {0}
    state, events = GAME.resign(state, 2)
    assert GAME.is_over(state) and state.end_reason == "at most one player can still move a figure"
    assert texts(events)[-1] == "alice and bob share the win with 0 points each"


def test_the_game_ends_once_the_last_stone_is_placed_after_scoring_its_areas() -> None:
    ring = ["B1", "B2", "B3", "B4"]
    state = position(figures={"A2": 1, "A6": 0, "H7": 1}, stones=ring, stones_left=1)
    state, events = play(state, 0, "move A6 A5", "stone A4")
    assert state.stones_left == 0 and GAME.is_over(state)
    assert state.scores == [0, 9]
    assert "the last boundary stone is placed" in texts(events)[-2]
    assert GAME.legal_actions(state, 0) == []


def test_placement_hands_over_to_seat_zero_with_three_actions() -> None:
    state = GAME.new_game(NAMES[:2], seed=3)
    cells = iter(BOARD.names)
    for _ in range(26):
        (seat,) = GAME.to_act(state)
        state, _ = play(state, seat, f"place {next(cells)}")
    assert state.phase == "play" and GAME.to_act(state) == {0}
    assert GAME.view(state, None)["actions_left"] == 3


def test_the_game_ends_when_placement_leaves_only_one_player_able_to_move() -> None:
    # bob fills the two top rows but one cell; alice takes that cell and every cell around.
    boxed = ["A1", "A2", "A3", "A4", "A5", "A6", "B1", "B2", "B3", "B4", "B5", "B6", "B7"]
    walls = [*boundary(boxed), "M1", "M2", "M3", "M4"]
    assert len(walls) == 13
    state = GAME.new_game(NAMES[:2], seed=3)
    for alice, bob in zip(walls, boxed, strict=True):
        state, _ = play(state, 0, f"place {alice}")
        state, events = play(state, 1, f"place {bob}")
    assert GAME.is_over(state)
    assert state.end_reason == "at most one player can still move a figure"
    assert "the game ends: at most one player can still move a figure" in texts(events)


def test_a_resigned_player_leaves_the_board_keeps_points_and_ranks_last() -> None:
    state = position(players=3, figures=OPEN3, scores=[5, 20, 8], current=1)
    state, events = GAME.resign(state, 2)
    assert "carol resigns" in texts(events)[0]
    assert all(code != 2 for code in state.board) and state.out[2] == 2
    assert state.scores == [5, 20, 8]
    assert GAME.to_act(state) == {1}  # bob's turn goes on
    assert GAME.ranking(state) == [[1], [0], [2]]
    state, _ = GAME.apply(state, 1, "move M9 M7; move M7 M5; move C10 C8")
    assert GAME.to_act(state) == {0}  # carol's turn is skipped
    with pytest.raises(IllegalAction, match="already resigned"):
        GAME.resign(state, 2)


def test_resigning_on_your_turn_ends_it_and_a_last_player_standing_ends_the_game() -> None:
    state = position(players=3, figures=OPEN3)
    state, _ = play(state, 0, "move H3 H5")
    state, _ = GAME.resign(state, 0)
    assert GAME.to_act(state) == {1} and state.board[cell("H5")] == -1
    state, events = GAME.resign(state, 1)
    assert GAME.is_over(state)
    assert GAME.ranking(state) == [[2], [0, 1]]
    assert texts(events)[-1] == "carol wins with 0 points"


def test_resigning_during_placement_drops_the_unplaced_figures() -> None:
    state = GAME.new_game(NAMES[:3], seed=2)
    state, _ = play(state, 0, "place A1")
    state, _ = GAME.resign(state, 1)
    assert state.to_place == [9, 0, 10] and state.out[1] == 10
    assert GAME.to_act(state) == {2}


def test_skip_ends_the_absent_players_turn_keeping_actions_made() -> None:
    state = position(players=3, figures=OPEN3)
    state, _ = play(state, 0, "move H3 H5")
    state, events = GAME.skip(state, 0)
    assert texts(events) == ["alice is skipped for the rest of this turn"]
    assert GAME.to_act(state) == {1} and state.board[cell("H5")] == 0
    state, _ = GAME.skip(state, 1)
    assert GAME.to_act(state) == {2}
    assert state.last_turn is not None and state.last_turn.passed
    with pytest.raises(NotYourTurn):
        GAME.skip(state, 0)


def test_skip_during_placement_sets_the_figure_aside() -> None:
    state = GAME.new_game(NAMES[:2], seed=2)
    state, _ = GAME.skip(state, 0)
    assert state.to_place == [12, 13] and state.out == [1, 0]
    assert GAME.to_act(state) == {1}


def test_nothing_is_accepted_once_the_game_is_over() -> None:
    state = position(players=2, figures={"H3": 0, "M9": 1})
    state, _ = GAME.resign(state, 1)
    assert GAME.is_over(state)
    with pytest.raises(GameOver):
        GAME.skip(state, 0)
    with pytest.raises(GameOver):
        GAME.resign(state, 0)


def test_equal_scores_share_a_place_in_the_ranking() -> None:
    state = position(players=4, figures={"H3": 0, "M9": 1}, scores=[7, 12, 7, 3])
    assert GAME.ranking(state) == [[1], [0, 2], [3]]
    assert GAME.scores(state) == [7, 12, 7, 3]
