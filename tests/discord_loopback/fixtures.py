"""pytest fixtures and context managers: serve the stand-in, point discord.py at it, run a bot."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import discord
import pytest
import yarl

from .server import LoopbackDiscord
from .state import LoopbackTimeout
from .world import World

ClientT = TypeVar("ClientT", bound=discord.Client)

BOT_START_TIMEOUT = 5.0
BOT_STOP_TIMEOUT = 5.0


@asynccontextmanager
async def serve_loopback(
    monkeypatch: pytest.MonkeyPatch, world: World | None = None
) -> AsyncIterator[LoopbackDiscord]:
    """Start a stand-in and redirect discord.py's REST base and gateway to it meanwhile."""
    server = LoopbackDiscord(world)
    await server.start()
    try:
        with monkeypatch.context() as patch:
            patch.setattr(discord.http.Route, "BASE", server.api_base)
            patch.setattr(
                discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(server.gateway_url)
            )
            yield server
    finally:
        await server.close()


@pytest.fixture
async def discord_server(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[LoopbackDiscord]:
    """A running stand-in serving :func:`~.world.default_world`, discord.py pointed at it."""
    async with serve_loopback(monkeypatch) as server:
        yield server


@asynccontextmanager
async def run_bot(
    bot: ClientT, server: LoopbackDiscord, *, start_timeout: float = BOT_START_TIMEOUT
) -> AsyncIterator[ClientT]:
    """Log ``bot`` in against ``server``, wait until it is ready, and close it on exit.

    Build the bot with ``guild_ready_timeout=0.05``, or discord.py waits 2 s before "ready".
    """
    await bot.login(server.token)
    connection = asyncio.create_task(bot.connect(), name="loopback-bot-connection")
    try:
        ready = asyncio.create_task(bot.wait_until_ready(), name="loopback-bot-ready")
        done, _ = await asyncio.wait(
            {connection, ready}, timeout=start_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        ready.cancel()
        if connection in done:
            connection.result()  # raises what stopped the bot
            raise RuntimeError("the bot's gateway connection ended before it became ready")
        if ready not in done:
            raise LoopbackTimeout(f"the bot was not ready within {start_timeout} s")
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(connection, BOT_STOP_TIMEOUT)
