"""Echoing user input: printable, on one line, at most 60 characters; and every refusal of the
engine echoes an absurd input that way."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.core import EngineError, Game, ParseError, printable, shorten
from engine.core.echo import ECHO_LIMIT


@pytest.mark.parametrize(
    ("typed", "shown"),
    [
        ("move E5 E8", "move E5 E8"),
        ("keep\x00 obelisk\x07\x1b[31m", "keep obelisk[31m"),
        ("alice\u202eevil", "aliceevil"),
        ("a\u2066b\u2069c\u200fd", "abcd"),
        ("two\nlines\r\tand tabs", "two lines and tabs"),
        ("  spaced   out  ", "spaced out"),
        ("🎲" * 3, "🎲🎲🎲"),
    ],
)
def test_printable_drops_control_and_direction_characters(typed: str, shown: str) -> None:
    assert printable(typed) == shown


def test_a_long_input_is_cut_to_sixty_characters_with_an_ellipsis() -> None:
    shown = shorten("place " + "x" * 6000)
    assert len(shown) == ECHO_LIMIT and shown.endswith("…")
    assert shown.startswith("place xxx")


def test_a_short_input_is_echoed_whole() -> None:
    assert shorten("stone F6") == "stone F6"
    assert shorten("y" * ECHO_LIMIT) == "y" * ECHO_LIMIT


def test_a_long_run_of_spaces_does_not_hide_the_cut() -> None:
    """Only the beginning is read; what it leaves out is still marked."""
    assert shorten("pass" + " " * 10_000 + "E5").endswith("…")


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda game: game.info.key)
@pytest.mark.parametrize("typed", ["x" * 6000, "move " + "E5 " * 2000, "keep " + "ob" * 3000])
def test_every_refusal_echoes_an_absurd_move_in_a_few_words(game: Game[Any], typed: str) -> None:
    state = game.new_game(["alice", "bob"], 3)
    seat = min(game.to_act(state))
    with pytest.raises(EngineError) as refused:
        game.apply(state, seat, typed)
    assert typed not in str(refused.value)
    assert len(str(refused.value)) < 900


def test_a_whole_turn_names_its_failing_part_shortened() -> None:
    error = ParseError("z" * 500, "nonsense").with_part(2, 3)
    assert str(error).startswith(f"Part 2 of 3 ('{'z' * 59}…'): '{'z' * 59}…' is not understood")
