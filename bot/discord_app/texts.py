"""The Discord adapter's own words: about Discord itself (threads, posting, options it could
not read, failures) and its /help, read from the registered command tree. Everything about
tables and games is worded by the service; cogs only present it.

Each text is a message, worded for its reader (`languages.py`) from
`bot/discord_app/locales/<language>.po`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.core import Message, msg, term
from engine.core.i18n import FALLBACK, word

from ..commands import COMMANDS
from ..commands.words import command_description, command_name, option_name
from .translator import in_language

SOMETHING_WENT_WRONG = msg(
    "Something went wrong on my side, so nothing was changed. It has been logged; "
    "please try again in a moment."
)
SERVERS_ONLY = msg("This command works in a server's channels only.")
NO_THREAD_IN_A_THREAD = msg(
    "This is a thread already, and threads cannot hold threads: use /newgame here without "
    "thread:true, or in the channel itself."
)
THREADS_IN_TEXT_CHANNELS_ONLY = msg(
    "Tables get a thread of their own only in text channels; use /newgame here without thread:true."
)
MAY_NOT_OPEN_THREADS = msg(
    "I may not open threads here (I need the Create Public Threads permission). /newgame "
    "without thread:true opens the table in this channel."
)


def unreadable_option(value: object) -> Message:
    return msg("I could not read the option {value}; please pick it again.", value=repr(value))


def thread_name(game_name: str, user_name: str) -> str:
    """A table's thread is named after the game and whoever opened it (Discord allows 100)."""
    return f"{game_name} — {user_name}"[:100]


def not_posted(status: int) -> Message:
    """The start of the private answer when the result is stored but could not be posted."""
    return msg(
        "Done — but Discord did not let me post it in the channel (HTTP {status}). Nothing "
        "was lost or done twice; /board shows the table to everyone. What happened:\n",
        status=str(status),
    )


_KIND = {
    discord.AppCommandOptionType.string: term("text", "placeholder"),
    discord.AppCommandOptionType.integer: term("number", "placeholder"),
    discord.AppCommandOptionType.number: term("number", "placeholder"),
    discord.AppCommandOptionType.boolean: term("true|false", "placeholder"),
    discord.AppCommandOptionType.user: term("@member", "placeholder"),
    discord.AppCommandOptionType.channel: term("#channel", "placeholder"),
}
_CHOICE = term("choice", "placeholder")
_VALUE = term("value", "placeholder")


def usage(command: app_commands.Command[Any, ..., Any], language: str = FALLBACK) -> str:
    """`/move action:<text> [preview]`: optional options by their names only, so that /help
    fits one message. In `language`: the names Discord shows its reader."""
    spec = COMMANDS.get(command.qualified_name)
    options = {option.identifier: option for option in spec.options} if spec else {}
    name = command.qualified_name
    if spec is not None:
        name = in_language(command_name(spec), language) or name
    parts = [f"/{name}"]
    for parameter in command.parameters:
        kind = _CHOICE if parameter.choices else _KIND.get(parameter.type, _VALUE)
        shown = parameter.display_name
        option = options.get(parameter.name)
        if option is not None:
            shown = in_language(option_name(option), language) or shown
        required = f"{shown}:<{word(kind, language)}>"
        parts.append(required if parameter.required else f"[{shown}]")
    return " ".join(parts)


def help_text(tree: app_commands.CommandTree[Any], language: str = FALLBACK) -> str:
    """/help: every registered command with its options, so it lists exactly what is there;
    in `language`, as a reader of that language sees the commands."""
    lines = [
        word(msg("**Meeple Post** — board games by post. Commands ([…] is optional):"), language)
    ]
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            spec = COMMANDS.get(command.qualified_name)
            described = command.description
            if spec is not None:
                described = in_language(command_description(spec), language, spec) or described
            lines.append(f"`{usage(command, language)}` — {described}")
    move = COMMANDS["move"]
    typing = f"/{in_language(command_name(move), language) or move.name} "
    typing += f"{in_language(option_name(move.options[0]), language) or move.options[0].name}:"
    moves = msg(
        "Moves: start typing after {typing} and pick from the legal moves offered; several "
        "actions of one turn go together, separated by ';'.",
        typing=typing,
    )
    lines.append(word(moves, language))
    return "\n".join(lines)
