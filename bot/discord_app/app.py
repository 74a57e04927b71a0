"""The discord.py bot: one cog per feature on top of the service and the SQLite store.

`create_bot(settings)` returns the bot ready to start (`await bot.start(token)`); tests and
tools may inject the store (or a whole service), the clock, the games and the renderer. The
store, service, cogs and buttons are set up when the bot logs in (`setup_hook`); the command
tree is then synced only if it changed since the last sync (see `sync.py`).

Cogs are listed in `COGS`; each is built as `Cog(bot)`, calls `bot.service` through
`bot.flow` and presents its replies (the words are the service's; those about Discord itself
are in `texts.py`). The flow and the command sync keep their bookkeeping in `bot.ledger`.
After every interaction that changed a table the bot dispatches
`on_meeple_table_changed(table_id)`; after one that closed a table the flow awaits its
`when_closed` hooks.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from ..config import Settings
from ..service import GameCatalog, Renderer, Service, default_renderer
from ..service.base import utc_now
from ..store import Store
from ..store.ledger import Ledger
from .cogs import (
    BotsCog,
    ConfirmationCog,
    GuideCog,
    InfoCog,
    LanguagesCog,
    LobbyCog,
    ModerationCog,
    PlayCog,
    RatingsCog,
    RecordsCog,
    UndoCog,
)
from .cogs.reminders import RemindersCog
from .flow import InteractionFlow, describe
from .languages import for_user
from .sync import sync_if_changed, sync_target
from .texts import SERVERS_ONLY, SOMETHING_WENT_WRONG, unreadable_option
from .translator import CatalogueTranslator

log = logging.getLogger(__name__)

#: Every feature of the bot, each built as `Cog(bot)` and added in this order (also the order
#: of /help).
COGS: tuple[Callable[[MeepleBot], commands.Cog], ...] = (
    LobbyCog,
    BotsCog,
    PlayCog,
    UndoCog,
    ConfirmationCog,
    InfoCog,
    RecordsCog,
    RatingsCog,
    ModerationCog,
    RemindersCog,
    LanguagesCog,
    GuideCog,
)

#: How long a shutdown waits for the interactions being carried out.
SHUTDOWN_GRACE = 5.0


async def open_store(settings: Settings) -> Store:
    """The database of `settings`, its claims held for `WORK_LEASE_SECONDS`."""
    return await Store.open(
        settings.database,
        busy_timeout=settings.database_busy_timeout,
        lease=timedelta(seconds=settings.work_lease_seconds),
    )


class MeepleTree(app_commands.CommandTree["MeepleBot"]):
    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Failures before a command's own handling (an option that cannot be read, a check):
        still a friendly private answer and a log line, never silence."""
        name = interaction.command.qualified_name if interaction.command else "?"
        log.error("/%s was not run: %s", name, describe(interaction, f"/{name}"), exc_info=error)
        if isinstance(error, app_commands.NoPrivateMessage):
            text = for_user(interaction, SERVERS_ONLY)
        elif isinstance(error, app_commands.TransformerError):
            text = for_user(interaction, unreadable_option(error.value))
        else:
            text = for_user(interaction, SOMETHING_WENT_WRONG)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except Exception:
            log.exception("could not report the failure of /%s", name)


class MeepleBot(commands.AutoShardedBot):
    """The bot on its gateway shards: `SHARD_COUNT` and `SHARD_IDS` choose them (by default
    as many as Discord recommends, all in this process; docs/deploy.md). Work that must
    happen once whichever process runs it is claimed through the database (`store.claims`)."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        service: Service | None = None,
        clock: Callable[[], datetime] = utc_now,
        games: GameCatalog | None = None,
        renderer: Renderer = default_renderer,
        sync_on_start: bool = True,
        **client_options: Any,
    ) -> None:
        # No voice here: spare the operator discord.py's warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        client_options.setdefault("shard_count", settings.shard_count)
        if settings.shard_ids is not None:
            client_options.setdefault("shard_ids", list(settings.shard_ids))
        super().__init__(
            command_prefix=commands.when_mentioned,
            # Guilds only: no privileged intent, no message events; interactions come anyway.
            intents=discord.Intents(guilds=True),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            tree_cls=MeepleTree,
            **client_options,
        )
        self.settings = settings
        self.clock = clock
        self.sync_on_start = sync_on_start
        self._games = games
        self._renderer = renderer
        self._service = service
        self._store = service.store if service is not None else store
        self._owns_store = False
        self.flow = InteractionFlow(self)

    @property
    def service(self) -> Service:
        if self._service is None:
            raise RuntimeError("the bot is not set up yet: it sets up when it logs in")
        return self._service

    @property
    def store(self) -> Store:
        return self.service.store

    @property
    def ledger(self) -> Ledger:
        """What the adapter remembers besides the games (interactions handled, the synced
        command tree), in the store."""
        return self.store.ledger

    async def setup_hook(self) -> None:
        self._log_shards()
        if self._service is None:
            if self._store is None:
                self._store = await open_store(self.settings)
                self._owns_store = True
            self._service = Service(
                self._store,
                games=self._games,
                renderer=self._renderer,
                clock=self.clock,
                default_language=self.settings.default_language,
            )
        await self.service.record_past_results()
        await self.tree.set_translator(CatalogueTranslator())
        for cog in COGS:
            await self.add_cog(cog(self))
        target = sync_target(self)
        if target is not None:
            self.tree.copy_global_to(guild=target)
        if self.sync_on_start:
            await sync_if_changed(self)

    async def on_ready(self) -> None:
        shards = ", ".join(str(shard) for shard in sorted(self.shards))
        log.info("ready on gateway shard(s) %s with %d server(s)", shards, len(self.guilds))

    def _log_shards(self) -> None:
        count, ids = self.shard_count, self.shard_ids
        if count is None:
            log.info("gateway shards: as many as Discord recommends, all in this process")
        else:
            mine = "all" if ids is None else ", ".join(str(i) for i in ids)
            log.info("gateway shards: %s of %d in all", mine, count)

    async def close(self) -> None:
        await self.flow.drain(SHUTDOWN_GRACE)
        await super().close()
        if self._owns_store and self._store is not None:
            self._owns_store = False
            await self._store.close()


def create_bot(
    settings: Settings,
    *,
    store: Store | None = None,
    service: Service | None = None,
    clock: Callable[[], datetime] = utc_now,
    games: GameCatalog | None = None,
    renderer: Renderer = default_renderer,
    sync_on_start: bool = True,
    **client_options: Any,
) -> MeepleBot:
    """The bot, ready to start.

    Without `store` or `service` it opens the database `settings.database` when it
    logs in (and closes it with the bot). `client_options` go to discord.py (tests pass a
    small `guild_ready_timeout`).
    """
    return MeepleBot(
        settings,
        store=store,
        service=service,
        clock=clock,
        games=games,
        renderer=renderer,
        sync_on_start=sync_on_start,
        **client_options,
    )
