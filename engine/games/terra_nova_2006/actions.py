"""The action type: `place E5`, `move E5 E8` (also `E5-E8`, `E5 → E8`), `stone F6`, `pass`.

`Action.parse` is case-insensitive and lenient about spaces and arrows; it only checks the form
and that the cells exist. Whether the action is allowed is the checker's business (checks.py).
`Action.text()` writes the one canonical form that `legal_actions` lists.

Listing legal actions is the hot path of playouts and searches, so every action the board
allows is made once, with its text, and handed out from the tables at the bottom (`PLACE`,
`STONE`, `MOVE`); an action is a value, so sharing one object is safe.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from engine.core import ParseError, msg

from .board import standard_board

Kind = Literal["place", "move", "stone", "pass"]

_CELL = r"[a-z]\s*\d{1,3}"
_FORM = re.compile(rf"^(place|move|stone|pass)?\s*((?:{_CELL}\s*)*)$")
_CELLS = re.compile(_CELL)
_ARROWS = re.compile(r"→|->|-|–|—|,|\bto\b")
_KINDS: dict[str, Kind] = {"place": "place", "move": "move", "stone": "stone", "pass": "pass"}
_CELL_COUNT: dict[Kind, int] = {"place": 1, "move": 2, "stone": 1, "pass": 0}
USAGE = msg("actions look like 'place E5', 'move E5 E8', 'stone F6' or 'pass'")


@dataclass(frozen=True, slots=True)
class Action:
    """An action as a value: its kind and the cells (board indices) it names, in order."""

    kind: Kind
    cells: tuple[int, ...] = ()
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = standard_board().names
        object.__setattr__(self, "_text", " ".join([self.kind, *(names[c] for c in self.cells)]))

    def text(self) -> str:
        return self._text

    def public_text(self) -> str:
        return self._text  # nothing in this game is secret

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action `text` denotes; raises ParseError if it denotes none."""
        spaced = _ARROWS.sub(" ", text.lower()).strip()
        match = _FORM.match(spaced)
        if match is None:
            raise ParseError(text, USAGE)
        keyword, rest = match.group(1), match.group(2)
        names = [name.replace(" ", "") for name in _CELLS.findall(rest)]
        kind: Kind
        if keyword is not None:
            kind = _KINDS[keyword]
        elif len(names) == 2:
            kind = "move"
        else:
            raise ParseError(text, USAGE)
        wanted = _CELL_COUNT[kind]
        if len(names) != wanted:
            cells = (msg("no cell"), msg("one cell"), msg("two cells"))[wanted]
            raise ParseError(
                text, msg("'{kind}' takes {cells}. {usage}", kind=kind, cells=cells, usage=USAGE)
            )
        return _made(kind, tuple(_cell(text, name) for name in names))


def _cell(text: str, name: str) -> int:
    board = standard_board()
    index = board.cell(name)
    if index is None:
        raise ParseError(text, board.grid.unknown(name))
    return index


def _made(kind: Kind, cells: tuple[int, ...]) -> Action:
    """The action from the tables, or a new one (a move that is no straight line, say)."""
    if kind == "move":
        return MOVE[cells[0]].get(cells[1]) or Action(kind, cells)
    return PASS if kind == "pass" else (PLACE if kind == "place" else STONE)[cells[0]]


_EVERY_CELL = range(len(standard_board()))
PASS = Action("pass")
#: `place`/`stone` per cell; per start cell, the moves along its six lines by end cell.
PLACE = tuple(Action("place", (cell,)) for cell in _EVERY_CELL)
STONE = tuple(Action("stone", (cell,)) for cell in _EVERY_CELL)
MOVE = tuple(
    {end: Action("move", (cell, end)) for ray in standard_board().rays[cell] for end in ray}
    for cell in _EVERY_CELL
)
#: Per start cell, each line from it that has cells, as its cells in order, each with the move
#: that ends there (a listing walks a line while the cells are free).
LINES = tuple(
    tuple(
        tuple((end, MOVE[cell][end]) for end in ray) for ray in standard_board().rays[cell] if ray
    )
    for cell in _EVERY_CELL
)
