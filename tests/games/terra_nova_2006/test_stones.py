"""Where boundary stones may go: free cells next to a figure moved this turn."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import BOARD, GAME, boundary, cell, names, play, position


def stone_cells(state_texts: list[str]) -> set[str]:
    return {t.split()[1] for t in state_texts if t.startswith("stone ")}


def free_neighbours(name: str, *taken: str) -> set[str]:
    return set(names(BOARD.neighbours[cell(name)])) - set(taken)


def test_move_stone_stone_puts_both_stones_next_to_the_moved_figure() -> None:
    state = position(figures={"H3": 0, "J2": 0, "A1": 1})
    state, _ = play(state, 0, "move H3 H5")
    assert stone_cells(GAME.legal_actions(state, 0)) == free_neighbours("H5")
    with pytest.raises(IllegalAction, match="J3 is not next to a figure you moved this turn"):
        GAME.apply(state, 0, "stone J3")  # next to J2, which has not moved
    state, events = play(state, 0, "stone H6")
    assert events[0].text == "alice places a stone on H6 (69 left)"
    assert stone_cells(GAME.legal_actions(state, 0)) == free_neighbours("H5", "H6")
    state, _ = play(state, 0, "stone G5")
    assert {names([c])[0] for c, code in enumerate(state.board) if code == -2} == {"H6", "G5"}


def test_move_move_stone_may_go_next_to_either_moved_figure() -> None:
    state = position(figures={"H3": 0, "L5": 0, "A1": 1})
    state, _ = play(state, 0, "move H3 H5", "move L5 L7")
    assert stone_cells(GAME.legal_actions(state, 0)) == free_neighbours("H5") | free_neighbours(
        "L7"
    )
    first, _ = GAME.apply(state, 0, "stone H6")
    second, _ = GAME.apply(state, 0, "stone L8")
    assert GAME.to_act(first) == GAME.to_act(second) == {1}


def test_move_stone_move_puts_the_stone_next_to_the_first_moved_figure() -> None:
    state = position(figures={"H3": 0, "L5": 0, "A1": 1})
    state, _ = play(state, 0, "move H3 H5")
    with pytest.raises(IllegalAction, match="not next to a figure you moved"):
        GAME.apply(state, 0, "stone L6")
    state, _ = play(state, 0, "stone H6", "move L5 L7")
    assert GAME.to_act(state) == {1}


def test_the_stone_follows_the_figure_to_where_it_stands_now() -> None:
    state = position(figures={"H3": 0, "A1": 1})
    state, _ = play(state, 0, "move H3 H5", "move H5 H9")
    legal = stone_cells(GAME.legal_actions(state, 0))
    assert legal == free_neighbours("H9")
    assert "H4" not in legal


def test_stones_go_on_free_cells_only() -> None:
    state = position(figures={"H3": 0, "H6": 1, "A1": 1}, stones=["I5"])
    state, _ = play(state, 0, "move H3 H5")
    with pytest.raises(IllegalAction, match="H6 already holds bob's figure"):
        GAME.apply(state, 0, "stone H6")
    with pytest.raises(IllegalAction, match="I5 already holds a stone"):
        GAME.apply(state, 0, "stone I5")


def test_a_moved_figure_that_left_the_game_offers_no_neighbours() -> None:
    # Stones ring A1–A3 except A4; alice steps from A2 to A3 and closes the ring on A4.
    ring = [name for name in boundary(["A1", "A2", "A3"]) if name != "A4"]
    state = position(figures={"A2": 0, "H7": 0, "M9": 1}, stones=ring)
    state, _ = play(state, 0, "move A2 A3", "stone A4")
    assert len(state.areas) == 1 and state.board[cell("A3")] == -1
    legal = GAME.legal_actions(state, 0)
    assert not stone_cells(legal)
    assert {text.split()[0] for text in legal} == {"move"}
    with pytest.raises(IllegalAction, match="not next to a figure you moved"):
        GAME.apply(state, 0, "stone A2")
