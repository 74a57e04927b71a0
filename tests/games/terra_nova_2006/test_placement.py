"""Set-up and the placement phase."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction

from .helpers import BOARD, GAME, NAMES, cell, play


@pytest.mark.parametrize(("players", "figures"), [(2, 13), (3, 10), (4, 8)])
def test_figure_count_depends_on_player_count(players: int, figures: int) -> None:
    state = GAME.new_game(NAMES[:players], seed=5)
    view = GAME.view(state, None)
    assert [p["figures_to_place"] for p in view["players"]] == [figures] * players
    assert [p["colour"] for p in view["players"]] == ["yellow", "red", "blue", "green"][:players]
    assert state.stones_left == 80


def test_placement_goes_round_in_seat_order_until_all_figures_are_placed() -> None:
    state = GAME.new_game(NAMES[:3], seed=5)
    free = [name for name in BOARD.names]
    order = []
    for _ in range(30):
        assert state.phase == "placement"
        (seat,) = GAME.to_act(state)
        order.append(seat)
        state, _ = play(state, seat, f"place {free.pop()}")
    assert order == [0, 1, 2] * 10
    assert state.phase == "play"
    assert GAME.to_act(state) == {0}
    assert [sum(code == s for code in state.board) for s in range(3)] == [10, 10, 10]


def test_a_figure_may_be_placed_on_any_empty_cell_including_the_lake() -> None:
    state = GAME.new_game(NAMES[:2], seed=5)
    assert BOARD.landscape_key(cell("D1")) == "lake"
    assert len(GAME.legal_actions(state, 0)) == 168
    state, events = play(state, 0, "place D1")
    assert state.board[cell("D1")] == 0
    assert events[0].text == "alice places a figure on D1"
    assert "place D1" not in GAME.legal_actions(state, 1)
    with pytest.raises(IllegalAction, match="D1 is not empty"):
        GAME.apply(state, 1, "place D1")


def test_moves_and_stones_are_refused_during_placement() -> None:
    state = GAME.new_game(NAMES[:2], seed=5)
    state, _ = play(state, 0, "place A1")
    with pytest.raises(IllegalAction, match="placement phase"):
        GAME.apply(state, 1, "move A1 A2")
    with pytest.raises(IllegalAction, match="placement phase"):
        GAME.apply(state, 1, "stone A2")
