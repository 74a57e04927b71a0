"""What a game is — its `GameInfo` — read from a data file beside its code (`data/game.txt`),
with the game's other content: the texts players read about it (what it is, what each option
and standing answer does) are kept apart from the rules, as its tiles and cards are.

The file is a data file (datafile.py) with these records:

    game     | <key> | <name> | <fewest players> | <most players> | <what it is>
    option   | <key> | bool, choice or int | <default> | <choices, or -> | <what it does>
    standing | <key> | <what it does>

An `int` option may add its least and greatest value (`| 1 | 9`, `-` for no limit). A
default is read as the option reads a value typed for it (`no` is False).
"""

from __future__ import annotations

from .automatic import StandingAnswer
from .datafile import by_kind, read_text, rows_of
from .game import GameInfo, OptionSpec, OptionValue


def read_info(package: str, name: str = "data/game.txt") -> GameInfo:
    """The `GameInfo` of the data file `name` inside `package`."""
    return info_of(read_text(package, name))


def info_of(text: str) -> GameInfo:
    """The `GameInfo` a data file's text describes."""
    records = by_kind(rows_of(text))
    ((key, title, fewest, most, summary),) = records["game"]
    return GameInfo(
        key=key,
        name=title,
        min_players=int(fewest),
        max_players=int(most),
        summary=summary,
        options=[_option(*row) for row in records.get("option", [])],
        standing_answers=[
            StandingAnswer(key=key, description=text) for key, text in records.get("standing", [])
        ],
    )


def _option(
    key: str, kind: str, default: str, choices: str, text: str, least: str = "-", most: str = "-"
) -> OptionSpec:
    spec = OptionSpec.model_validate(
        {
            "key": key,
            "description": text,
            "kind": kind,
            "default": default,
            "choices": [] if choices == "-" else choices.split(),
            "minimum": None if least == "-" else int(least),
            "maximum": None if most == "-" else int(most),
        }
    )
    value: OptionValue = spec.coerce(default)
    return spec.model_copy(update={"default": value})
