"""Reading action texts, and the errors for text that is no action."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError, IllegalAction, ParseError

from .helpers import GAME, cell, position

STATE = position(figures={"E5": 0, "A1": 1})


@pytest.mark.parametrize(
    "text",
    ["move E5 E8", "MOVE e5 e8", "move E5-E8", "E5-E8", "e5 e8", "E5 → E8", " move  e 5 - e 8 "],
)
def test_every_accepted_form_of_a_move(text: str) -> None:
    after, events = GAME.apply(STATE, 0, text)
    assert after.board[cell("E8")] == 0
    assert events[0].text == "alice moves E5 → E8"


@pytest.mark.parametrize(
    "text",
    ["move E5 E8", "MOVE e5 e8", "move E5-E8", "E5-E8", "e5 e8", "E5 → E8", " move  e 5 - e 8 "],
)
def test_every_accepted_form_of_a_move_reads_as_the_legal_text(text: str) -> None:
    assert GAME.canonical_text(STATE, 0, text) == "move E5 E8"
    assert GAME.public_text(STATE, 0, f"{text}; stone e9") == "move E5 E8; stone E9"


def test_stone_place_and_pass_forms() -> None:
    state, _ = GAME.apply(STATE, 0, "move E5 E8")
    after, _ = GAME.apply(state, 0, "  Stone   e9 ")
    assert after.board[cell("E9")] == -2
    placing = GAME.new_game(["a", "b"], seed=1)
    after, _ = GAME.apply(placing, 0, "PLACE o6")
    assert after.board[cell("O6")] == 0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("jump E5", "not understood"),
        ("move E5", "'move' takes two cells"),
        ("stone", "'stone' takes one cell"),
        ("pass E5", "'pass' takes no cell"),
        ("E5", "not understood"),
        ("move E5 Z9", "Z9 is not a cell of the board"),
        ("move E5 A7", "A7 is not a cell of the board"),
    ],
)
def test_text_that_is_no_action_is_a_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message) as error:
        GAME.apply(STATE, 0, text)
    assert text in str(error.value)
    assert 0 < len(error.value.suggestions) <= 5


def test_illegal_actions_suggest_nearby_legal_ones() -> None:
    with pytest.raises(IllegalAction) as error:
        GAME.apply(STATE, 0, "move E5 F7")
    assert 0 < len(error.value.suggestions) <= 5
    assert all(s in GAME.legal_actions(STATE, 0) for s in error.value.suggestions)
    assert error.value.suggestions[0].startswith("move E5 ")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_raises_only_engine_errors(text: str) -> None:
    with contextlib.suppress(EngineError):
        GAME.apply(STATE, 0, text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(["move", "stone", "place", "pass", "e5", "E8", "-", "→", " ", "z99", ";"]),
        max_size=8,
    )
)
def test_action_like_word_salad_raises_only_engine_errors(words: list[str]) -> None:
    with contextlib.suppress(EngineError):
        GAME.apply(STATE, 0, " ".join(words))
