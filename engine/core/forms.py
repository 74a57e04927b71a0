"""Notation by forms: how one kind of action is written — its keyword, a fixed number of cells
(hexes, squares), then at least `least` and at most `most` more words — with the form in words
for the error that shows how to write it. A game keeps one table of forms (kind → `Form`);
`Form.read` checks the number of words and reads the cells, so the game's reader only makes
its action of what is left."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .errors import ParseError
from .messages import Message, msg


class Form(NamedTuple):
    #: How the kind is written, for error messages (`build <hex>, e.g. 'build E5'`).
    text: Message
    cells: int = 0
    least: int = 0
    most: int = 0

    def refused(self, text: str) -> ParseError:
        """The error for `text`, which is not written in this form."""
        return ParseError(text, msg("write {form}", form=self.text))

    def read(
        self,
        text: str,
        words: list[str],
        cell: Callable[[str], int | None],
        unknown: Callable[[str], Message],
    ) -> tuple[list[int], list[str]]:
        """The cells and the other words of `words` (the words of `text` after the keyword):
        `cell` finds a cell by name, `unknown` says why a name names none."""
        if not self.cells + self.least <= len(words) <= self.cells + self.most:
            raise self.refused(text)
        cells: list[int] = []
        for name in words[: self.cells]:
            index = cell(name)
            if index is None:
                raise ParseError(text, unknown(name))
            cells.append(index)
        return cells, words[self.cells :]
