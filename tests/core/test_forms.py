"""Notation by forms (engine/core/forms.py): the count of words, the cells, the error."""

from __future__ import annotations

import pytest

from engine.core import Form, ParseError, msg
from engine.core.i18n import word

MOVE = Form(msg("move <cell> <cell> [fast]"), cells=2, least=0, most=1)
CELLS = {"a1": 0, "b2": 1}


def read(text: str) -> tuple[list[int], list[str]]:
    words = text.split()[1:]
    return MOVE.read(text, words, CELLS.get, lambda name: msg("no cell {name}", name=name))


def test_the_cells_come_first_then_the_other_words() -> None:
    assert read("move a1 b2") == ([0, 1], [])
    assert read("move b2 a1 fast") == ([1, 0], ["fast"])


@pytest.mark.parametrize("text", ["move a1", "move a1 b2 fast now"])
def test_too_few_or_too_many_words_show_the_form(text: str) -> None:
    with pytest.raises(ParseError) as error:
        read(text)
    assert error.value.message.english().endswith("write move <cell> <cell> [fast]")


def test_an_unknown_cell_says_so_and_the_form_error_reads_in_german() -> None:
    with pytest.raises(ParseError) as error:
        read("move a1 z9")
    assert error.value.message.english().endswith("no cell z9")
    assert word(MOVE.refused("move").message, "de").startswith("„move“ ist unverständlich")
