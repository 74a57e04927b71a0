"""Reading `key:value key:value` text, the option syntax of the slash commands — the one
reader of it, for whole console lines (`/command key:value …`) and for the `/newgame
options:` text (a game's options).

A value runs until the next ` key:` that is an option (of a command: one it has; of a game:
any ` word:`), so values may contain spaces and colons. In a console line, text before the
first key goes to the command's first option, so `/move E5 E8` works too. Each value is
checked as its definition says (`specs.py`): a whole number within its range, true or false,
text no longer than its limit — what Discord checks before a command reaches the bot.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import Message, msg, shorten

from ..service import ServiceError
from .specs import COMMANDS, CommandDef, OptionDef

_KEY = re.compile(r"(?:^|(?<=\s))([A-Za-z_][\w-]*):")
_TRUE = frozenset({"true", "yes", "on", "1"})
_FALSE = frozenset({"false", "no", "off", "0"})

Value = str | int | bool | None


class CommandError(ServiceError):
    """The text is not a well-formed command; the message says what would be right."""


@dataclass(frozen=True, slots=True)
class Invocation:
    """A command with the value of each of its options (the default where none was given)."""

    command: CommandDef
    options: dict[str, Value]

    def text(self, name: str) -> str:
        value = self.options[name]
        return "" if value is None else str(value)

    def maybe_text(self, name: str) -> str | None:
        value = self.options[name]
        return None if value is None else str(value)

    def number(self, name: str) -> int:
        value = self.options[name]
        assert isinstance(value, int), f"/{self.command.name} {name} is a whole number"
        return value

    def maybe_number(self, name: str) -> int | None:
        value = self.options[name]
        assert value is None or isinstance(value, int)
        return value

    def flag(self, name: str) -> bool | None:
        value = self.options[name]
        assert value is None or isinstance(value, bool)
        return value


def parse_command(text: str) -> Invocation:
    text = text.strip()
    if not text.startswith("/"):
        raise CommandError(_missing_slash(text))
    name, _, rest = text[1:].partition(" ")
    command = COMMANDS.get(name.lower())
    if command is None:
        raise CommandError(_unknown_command(name))
    return Invocation(command, _parse_options(command, rest.strip()))


def _missing_slash(text: str) -> Message:
    """The answer to a line without the leading `/`, naming the command it probably was."""
    words = text.split(maxsplit=1)
    if words and words[0].lower() in COMMANDS:
        return msg("Commands start with '/': did you mean /{text}?", text=shorten(text))
    return msg("Commands start with '/', for example /help or /board.")


def _unknown_command(name: str) -> Message:
    close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=3, cutoff=0.5)
    hint = (
        msg(" Did you mean {commands}?", commands=", ".join("/" + c for c in close))
        if close
        else ""
    )
    return msg(
        "Unknown command /{name}.{hint} /help lists every command.", name=shorten(name), hint=hint
    )


def read_pairs(text: str, is_key: Callable[[str], bool]) -> tuple[str, list[tuple[str, str]]]:
    """`text` split at each ` key:` whose (lower-cased) key `is_key` accepts: the text before
    the first one, and each key with its value (stripped; possibly empty), in order."""
    starts = [match for match in _KEY.finditer(text) if is_key(match.group(1).lower())]
    leading = text[: starts[0].start()] if starts else text
    pairs = [
        (
            match.group(1).lower(),
            text[match.end() : starts[index + 1].start() if index + 1 < len(starts) else None],
        )
        for index, match in enumerate(starts)
    ]
    return leading.strip(), [(key, value.strip()) for key, value in pairs]


def parse_game_options(text: str | None) -> dict[str, str]:
    """A game's options written as `size:5 variant:basic` → {"size": "5", "variant": "basic"}
    (the `options:` of /newgame)."""
    if not text or not text.strip():
        return {}
    leading, pairs = read_pairs(text, lambda key: True)
    if leading or not all(value for _, value in pairs):
        raise CommandError(
            msg(
                "I could not read the options '{text}': write each as key:value, separated by "
                "spaces (e.g. options:monuments:off). /rules game:<game> lists a game's options.",
                text=shorten(text),
            )
        )
    options: dict[str, str] = {}
    for key, value in pairs:
        if key in options:
            raise CommandError(
                msg(
                    "The option {key} is given twice in '{text}'.",
                    key=shorten(key),
                    text=shorten(text),
                )
            )
        options[key] = value
    return options


def _parse_options(command: CommandDef, rest: str) -> dict[str, Value]:
    known = {option.name for option in command.options}
    leading, pairs = read_pairs(rest, lambda key: key in known)
    raw: dict[str, str] = {}
    if leading:
        raw[_leading_option(command, leading)] = leading
    for key, value in pairs:
        if key in raw:
            raise CommandError(
                msg(
                    "/{command} got the option {key} twice.", command=command.name, key=shorten(key)
                )
            )
        if not value:
            raise CommandError(
                msg(
                    "The option {key} of /{command} needs a value after '{typed}:'.",
                    key=shorten(key),
                    command=command.name,
                    typed=key,
                )
            )
        raw[key] = value
    values: dict[str, Value] = {}
    for option in command.options:
        if option.name in raw:
            values[option.name] = _convert(command, option, raw[option.name])
        elif option.required:
            example = msg(", e.g. {example}", example=command.example) if command.example else ""
            raise CommandError(
                msg(
                    "/{command} needs the option {option}: {usage}{example}",
                    command=command.name,
                    option=option.name,
                    usage=command.usage(),
                    example=example,
                )
            )
        else:
            values[option.name] = option.default
    return values


def _leading_option(command: CommandDef, leading: str) -> str:
    """The option that text before any `key:` fills: the command's first one."""
    stray = _KEY.match(leading)
    if stray:
        raise CommandError(_no_such_option(command, stray.group(1)))
    if not command.options:
        raise CommandError(
            msg("/{command} takes no options; just type /{command}.", command=command.name)
        )
    return command.options[0].name


def _no_such_option(command: CommandDef, key: str) -> Message:
    names = [option.name for option in command.options]
    close = difflib.get_close_matches(key.lower(), names, n=1, cutoff=0.5)
    hint: Message | str = msg(" Did you mean {option}:?", option=close[0]) if close else ""
    if command.option("options") is not None:
        own = msg(
            " A game's own options go in options:, e.g. options:{key}:<value>.", key=shorten(key)
        )
        hint = msg("{hint}{own}", hint=hint, own=own)
    return msg(
        "/{command} has no option '{key}' (its options: {options}).{hint}",
        command=command.name,
        key=shorten(key),
        options=", ".join(names) or msg("none"),
        hint=hint,
    )


def _convert(command: CommandDef, option: OptionDef, value: str) -> Value:
    """The value as its option's kind and limits want it; CommandError otherwise."""
    where = msg("The option {option} of /{command}", option=option.name, command=command.name)
    if option.kind != "text":
        stray = next((match for match in _KEY.finditer(value) if match.start() > 0), None)
        if stray:
            raise CommandError(_no_such_option(command, stray.group(1)))
    if option.kind == "bool":
        word = value.lower()
        if word in _TRUE | _FALSE:
            return word in _TRUE
        raise CommandError(
            msg("{where} takes true or false, not '{text}'.", where=where, text=shorten(value))
        )
    if option.kind == "int":
        try:
            number = int(value)
        except ValueError:
            raise CommandError(
                msg("{where} takes a whole number, not '{text}'.", where=where, text=shorten(value))
            ) from None
        low, high = option.min_value, option.max_value
        if (low is not None and number < low) or (high is not None and number > high):
            raise CommandError(
                msg(
                    "{where} takes a whole number from {low} to {high}, not {number}.",
                    where=where,
                    low=str(low),
                    high=str(high),
                    number=number,
                )
            )
        return number
    if option.max_length is not None and len(value) > option.max_length:
        raise CommandError(
            msg(
                "{where} takes at most {most} characters; this has {length}.",
                where=where,
                most=option.max_length,
                length=len(value),
            )
        )
    return value
