"""The commands' words in the reader's language: each command's name and description, each
option's name and description, as messages worded from the catalogue
`bot/commands/locales/<language>.po` (docs/i18n.md, "Commands").

The English text is the msgid; the msgctxt says what it is, so that one English word may be
worded differently in two places:

- a command's name: context `command` (`newgame` → `neuespiel`);
- an option's name: context `option`, one German name per English one in every command;
- a command's description: context `/<command>`;
- an option's description: context `/<command> <option>`.

Discord shows the translated names and descriptions (`bot/discord_app/translator.py`); the
console keeps its English names and shows the descriptions in its reader's language
(`help_text`).
"""

from __future__ import annotations

import re

from engine.core import Message, msg
from engine.core.i18n import FALLBACK, add_catalogues, word

from ..service.texts import MAX_REPLY
from .specs import COMMANDS, CommandDef, OptionDef, placeholder_of

add_catalogues("bot.commands")

COMMAND_NAME = "command"
OPTION_NAME = "option"
#: What stands for an option's value in a usage line (`<number>`).
PLACEHOLDER = "placeholder"


def command_name(command: CommandDef) -> Message:
    return Message(command.name, context=COMMAND_NAME)


def command_description(command: CommandDef) -> Message:
    return Message(command.description, context=f"/{command.name}")


def option_name(option: OptionDef) -> Message:
    return Message(option.name, context=OPTION_NAME)


def option_description(command: CommandDef, option: OptionDef) -> Message:
    return Message(option.template, dict(option.values), context=f"/{command.name} {option.name}")


def command_messages(command: CommandDef) -> list[Message]:
    """Every message of `command`: its name and description, its options' names and
    descriptions (what a catalogue must translate for it)."""
    found = [command_name(command), command_description(command)]
    for option in command.options:
        found += [option_name(option), option_description(command, option)]
    return found


#: `/rules game:x topic:y`: a command and what follows it up to the end of its code span, line,
#: or the next command.
_COMMAND_REFERENCE = re.compile(r"(?<![\w/])/([a-z]+)\b([^`\n/]*)")
#: `topic:` — an option named before its value.
_OPTION_REFERENCE = re.compile(r"(?<![\w:/-])([a-z][a-z-]*):")


def named_for_discord(text: str, language: str, command: CommandDef | None = None) -> str:
    """`text` with the commands it names (`/rules game:x topic:y`) named as Discord shows
    them to a reader of `language` (`/regeln spiel:x thema:y`); `command`: whose options the
    text may name without naming the command (its own description). The console, which
    reads the English names, shows texts as they are."""
    if language == FALLBACK:
        return text

    def command_named(found: re.Match[str]) -> str:
        named = COMMANDS.get(found[1])
        if named is None:
            return found[0]
        return f"/{word(command_name(named), language)}{_options_named(found[2], named, language)}"

    text = _COMMAND_REFERENCE.sub(command_named, text)
    return text if command is None else _options_named(text, command, language)


def _options_named(text: str, command: CommandDef, language: str) -> str:
    def option_named(found: re.Match[str]) -> str:
        option = command.option(found[1])
        return found[0] if option is None else f"{word(option_name(option), language)}:"

    return _OPTION_REFERENCE.sub(option_named, text)


#: The examples /help ends with.
HELP_EXAMPLES = ("newgame", "move", "rules")


def help_text(language: str = FALLBACK) -> str:
    """The console's /help: every command with its options, described in `language` (the
    console's command and option names stay English: it reads them so), in one message —
    closed by examples when they fit."""

    def placeholder(option: OptionDef) -> str:
        return word(Message(placeholder_of(option), context=PLACEHOLDER), language)

    lines = [word(msg("Commands (options are written key:value; […] is optional):"), language)]
    lines += [
        f"{command.usage(short=True, placeholder=placeholder)} — "
        f"{word(command_description(command), language)}"
        for command in COMMANDS.values()
    ]
    examples = " · ".join(COMMANDS[name].example for name in HELP_EXAMPLES)
    closing = word(msg("For example: {examples}", examples=examples), language)
    if len("\n".join([*lines, closing])) <= MAX_REPLY:  # the examples only where they fit
        lines.append(closing)
    return "\n".join(lines)
