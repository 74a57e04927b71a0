"""Reading `key:value key:value` text, the option syntax of the slash commands — the one
reader of it, for whole console lines (`/command key:value …`) and for Discord's
`/newgame options:` text (a game's options).

A value runs until the next ` key:` that is an option (of a command: one it knows; for
/newgame, which also takes the game's options, and for a game's options: any ` word:`), so
values may contain spaces and colons. In a console line, text before the first key goes to
the command's first option, so `/move E5 E8` works too.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass

from engine.core import shorten

from ..service import ServiceError
from .specs import COMMANDS, CommandDef

_KEY = re.compile(r"(?:^|(?<=\s))([A-Za-z_][\w-]*):")


class CommandError(ServiceError):
    """The text is not a well-formed command; the message says what would be right."""


@dataclass(frozen=True, slots=True)
class Invocation:
    command: CommandDef
    options: dict[str, str | int]

    def text(self, name: str, default: str = "") -> str:
        return str(self.options.get(name, default))

    def number(self, name: str, default: int) -> int:
        value = self.options.get(name, default)
        assert isinstance(value, int), "int options are converted while parsing"
        return value

    def extra(self) -> dict[str, str]:
        """The options the command does not list itself (a game's options for /newgame)."""
        return {
            key: str(value)
            for key, value in self.options.items()
            if self.command.option(key) is None
        }


def parse_command(text: str) -> Invocation:
    text = text.strip()
    if not text.startswith("/"):
        raise CommandError(_missing_slash(text))
    name, _, rest = text[1:].partition(" ")
    command = COMMANDS.get(name.lower())
    if command is None:
        raise CommandError(_unknown_command(name))
    return Invocation(command, _parse_options(command, rest.strip()))


def _missing_slash(text: str) -> str:
    """The answer to a line without the leading `/`, naming the command it probably was."""
    words = text.split(maxsplit=1)
    if words and words[0].lower() in COMMANDS:
        return f"Commands start with '/': did you mean /{shorten(text)}?"
    return "Commands start with '/', for example /help or /board."


def _unknown_command(name: str) -> str:
    close = difflib.get_close_matches(name.lower(), list(COMMANDS), n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join('/' + c for c in close)}?" if close else ""
    return f"Unknown command /{shorten(name)}.{hint} /help lists every command."


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
    (Discord's `/newgame options:`; at the console they follow /newgame's own options)."""
    if not text or not text.strip():
        return {}
    leading, pairs = read_pairs(text, lambda key: True)
    if leading or not all(value for _, value in pairs):
        raise CommandError(
            f"I could not read the options '{shorten(text)}': write each as key:value, "
            "separated by spaces (e.g. options:size:5). /rules game:<game> lists a game's options."
        )
    options: dict[str, str] = {}
    for key, value in pairs:
        if key in options:
            raise CommandError(f"The option {shorten(key)} is given twice in '{shorten(text)}'.")
        options[key] = value
    return options


def _parse_options(command: CommandDef, rest: str) -> dict[str, str | int]:
    known = {option.name for option in command.options}
    leading, pairs = read_pairs(rest, lambda key: command.open_options or key in known)
    raw: dict[str, str] = {}
    if leading:
        raw[_leading_option(command, leading)] = leading
    for key, value in pairs:
        if key in raw:
            raise CommandError(f"/{command.name} got the option {shorten(key)} twice.")
        if not value:
            raise CommandError(
                f"The option {shorten(key)} of /{command.name} needs a value after '{key}:'."
            )
        raw[key] = value
    for option in command.options:
        if option.required and option.name not in raw:
            raise CommandError(
                f"/{command.name} needs the option {option.name}: {command.usage()}"
                + (f", e.g. {command.example}" if command.example else "")
            )
    return {key: _convert(command, key, value) for key, value in raw.items()}


def _leading_option(command: CommandDef, leading: str) -> str:
    """The option that text before any `key:` fills: the command's first one."""
    stray = _KEY.match(leading)
    if stray:
        names = [option.name for option in command.options]
        close = difflib.get_close_matches(stray.group(1).lower(), names, n=1, cutoff=0.5)
        hint = f" Did you mean {close[0]}:?" if close else ""
        raise CommandError(
            f"/{command.name} has no option '{shorten(stray.group(1))}' "
            f"(its options: {', '.join(names) or 'none'}).{hint}"
        )
    if not command.options:
        raise CommandError(f"/{command.name} takes no options; just type /{command.name}.")
    return command.options[0].name


def _convert(command: CommandDef, key: str, value: str) -> str | int:
    option = command.option(key)
    if option is None or option.kind == "text":
        return value
    try:
        return int(value)
    except ValueError:
        raise CommandError(
            f"The option {key} of /{command.name} takes a whole number, not '{shorten(value)}'."
        ) from None
