"""A turn: three actions, the first a move, none left out while it is possible; passing."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction, NotYourTurn

from .helpers import GAME, cell, play, position, texts

# alice: H7 and J2 in open country; bob: M9 and C10. Nothing else on the board.
OPEN = {"H7": 0, "J2": 0, "M9": 1, "C10": 1}


def test_the_first_action_of_a_turn_must_be_a_move() -> None:
    state = position(figures=OPEN)
    with pytest.raises(IllegalAction, match="first action of a turn must be a move"):
        GAME.apply(state, 0, "stone H8")
    assert all(text.startswith("move ") for text in GAME.legal_actions(state, 0))


@pytest.mark.parametrize(
    "turn",
    [
        "move H7 H9; move H9 H11; move J2 J4",  # move, move, move
        "move H7 H9; move J2 J4; stone J5",  # move, move, stone
        "move H7 H9; stone H10; stone I9",  # move, stone, stone
        "move H7 H9; stone H10; move J2 J4",  # move, stone, move
    ],
)
def test_every_allowed_combination_is_a_whole_turn(turn: str) -> None:
    state = position(figures=OPEN)
    after, _ = GAME.apply(state, 0, turn)
    assert GAME.to_act(after) == {1}
    assert after.turn == state.turn + 1
    assert after.last_turn is not None and after.last_turn.seat == 0


def test_the_turn_goes_on_while_an_action_is_possible() -> None:
    state = position(figures=OPEN)
    state, _ = play(state, 0, "move H7 H9")
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, None)["actions_left"] == 2
    state, _ = play(state, 0, "stone H10")
    assert GAME.to_act(state) == {0}
    assert GAME.view(state, None)["actions_left"] == 1
    with pytest.raises(IllegalAction, match="remaining actions"):
        GAME.apply(state, 0, "pass")
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, "move M9 M10")


def test_the_turn_ends_by_itself_when_no_action_is_left() -> None:
    # alice's only figure steps A2 → A1 between bob's figures on B1 and B2; the stone on A2
    # then leaves it no free neighbour, and she has nothing else to move.
    state = position(players=3, figures={"A2": 0, "B1": 1, "B2": 1, "M9": 2})
    state, events = play(state, 0, "move A2 A1", "stone A2")
    assert GAME.to_act(state) == {1}
    assert "alice has no further action; the turn ends" in texts(events)
    assert state.areas == []


def test_a_player_who_cannot_move_must_pass_and_only_then() -> None:
    # alice's figure on A1 is boxed in by bob's figures and a stone.
    state = position(players=3, figures={"A1": 0, "B1": 1, "B2": 1, "M9": 2}, stones=["A2"])
    assert GAME.legal_actions(state, 0) == ["pass"]
    with pytest.raises(IllegalAction, match="blocked"):
        GAME.apply(state, 0, "move A1 A2")
    state, events = play(state, 0, "pass")
    assert texts(events) == ["alice cannot move a figure and passes"]
    assert GAME.to_act(state) == {1}
    assert state.last_turn is not None and state.last_turn.passed


def test_passing_is_refused_when_a_figure_can_move() -> None:
    state = position(figures=OPEN)
    assert "pass" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="you can still move a figure"):
        GAME.apply(state, 0, "pass")


def test_a_player_without_figures_is_skipped() -> None:
    state = position(players=3, figures={"H7": 0, "M9": 2, "C10": 2})
    state, events = play(state, 0, "move H7 H9; move H9 H11; move H11 H13")
    assert GAME.to_act(state) == {2}
    assert "bob has no figures left and is skipped" in texts(events)


def test_turn_number_counts_every_turn() -> None:
    state = position(figures=OPEN)
    state, _ = GAME.apply(state, 0, "move H7 H9; move H9 H11; move J2 J4")
    assert state.turn == 31
    assert state.board[cell("J4")] == 0
