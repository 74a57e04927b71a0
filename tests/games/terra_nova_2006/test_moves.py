"""Moving figures: straight lines, no jumping, the three-move rule, blocked figures."""

from __future__ import annotations

import pytest

from engine.core import DIRECTIONS, IllegalAction

from .helpers import BOARD, GAME, cell, play, position


def straight_line_cells(start: str) -> set[str]:
    """Every cell in one of the six directions from `start`, worked out from coordinates."""
    origin = BOARD.hex(cell(start))
    found = set()
    for index, name in enumerate(BOARD.names):
        dq, dr = BOARD.hex(index).q - origin.q, BOARD.hex(index).r - origin.r
        steps = max(abs(dq), abs(dr))
        if steps and any((dq, dr) == (d.q * steps, d.r * steps) for d in DIRECTIONS):
            found.add(name)
    return found


def destinations(state_texts: list[str], start: str) -> set[str]:
    return {t.split()[2] for t in state_texts if t.startswith(f"move {start} ")}


def test_a_lone_figure_reaches_every_cell_in_its_six_straight_lines() -> None:
    state = position(figures={"H7": 0, "A1": 1})
    legal = GAME.legal_actions(state, 0)
    assert destinations(legal, "H7") == straight_line_cells("H7")
    assert len(destinations(legal, "H7")) > 20
    with pytest.raises(IllegalAction, match="not in a straight line"):
        GAME.apply(state, 0, "move H7 I9")


def test_a_move_goes_at_least_one_cell() -> None:
    state = position(figures={"H7": 0, "A1": 1})
    with pytest.raises(IllegalAction, match="at least one cell"):
        GAME.apply(state, 0, "move H7 H7")


def test_moves_stop_before_stones_and_figures_and_never_jump() -> None:
    state = position(figures={"H3": 0, "H9": 1, "A1": 1}, stones=["H6"])
    east = destinations(GAME.legal_actions(state, 0), "H3") & {f"H{i}" for i in range(1, 15)}
    assert east == {"H1", "H2", "H4", "H5"}
    with pytest.raises(IllegalAction, match="H3 → H8 jumps over a stone on H6"):
        GAME.apply(state, 0, "move H3 H8")
    with pytest.raises(IllegalAction, match="H6 already holds a stone"):
        GAME.apply(state, 0, "move H3 H6")
    state, _ = play(state, 0, "move H3 H5", "stone H4", "stone I5")
    # bob's figure on H9 may go west up to H7, next to the stone, but not past it.
    with pytest.raises(IllegalAction, match="jumps over a stone on H6"):
        GAME.apply(state, 1, "move H9 H5")
    blocked_by_figure = position(figures={"H3": 0, "H6": 1, "A1": 1})
    with pytest.raises(IllegalAction, match="jumps over bob's figure on H6"):
        GAME.apply(blocked_by_figure, 0, "move H3 H8")


def test_only_your_own_figures_move() -> None:
    state = position(figures={"H3": 0, "H9": 1})
    with pytest.raises(IllegalAction, match="the figure on H9 is bob's, not yours"):
        GAME.apply(state, 0, "move H9 H10")
    with pytest.raises(IllegalAction, match="no figure of yours on H4"):
        GAME.apply(state, 0, "move H4 H5")


def test_moves_may_be_spread_over_figures_or_made_by_one() -> None:
    state = position(figures={"H3": 0, "J2": 0, "A1": 1})
    one, _ = GAME.apply(state, 0, "move H3 H5; move H5 H7; move H7 H9")
    assert one.board[cell("H9")] == 0
    spread, _ = GAME.apply(state, 0, "move H3 H5; move J2 J4; move H5 H7")
    assert spread.board[cell("H7")] == 0 and spread.board[cell("J4")] == 0


def test_a_figure_may_not_end_its_third_move_where_it_began_the_turn() -> None:
    state = position(figures={"H3": 0, "J2": 0, "A1": 1})
    state, _ = play(state, 0, "move H3 H6", "move H6 H5")
    assert "move H5 H3" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="where it began this turn"):
        GAME.apply(state, 0, "move H5 H3")
    after, _ = GAME.apply(state, 0, "move H5 H2")
    assert after.board[cell("H2")] == 0


def test_returning_after_two_moves_or_with_another_figure_is_allowed() -> None:
    state = position(figures={"H3": 0, "H1": 0, "A1": 1})
    back, _ = GAME.apply(state, 0, "move H3 H5; move H5 H3")
    assert back.board[cell("H3")] == 0
    # H3 moves away and the other figure takes its starting cell as the third move.
    other, _ = GAME.apply(state, 0, "move H3 H5; move H5 H7; move H1 H3")
    assert other.board[cell("H3")] == 0 and other.board[cell("H7")] == 0


def test_a_blocked_figure_cannot_be_chosen_when_another_can_move() -> None:
    # alice's figure on A1 has bob's figures and a stone all round it.
    state = position(figures={"A1": 0, "H7": 0, "B1": 1, "B2": 1}, stones=["A2"])
    with pytest.raises(IllegalAction, match="the figure on A1 is blocked") as error:
        GAME.apply(state, 0, "move A1 C1")
    assert error.value.suggestions
    assert all(text.startswith("move H7 ") for text in GAME.legal_actions(state, 0))


def test_a_figure_blocked_at_the_start_of_the_turn_may_move_once_freed() -> None:
    # The book only bars a blocked figure from the first move: once alice's figure on A2
    # steps away, the one on A1 has a free neighbour and may make the second move.
    state = position(figures={"A1": 0, "A2": 0, "H7": 0, "B1": 1, "B2": 1})
    assert not any(text.startswith("move A1 ") for text in GAME.legal_actions(state, 0))
    state, _ = play(state, 0, "move A2 A4")
    after, events = GAME.apply(state, 0, "move A1 A3")
    assert after.board[cell("A3")] == 0
    assert events[0].text == "alice moves A1 → A3"
