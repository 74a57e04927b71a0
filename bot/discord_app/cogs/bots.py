"""Bot players on Discord: /addbot and /removebot in the lobby, /replace, /return and /away,
and the runner that plays the bots' turns and posts each in its table's channel.

The runner (`bot.service.bot_runner`) runs on the bot's clock — with the clock's own
`sleep(seconds)` when it has one (a test clock) — starts once the bot is ready (playing the
turns that fell due while it was down), and looks again whenever an interaction changed a
table. Its posts ping nobody but the people the move made the table wait for.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from ...service.bot_runner import BotRunner
from ...service.bots import BotMove
from ..flow import Outcome
from ..identity import channel_of, user_of
from ..outgoing import post_in_order
from ..slash import SlashCommand, slash_command
from .base import FeatureCog
from .lobby import update_lobby_message
from .reminders import sleep_of

if TYPE_CHECKING:
    from ..app import MeepleBot

log = logging.getLogger(__name__)


class BotsCog(FeatureCog, name="Bots"):
    def __init__(self, bot: MeepleBot) -> None:
        super().__init__(bot)
        self._runner: BotRunner | None = None
        self._starting: asyncio.Task[None] | None = None

    @property
    def runner(self) -> BotRunner:
        if self._runner is None:
            raise RuntimeError("the bots are not set up yet: they set up when the bot does")
        return self._runner

    async def cog_load(self) -> None:
        clock = self.bot.clock
        self._runner = BotRunner(
            self.service,
            self._post,
            clock=clock,
            sleep=sleep_of(clock),
            delay=timedelta(seconds=self.bot.settings.bot_delay_seconds),
        )
        self._starting = asyncio.create_task(self._start_when_ready(), name="bots-start")
        await super().cog_load()

    async def _start_when_ready(self) -> None:
        await self.bot.wait_until_ready()
        self.runner.start()

    async def cog_unload(self) -> None:
        if self._starting is not None:
            self._starting.cancel()
            await asyncio.gather(self._starting, return_exceptions=True)
        if self._runner is not None:
            await self._runner.stop()
        await super().cog_unload()

    async def _post(self, move: BotMove) -> None:
        """Post a bot's move in its channel's order: the text, then the board when drawn."""
        channel = self.bot.get_partial_messageable(int(move.channel_id))
        slot = self.bot.flow.order.slot(channel.id)

        async def after_text(_: list[discord.Message]) -> None:
            if move.reply.table_id is not None:  # the reminders (and the runner) look again
                self.bot.dispatch("meeple_table_changed", move.reply.table_id)

        await post_in_order(slot, channel, move.reply, after_text=after_text)

    @commands.Cog.listener()
    async def on_meeple_table_changed(self, table_id: int) -> None:
        if self._runner is not None:
            self._runner.poke()

    # -- commands -------------------------------------------------------------------------

    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("addbot", self.addbot),
            slash_command("removebot", self.removebot),
            slash_command("replace", self.replace),
            slash_command("return", self.return_seat),
            slash_command("away", self.away),
        ]

    async def addbot(self, interaction: discord.Interaction, level: str | None) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            reply = await self.service.add_bot(channel, user, level)
            await update_lobby_message(self.bot, reply.table_id)
            return reply

        await self.flow.run(interaction, "/addbot", work, changes_table=True)

    async def removebot(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            reply = await self.service.remove_bot(channel, user)
            await update_lobby_message(self.bot, reply.table_id)
            return reply

        await self.flow.run(interaction, "/removebot", work, changes_table=True)

    async def replace(
        self,
        interaction: discord.Interaction,
        player: discord.Member,
        with_: str,
        level: str | None,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.replace(channel, user, str(player.id), with_, level)

        await self.flow.run(interaction, "/replace", work, changes_table=True)

    async def return_seat(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.return_seat(channel, user)

        await self.flow.run(interaction, "/return", work, changes_table=True)

    async def away(self, interaction: discord.Interaction, until: str) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            return await self.service.away(user, until)

        await self.flow.run(interaction, "/away", work, changes_table=True)
