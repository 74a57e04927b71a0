"""The board file format shared by the hex games (engine.core.boardfile)."""

from __future__ import annotations

import pytest

from engine.core import Hex, read_board


def test_rows_are_shifted_half_a_cell_and_comments_and_blank_lines_skipped() -> None:
    text = "# a comment\nA B\n\n C D\nE\n"
    board = read_board(text, "ABCDE")
    assert board.letters == {
        Hex(0, 0): "A",
        Hex(1, 0): "B",
        Hex(0, 1): "C",
        Hex(1, 1): "D",
        Hex(-1, 2): "E",
    }
    assert board.lists == {}


def test_listed_keys_collect_their_words_and_other_keys_are_rows() -> None:
    text = "A ~ A\nbridges: A1-A2 A2-A3\nbridges: B1-B2\n"
    board = read_board(text, "A~", lists=("bridges",))
    assert board.lists == {"bridges": ["A1-A2", "A2-A3", "B1-B2"]}
    assert len(board.letters) == 3
    with pytest.raises(ValueError, match="row 2: unknown letter 'b'"):
        read_board(text, "A~")


def test_unknown_letters_and_letters_off_the_grid_name_their_row() -> None:
    with pytest.raises(ValueError, match=r"row 2: unknown landscape 'X'"):
        read_board("F G\n X", "FG", what="landscape")
    with pytest.raises(ValueError, match="row 1: letter in column 1 is off the hex grid"):
        read_board("FG", "FG")
