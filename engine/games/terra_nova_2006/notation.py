"""Reading action texts: `place E5`, `move E5 E8` (also `E5-E8`, `E5 → E8`), `stone F6`, `pass`.

Parsing is case-insensitive and lenient about spaces; it only checks the form and that the
cells exist. Whether the action is allowed is the rules' business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal, NamedTuple

from engine.core import ParseError, nearest, shorten

from .board import Board

Kind = Literal["place", "move", "stone", "pass"]

_CELL = r"[a-z]\s*\d{1,3}"
_FORM = re.compile(rf"^(place|move|stone|pass)?\s*((?:{_CELL}\s*)*)$")
_CELLS = re.compile(_CELL)
_ARROWS = re.compile(r"→|->|-|–|—|,|\bto\b")
_KINDS: dict[str, Kind] = {"place": "place", "move": "move", "stone": "stone", "pass": "pass"}
_CELL_COUNT: dict[Kind, int] = {"place": 1, "move": 2, "stone": 1, "pass": 0}


class Action(NamedTuple):
    kind: Kind
    cells: tuple[int, ...]


def move_text(board: Board, start: int, end: int) -> str:
    return f"move {board.names[start]} {board.names[end]}"


def action_text(board: Board, action: Action) -> str:
    """The canonical text of a parsed action (as `legal_actions` lists it)."""
    if action.kind == "move":
        return move_text(board, *action.cells)
    return " ".join([action.kind, *(board.names[cell] for cell in action.cells)])


def parse_action(board: Board, text: str, legal: Callable[[], Sequence[str]]) -> Action:
    """The action `text` denotes; raises ParseError (with nearest legal texts) if none."""
    spaced = _ARROWS.sub(" ", text.lower()).strip()
    match = _FORM.match(spaced)
    if match is None:
        raise ParseError(text, _usage(), nearest(text, legal()))
    keyword, rest = match.group(1), match.group(2)
    names = [name.replace(" ", "") for name in _CELLS.findall(rest)]
    kind: Kind
    if keyword is not None:
        kind = _KINDS[keyword]
    elif len(names) == 2:
        kind = "move"
    else:
        raise ParseError(text, _usage(), nearest(text, legal()))
    if len(names) != _CELL_COUNT[kind]:
        wanted = _CELL_COUNT[kind]
        cells = "no cell" if wanted == 0 else "one cell" if wanted == 1 else "two cells"
        raise ParseError(text, f"'{kind}' takes {cells}. {_usage()}", nearest(text, legal()))
    indices: list[int] = []
    for name in names:
        index = board.cell(name)
        if index is None:
            rows = board.grid.row_letters()
            raise ParseError(
                text,
                f"{shorten(name.upper())} is not a cell of the board (rows {rows[0]}–{rows[-1]}, "
                "numbered from 1 at the left of each row)",
                nearest(text, legal()),
            )
        indices.append(index)
    return Action(kind, tuple(indices))


def _usage() -> str:
    return "actions look like 'place E5', 'move E5 E8', 'stone F6' or 'pass'"
