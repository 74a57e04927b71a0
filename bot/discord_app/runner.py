"""Running the bot as a process (`python -m bot` with DISCORD_TOKEN) and the deliberate
command sync (`python -m bot sync`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import Any

import aiohttp
import discord

from engine.core import msg
from engine.core.i18n import FALLBACK, language_of, word

from ..config import Settings
from .app import MeepleBot, create_bot, open_store
from .invite import invite_url
from .sync import sync_commands, sync_target

log = logging.getLogger(__name__)

BAD_TOKEN = msg(
    "Discord refused the DISCORD_TOKEN. Copy the bot's token again from the Developer Portal "
    "(your application → Bot → Reset Token) into DISCORD_TOKEN."
)


def operator_language(settings: Settings) -> str:
    """The language the operator reads at the command line: the setting DEFAULT_LANGUAGE
    (`Settings.default_language`), English without it."""
    return language_of(getattr(settings, "default_language", None)) or FALLBACK


def _token(settings: Settings) -> str:
    if settings.discord_token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    return settings.discord_token.get_secret_value()


async def serve(settings: Settings, **bot_options: Any) -> int:
    """Run the bot until it is stopped (Ctrl-C or SIGTERM close it cleanly); returns the exit
    status. `bot_options` go to `create_bot`. The database is opened before Discord is
    contacted, so that a storage fault stops the start-up at once (DatabaseUnavailable,
    reported by `python -m bot`)."""
    store = await open_store(settings)
    try:
        return await _serve(create_bot(settings, store=store, **bot_options))
    finally:
        await store.close()


async def _serve(bot: MeepleBot) -> int:
    current = asyncio.current_task()
    loop = asyncio.get_running_loop()
    if current is not None:
        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
            loop.add_signal_handler(signal.SIGTERM, current.cancel)
    try:
        async with bot:
            await bot.start(_token(bot.settings))
    except discord.LoginFailure:
        log.error(word(BAD_TOKEN, operator_language(bot.settings)))
        return 1
    except (aiohttp.ClientError, OSError) as error:
        unreachable = msg(
            "Could not reach Discord ({error}); is this machine online?", error=str(error)
        )
        log.error(word(unreachable, operator_language(bot.settings)))
        return 1
    except asyncio.CancelledError:  # Ctrl-C or SIGTERM: `async with` has closed the bot
        log.info("stopped")
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
    return 0


async def sync_once(settings: Settings, **bot_options: Any) -> int:
    """Log in, sync the command tree (to DEV_GUILD_ID if set, else globally), remember what
    was synced, and stop; returns the exit status."""
    store = await open_store(settings)
    try:
        return await _sync(create_bot(settings, store=store, sync_on_start=False, **bot_options))
    finally:
        await store.close()


async def _sync(bot: MeepleBot) -> int:
    async with bot:
        try:
            await bot.login(_token(bot.settings))
        except discord.LoginFailure:
            log.error(word(BAD_TOKEN, operator_language(bot.settings)))
            return 1
        count = await sync_commands(bot)
    language = operator_language(bot.settings)
    target = sync_target(bot)
    synced = (
        msg(
            "Synced {count} slash commands globally (Discord may take a while to show them "
            "everywhere).",
            count=count,
        )
        if target is None
        else msg(
            "Synced {count} slash commands to the server {server} (they show up at once there).",
            count=count,
            server=str(target.id),
        )
    )
    print(word(synced, language))
    if bot.application_id is not None:
        invite = msg("Invite the bot to a server with: {url}", url=invite_url(bot.application_id))
        print(word(invite, language))
    return 0
