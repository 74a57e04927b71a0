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

from ..config import Settings
from ..store import Store
from .app import MeepleBot, create_bot
from .invite import invite_url
from .sync import sync_commands, sync_target

log = logging.getLogger(__name__)

BAD_TOKEN = (
    "Discord refused the DISCORD_TOKEN. Copy the bot's token again from the Developer Portal "
    "(your application → Bot → Reset Token) into DISCORD_TOKEN."
)


def _token(settings: Settings) -> str:
    if settings.discord_token is None:
        raise ValueError("DISCORD_TOKEN is not set")
    return settings.discord_token.get_secret_value()


async def open_store(settings: Settings) -> Store:
    """The database, opened before Discord is contacted, so that a storage fault stops the
    start-up at once (DatabaseUnavailable, reported by `python -m bot`)."""
    return await Store.open(settings.database, busy_timeout=settings.database_busy_timeout)


async def serve(settings: Settings, **bot_options: Any) -> int:
    """Run the bot until it is stopped (Ctrl-C or SIGTERM close it cleanly); returns the exit
    status. `bot_options` go to `create_bot`."""
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
        log.error(BAD_TOKEN)
        return 1
    except (aiohttp.ClientError, OSError) as error:
        log.error("Could not reach Discord (%s); is this machine online?", error)
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
            log.error(BAD_TOKEN)
            return 1
        count = await sync_commands(bot)
    target = sync_target(bot)
    where = (
        "globally (Discord may take a while to show them everywhere)"
        if target is None
        else f"to the server {target.id} (they show up at once there)"
    )
    print(f"Synced {count} slash commands {where}.")
    if bot.application_id is not None:
        print(f"Invite the bot to a server with: {invite_url(bot.application_id)}")
    return 0
