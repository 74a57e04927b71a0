"""Data files: one record a line, fields between `|`, comments and blank lines skipped."""

from __future__ import annotations

import pytest

from engine.core import one_of
from engine.core.datafile import by_kind, read_rows, rows_of

TEXT = """# a comment | with a bar
bonus | bonus1 |  6 money  | 6 money

  # an indented comment
town | 9vp | 9
bonus | bonus2 | 3 money 3 power | 3 money and 3 power
"""


def test_rows_are_split_at_bars_and_stripped_skipping_comments_and_blank_lines() -> None:
    assert rows_of(TEXT) == [
        ["bonus", "bonus1", "6 money", "6 money"],
        ["town", "9vp", "9"],
        ["bonus", "bonus2", "3 money 3 power", "3 money and 3 power"],
    ]


def test_rows_are_grouped_by_their_kind_in_file_order() -> None:
    grouped = by_kind(rows_of(TEXT))
    assert list(grouped) == ["bonus", "town"]
    assert grouped["bonus"] == [
        ["bonus1", "6 money", "6 money"],
        ["bonus2", "3 money 3 power", "3 money and 3 power"],
    ]
    assert grouped["town"] == [["9vp", "9"]]


def test_a_data_file_is_read_from_its_package() -> None:
    rows = read_rows("engine.games.terra_nova", "data/tiles.txt")
    assert ["town", "9vp", "9", "0", "0", "0"] in rows


def test_one_of_gives_the_typed_member_or_names_what_is_unknown() -> None:
    sides = ("A", "B")
    assert one_of("B", sides, "mat side") == "B"
    with pytest.raises(ValueError, match=r"unknown mat side 'C' \(known: A, B\)"):
        one_of("C", sides, "mat side")
