"""Typed records from data rows (engine/core/records.py): each field read by its type."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import pytest

from engine.core import from_row

Colour = Literal["red", "blue"]


@dataclass(frozen=True)
class Weight:
    grams: int


@dataclass(frozen=True)
class Piece:
    key: str
    colour: Colour
    count: int
    heavy: bool
    sizes: tuple[int, ...]
    weight: Weight | None
    note: str = "none"


def test_each_field_is_read_by_its_type_in_the_order_of_the_columns() -> None:
    row = ["3", "blue", "cube", "yes", "1 2 3", "40", "x"]
    columns = "count colour key heavy sizes weight -"
    piece = from_row(Piece, row, columns, {Weight: lambda text: Weight(int(text))})
    assert piece == Piece("cube", "blue", 3, True, (1, 2, 3), Weight(40))


def test_a_dash_is_none_and_a_field_reader_wins_over_the_type() -> None:
    row = ["cube", "red", "2", "no", "", "-", "NOTE"]
    columns = "key colour count heavy sizes weight note"
    piece = from_row(Piece, row, columns, {Weight: lambda text: Weight(int(text))}, note=str.lower)
    assert piece == Piece("cube", "red", 2, False, (), None, "note")


@pytest.mark.parametrize(
    ("row", "error"),
    [
        (["cube", "green", "2", "no", "", "-", ""], "unknown colour 'green'"),
        (["cube", "red", "2", "maybe", "", "-", ""], "unknown yes or no 'maybe'"),
        (["cube", "red", "2"], "3 fields, expected 7"),
    ],
)
def test_a_wrong_value_or_row_names_what_is_wrong(row: list[str], error: str) -> None:
    with pytest.raises(ValueError, match=error):
        from_row(Piece, row, "key colour count heavy sizes weight note", {Weight: int})
