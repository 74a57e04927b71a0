"""The Discord adapter's own words: about Discord itself (threads, posting, options it could
not read, failures) and its /help, read from the registered command tree. Everything about
tables and games is worded by the service; cogs only present it."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

SOMETHING_WENT_WRONG = (
    "Something went wrong on my side, so nothing was changed. It has been logged; "
    "please try again in a moment."
)
SERVERS_ONLY = "This command works in a server's channels only."
NO_THREAD_IN_A_THREAD = (
    "This is a thread already, and threads cannot hold threads: use /newgame here without "
    "thread:true, or in the channel itself."
)
THREADS_IN_TEXT_CHANNELS_ONLY = (
    "Tables get a thread of their own only in text channels; use /newgame here without thread:true."
)
MAY_NOT_OPEN_THREADS = (
    "I may not open threads here (I need the Create Public Threads permission). /newgame "
    "without thread:true opens the table in this channel."
)


def unreadable_option(value: object) -> str:
    return f"I could not read the option {value!r}; please pick it again."


def thread_name(game_name: str, user_name: str) -> str:
    """A table's thread is named after the game and whoever opened it (Discord allows 100)."""
    return f"{game_name} — {user_name}"[:100]


def not_posted(status: int) -> str:
    """The start of the private answer when the result is stored but could not be posted."""
    return (
        "Done — but Discord did not let me post it in the channel "
        f"(HTTP {status}). Nothing was lost or done twice; "
        "/board shows the table to everyone. What happened:\n"
    )


_KIND = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "number",
    discord.AppCommandOptionType.number: "number",
    discord.AppCommandOptionType.boolean: "true|false",
    discord.AppCommandOptionType.user: "@member",
    discord.AppCommandOptionType.channel: "#channel",
}


def usage(command: app_commands.Command[Any, ..., Any]) -> str:
    """`/move action:<text> [preview]`: optional options by their names only, so that /help
    fits one message."""
    parts = [f"/{command.qualified_name}"]
    for parameter in command.parameters:
        kind = "choice" if parameter.choices else _KIND.get(parameter.type, "value")
        required = f"{parameter.display_name}:<{kind}>"
        parts.append(required if parameter.required else f"[{parameter.display_name}]")
    return " ".join(parts)


def help_text(tree: app_commands.CommandTree[Any]) -> str:
    """/help: every registered command with its options, so it lists exactly what is there."""
    lines = ["**Meeple Post** — board games by post. Commands ([…] is optional):"]
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            lines.append(f"`{usage(command)}` — {command.description}")
    lines.append(
        "Moves: start typing after /move action: and pick from the legal moves offered; "
        "several actions of one turn go together, separated by ';'."
    )
    return "\n".join(lines)
