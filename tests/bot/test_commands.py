"""Parsing `/command key:value` lines the way the slash commands take options."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS, CommandError, OptionDef, parse_command, parse_game_options
from bot.commands.dispatch import HANDLERS


def test_a_value_runs_until_the_next_known_key_and_may_hold_spaces() -> None:
    call = parse_command("/move action:move E5 E8; stone F6 preview:true")
    assert call.command.name == "move"
    assert call.options == {"action": "move E5 E8; stone F6", "preview": True}


def test_text_before_any_key_fills_the_first_option() -> None:
    assert parse_command("/move take 2").options == {"action": "take 2", "preview": False}
    assert parse_command("/skip bob").options == {"player": "bob"}


def test_newgame_takes_the_games_options_as_discord_does() -> None:
    call = parse_command(
        "/newgame game:terra-nova-2006 options:size:7  variant:long game seed:42 thread:false"
    )
    assert call.options == {
        "game": "terra-nova-2006",
        "options": "size:7  variant:long game",
        "seed": 42,
        "thread": False,
        "skip-after": 24,
        "clock": None,
    }
    assert parse_game_options(call.text("options")) == {"size": "7", "variant": "long game"}


def test_whole_numbers_are_converted_and_checked() -> None:
    assert parse_command("/history count:5").number("count") == 5
    assert parse_command("/history").number("count") == 10
    with pytest.raises(CommandError, match="count of /history takes a whole number, not 'x'"):
        parse_command("/history count:x")
    with pytest.raises(CommandError, match="count of /history takes a whole number from 1 to 50"):
        parse_command("/history count:51")


def every_option() -> list[tuple[str, OptionDef]]:
    return [(name, option) for name, spec in COMMANDS.items() for option in spec.options]


def line_with(command: str, option: OptionDef, value: str) -> str:
    """`/command` with `option` set to `value` and every other required option filled."""
    parts = [f"/{command}"]
    for other in COMMANDS[command].options:
        if other.required and other.name != option.name:
            parts.append(f"{other.name}:x")
    parts.append(f"{option.name}:{value}")
    return " ".join(parts)


@pytest.mark.parametrize(
    ("command", "option"), every_option(), ids=[f"{c}-{o.name}" for c, o in every_option()]
)
def test_the_console_checks_every_option_as_discord_does(command: str, option: OptionDef) -> None:
    """Each option's kind, range and length, from the one definition both transports use."""
    if option.kind == "int":
        assert option.min_value is not None and option.max_value is not None
        for good in (option.min_value, option.max_value):
            assert parse_command(line_with(command, option, str(good))).number(option.name) == good
        for bad in (option.min_value - 1, option.max_value + 1):
            with pytest.raises(CommandError, match="takes a whole number from"):
                parse_command(line_with(command, option, str(bad)))
    elif option.kind == "bool":
        assert parse_command(line_with(command, option, "true")).flag(option.name) is True
        assert parse_command(line_with(command, option, "off")).flag(option.name) is False
        with pytest.raises(CommandError, match="takes true or false, not 'maybe'"):
            parse_command(line_with(command, option, "maybe"))
    elif option.max_length is not None:
        longest = "x" * option.max_length
        assert parse_command(line_with(command, option, longest)).text(option.name) == longest
        with pytest.raises(CommandError, match=f"takes at most {option.max_length:,} characters"):
            parse_command(line_with(command, option, longest + "x"))
    else:
        assert parse_command(line_with(command, option, "some thing")).text(option.name) == (
            "some thing"
        )
    if not option.required:
        absent = parse_command(line_with(command, option, "1").rsplit(" ", 1)[0])
        assert absent.options[option.name] == option.default


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
        (
            "/newgame game:pile size:6",
            "/newgame has no option 'size' (its options: game, options, seed, thread, "
            "skip-after, clock). Did you mean seed:? A game's own options go in options:, e.g. "
            "options:size:<value>.",
        ),
        ("/skip player:bob seeed:3", "/skip has no option 'seeed' (its options: player)."),
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


def test_a_games_options_are_read_as_key_value_pairs() -> None:
    text = "size:7  variant:long game first-game:true"
    assert parse_game_options(text) == {"size": "7", "variant": "long game", "first-game": "true"}
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
