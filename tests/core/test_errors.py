"""The engine's errors: a small hierarchy whose messages name the player's input."""

from __future__ import annotations

import pytest

from engine.core.errors import (
    ActionError,
    BadOptions,
    EngineError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    ParseError,
    UnknownGame,
)

MANY = [f"take {n}" for n in range(1, 9)]


def test_hierarchy() -> None:
    for action_error in (ParseError, IllegalAction, NotYourTurn, GameOver):
        assert issubclass(action_error, ActionError)
    for error in (ActionError, BadOptions, UnknownGame):
        assert issubclass(error, EngineError)
    assert not issubclass(BadOptions, ActionError)
    assert not issubclass(UnknownGame, ActionError)


def test_parse_error_names_the_input_and_what_would_be_right() -> None:
    error = ParseError("tkae 2", "try 'take N'")
    assert error.text == "tkae 2"
    assert "'tkae 2'" in str(error)
    assert "try 'take N'" in str(error)
    assert "Did you mean" not in str(error)


def test_parse_error_offers_suggestions() -> None:
    error = ParseError("tkae 2", "try 'take N'", ["take 2", "take 1"])
    assert error.suggestions == ["take 2", "take 1"]
    assert str(error).endswith("Did you mean: take 2, take 1?")


def test_illegal_action_says_why_and_suggests() -> None:
    error = IllegalAction("take 9", "you may take 1 to 3", ["take 3"])
    assert (error.text, error.why) == ("take 9", "you may take 1 to 3")
    assert "'take 9'" in str(error)
    assert "you may take 1 to 3" in str(error)
    assert "take 3" in str(error)


@pytest.mark.parametrize("error_class", [IllegalAction, ParseError])
def test_at_most_five_suggestions_best_first(error_class: type[ParseError | IllegalAction]) -> None:
    error = error_class("take 9", "no", MANY)
    assert error.suggestions == MANY[:5]
    assert "take 6" not in str(error)


def test_not_your_turn_names_the_player_the_input_and_who_is_awaited() -> None:
    error = NotYourTurn("take 1", "bob", ["alice", "carol"])
    message = str(error)
    for word in ("bob", "'take 1'", "alice, carol"):
        assert word in message
    assert error.waiting_for == ["alice", "carol"]
    assert "nobody" in str(NotYourTurn("take 1", "bob", []))


def test_game_over_names_the_input() -> None:
    error = GameOver("take 1")
    assert "over" in str(error)
    assert "'take 1'" in str(error)


def test_unknown_game_names_the_key_and_the_known_games() -> None:
    error = UnknownGame("chess", ["terra-nova-2006", "pile"])
    assert error.key == "chess"
    assert "'chess'" in str(error)
    assert "terra-nova-2006, pile" in str(error)


@pytest.mark.parametrize(
    "error",
    [
        ParseError("tkae 2", "try 'take N'", ["take 2"]),
        IllegalAction("take 9", "you may take 1 to 3", ["take 3"]),
        NotYourTurn("take 9", "bob", ["alice"]),
        GameOver("take 9"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_with_part_names_the_failing_part(error: ActionError) -> None:
    original = str(error)
    located = error.with_part(2, 3)
    assert type(located) is type(error)
    assert str(located) == f"Part 2 of 3 ('{error.text}'): {original}"
    assert located.text == error.text
    assert located.reason == error.reason
    assert getattr(located, "suggestions", None) == getattr(error, "suggestions", None)
    assert str(error) == original  # the original is left alone
