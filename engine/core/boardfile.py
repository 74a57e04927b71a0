"""The board file format of the hex games (`terra_nova_2006/board.txt`, `terra_nova/data/*.txt`).

One line per board row, top row first; the letter of the cell with axial coordinates (q, r)
stands in column 2q + r of the line of row r (column 0 is the first character), so each row is
shifted half a cell against its neighbours, as the hexes lie on the board. Spaces are no cell.
Lines starting with `#` are comments and blank lines are skipped; a line `key: word word …`
(a key of `lists`) lists extra data, such as a board's bridge spots.
"""

from __future__ import annotations

from collections.abc import Container
from dataclasses import dataclass, field

from .hexgrid import Hex


@dataclass(frozen=True)
class BoardFile:
    """A board file read: the letter of every cell, and the words of each `key:` line."""

    letters: dict[Hex, str]
    lists: dict[str, list[str]] = field(default_factory=dict)


def read_board(
    text: str,
    letters: Container[str],
    lists: Container[str] = (),
    what: str = "letter",
) -> BoardFile:
    """Read a board file whose cells use `letters`; `key:` lines are allowed for `lists`.

    Raises ValueError naming the row of an unknown letter (called a `what`) or of a letter
    off the hex grid.
    """
    found: dict[Hex, str] = {}
    extra: dict[str, list[str]] = {}
    r = 0
    for line in text.splitlines():
        if line.startswith("#") or not line.strip():
            continue
        key, colon, words = line.partition(":")
        if colon and key in lists:
            extra.setdefault(key, []).extend(words.split())
            continue
        for column, letter in enumerate(line.rstrip()):
            if letter == " ":
                continue
            if letter not in letters:
                raise ValueError(f"row {r + 1}: unknown {what} {letter!r}")
            if (column - r) % 2:
                raise ValueError(f"row {r + 1}: letter in column {column} is off the hex grid")
            found[Hex((column - r) // 2, r)] = letter
        r += 1
    return BoardFile(found, extra)
