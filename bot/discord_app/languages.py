"""Which language a Discord reader reads the adapter's own words in (docs/i18n.md).

A private answer (an ephemeral reply, a guide page, an autocomplete) reads in the language of
the user's Discord (`interaction.locale`); a public message's buttons read in the table's
language, which the service keeps (`Service.table_language`), English where it has none.
The adapter's words are in `bot/discord_app/locales/<language>.po`. Whatever it shows names the
commands as the reader's Discord names them (`as_shown`).
"""

from __future__ import annotations

from dataclasses import replace

import discord

from engine.core import Message
from engine.core.i18n import FALLBACK, add_catalogues, language_of, word

from ..commands.words import named_for_discord
from ..service import Reply, Service

add_catalogues("bot.discord_app")


def user_language(interaction: discord.Interaction) -> str:
    """The language of the user's Discord, if it is one of ours; else English."""
    return language_of(str(interaction.locale.value)) or FALLBACK


def for_user(interaction: discord.Interaction, message: Message) -> str:
    """`message` worded for the user of `interaction` (an ephemeral answer), the commands
    it names as their Discord shows them."""
    language = user_language(interaction)
    return named_for_discord(word(message, language), language)


def as_shown(reply: Reply, language: str) -> Reply:
    """`reply` as Discord shows it to a reader of `language`: the commands it names as their
    Discord names them (`/zug` for `/move` in German)."""
    shown = named_for_discord(reply.text, language)
    return reply if shown == reply.text else replace(reply, text=shown)


async def table_language(service: Service, table_id: int | None) -> str:
    """The language of what table `table_id`'s channel reads: the service's word for it
    (`table_language(table)`), English while it has none."""
    choose = getattr(service, "table_language", None)
    if choose is None or table_id is None:
        return FALLBACK
    table = await service.store.tables.table(table_id)
    if table is None:
        return FALLBACK
    chosen = choose(table)
    return chosen if isinstance(chosen, str) and language_of(chosen) else FALLBACK
