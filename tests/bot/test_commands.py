"""Parsing `/command key:value` lines the way the slash commands take options."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS, CommandError, parse_command, parse_game_options
from bot.commands.dispatch import HANDLERS


def test_a_value_runs_until_the_next_known_key_and_may_hold_spaces() -> None:
    call = parse_command("/move action:move E5 E8; stone F6")
    assert call.command.name == "move"
    assert call.options == {"action": "move E5 E8; stone F6"}


def test_text_before_any_key_fills_the_first_option() -> None:
    assert parse_command("/move take 2").options == {"action": "take 2"}
    assert parse_command("/skip bob").options == {"player": "bob"}


def test_newgame_takes_the_games_own_options() -> None:
    call = parse_command("/newgame game:terra-nova-2006 seed:42 size:7  variant:long game")
    assert call.options == {
        "game": "terra-nova-2006",
        "seed": 42,
        "size": "7",
        "variant": "long game",
    }
    assert call.extra() == {"size": "7", "variant": "long game"}


def test_whole_numbers_are_converted_and_checked() -> None:
    assert parse_command("/history count:5").number("count", 10) == 5
    assert parse_command("/history").number("count", 10) == 10
    with pytest.raises(CommandError, match="count of /history takes a whole number, not 'x'"):
        parse_command("/history count:x")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("/mvoe action:take 1", "Unknown command /mvoe. Did you mean /move?"),
        ("/frobnicate", "Unknown command /frobnicate. /help lists every command."),
        ("move take 1", "Commands start with '/': did you mean /move take 1?"),
        ("hello there", "Commands start with '/', for example /help or /board."),
        ("", "Commands start with '/', for example /help or /board."),
        (
            "/history cnt:3",
            "/history has no option 'cnt' (its options: count). Did you mean count:?",
        ),
        ("/join now", "/join takes no options"),
        ("/move", "/move needs the option action"),
        ("/newgame seed:3", "/newgame needs the option game"),
        ("/undo count:1 count:2", "got the option count twice"),
        ("/move action:", "needs a value after 'action:'"),
    ],
)
def test_mistakes_get_a_friendly_explanation(line: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_command(line)
    assert message in str(caught.value)


def test_every_command_is_dispatched() -> None:
    assert set(HANDLERS) == set(COMMANDS)


def test_a_games_options_are_read_as_newgames_own_options_are() -> None:
    text = "size:7  variant:long game first_game:true"
    assert parse_game_options(text) == parse_command(f"/newgame game:pile {text}").extra()
    assert parse_game_options(text) == {"size": "7", "variant": "long game", "first_game": "true"}
    assert parse_game_options("  ") == parse_game_options(None) == {}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bigger board", "I could not read the options 'bigger board': write each as key:value"),
        ("size:", "I could not read the options 'size:'"),
        ("size:5 size:6", "The option size is given twice in 'size:5 size:6'."),
    ],
)
def test_unreadable_game_options_say_how_to_write_them(text: str, message: str) -> None:
    with pytest.raises(CommandError) as caught:
        parse_game_options(text)
    assert message in str(caught.value)
