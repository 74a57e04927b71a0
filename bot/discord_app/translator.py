"""The slash commands in the reader's language: discord.py's `app_commands.Translator`, worded
from the catalogues (docs/i18n.md, "Commands").

Every translatable string of a command is a `locale_str` whose extra `message` is the
`Message` to word (`bot/commands/words.py`): command and option names, descriptions, and the
choices of a game option. Discord receives the words of each language of ours as
`name_localizations` / `description_localizations` when the tree is synced, and shows them to
a user whose Discord speaks that language; English is the commands' own text.

A description that names another command or an option (`see /rules`, `every:<hours>`) names
them as the reader sees them: `/regeln`, `alle:<Stunden>` (the console, which reads English
names, shows the catalogue's text as it is).
"""

from __future__ import annotations

import discord
from discord import app_commands

from engine.core import Message
from engine.core.i18n import FALLBACK, language_of, missing, word

from ..commands import CommandDef
from ..commands.words import named_for_discord


def localised(
    text: str, message: Message, command: CommandDef | None = None
) -> app_commands.locale_str:
    """`text` (the English, as Discord's default) translated as `message`; `command`: whose
    options a description may name."""
    return app_commands.locale_str(text, message=message, command=command)


def in_language(message: Message, language: str, command: CommandDef | None = None) -> str | None:
    """`message` in `language`, its references to commands and options (of `command`) as
    that language names them; None where the catalogue lacks it (Discord then shows the
    English)."""
    if language == FALLBACK or missing(message, language):
        return None
    return named_for_discord(word(message, language), language, command)


class CatalogueTranslator(app_commands.Translator):
    """Words each `localised` string for Discord's locales that are languages of ours."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        message = string.extras.get("message")
        language = language_of(locale.value)
        if not isinstance(message, Message) or language is None:
            return None
        command = string.extras.get("command")
        return in_language(message, language, command if isinstance(command, CommandDef) else None)
