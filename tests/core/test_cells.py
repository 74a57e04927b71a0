"""Cell codes (engine.core.cells)."""

from __future__ import annotations

from engine.core import positions


def test_positions_lists_the_cells_holding_a_code_in_board_order() -> None:
    codes = [-1, 2, 0, 2, 2, -1]
    assert positions(codes, 2) == [1, 3, 4]
    assert positions(codes, -1) == [0, 5]
    assert positions(codes, 7) == []
    assert positions("..h.th", "h") == [2, 5]
