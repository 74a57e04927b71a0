"""Reading action texts, and the errors for text that is no action."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import EngineError, IllegalAction, NotYourTurn, ParseError
from engine.core.echo import shorten
from engine.core.notation import split_turn

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


def check_any_text(text: str) -> bool:
    """What any text typed as alice's turn on STATE must do: every part is either a spelling of
    an action legal at that point (and does what that action does), or the whole turn is
    refused with the error of its first failing part — a parse error or an illegal action
    (or "not your turn" for a part after the turn ended) that names the part and suggests at
    most five actions legal there — and STATE is left as it was."""
    before = GAME.dump_state(STATE)
    parts = split_turn(text)
    state, failure = STATE, None
    for part in parts:
        legal = GAME.legal_actions(state, 0)
        try:
            after, _ = GAME.apply(state, 0, part)
        except EngineError as error:
            failure = (part, legal, error)
            break
        outcomes = {GAME.dump_state(GAME.apply(state, 0, action).state) for action in legal}
        assert GAME.dump_state(after) in outcomes, f"{part!r} did something no legal action does"
        state = after
    try:
        result = GAME.apply(STATE, 0, text)
    except EngineError as error:
        assert GAME.dump_state(STATE) == before
        if not parts:
            assert isinstance(error, ParseError) and "empty" in str(error)
            return False
        assert failure is not None, f"{text!r} was refused though every part applies: {error}"
        part, legal, first = failure
        assert type(error) is type(first) and error.reason == first.reason
        assert isinstance(error, (ParseError, IllegalAction)) or (
            isinstance(error, NotYourTurn) and parts.index(part) > 0
        )
        assert f"'{shorten(part)}'" in str(error)  # named as the player typed it, echoed safely
        suggestions = getattr(error, "suggestions", [])
        assert len(suggestions) <= 5 and set(suggestions) <= set(legal)
        return False
    assert failure is None, f"{text!r} was accepted though {failure[0]!r} alone is refused"
    assert parts and GAME.dump_state(result.state) == GAME.dump_state(state)
    assert GAME.dump_state(STATE) == before
    return True


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_legal_action_or_refused_with_a_clear_error(text: str) -> None:
    check_any_text(text)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.sampled_from(["move", "stone", "place", "pass", "e5", "E8", "-", "→", " ", "z99", ";"]),
        max_size=8,
    )
)
def test_action_like_word_salad_is_a_legal_action_or_refused_with_a_clear_error(
    words: list[str],
) -> None:
    check_any_text(" ".join(words))


@pytest.mark.parametrize(
    ("text", "accepted"),
    [
        ("", False),
        (" ; ", False),
        ("move E5 E5", False),
        ("move E5 E8", True),
        ("move E5 E8; stone E9", True),
        ("E5-E8; stone e9;", True),
        ("move E5 E8; pass", False),
        ("move E5 E8; stone A1", False),
    ],
)
def test_the_check_on_texts_known_to_be_accepted_or_refused(text: str, accepted: bool) -> None:
    assert check_any_text(text) is accepted
