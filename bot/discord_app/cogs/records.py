"""A table's record: /export (its moves file, only for you) and /replay (the game as an
animated image, posted in the channel once drawn — which a long game takes a while for, so
the user is told at once that it is coming)."""

from __future__ import annotations

import discord
from discord import app_commands

from ..flow import Outcome
from ..identity import channel_of, user_of
from .base import FeatureCog, about, option_about

#: Action numbers and table ids Discord lets users type.
LARGEST_NUMBER = 2**31 - 1


class RecordsCog(FeatureCog, name="Records"):
    @app_commands.command(name="export", description=about("export"))
    @app_commands.guild_only()
    @app_commands.describe(table=option_about("export", "table"))
    async def export(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, LARGEST_NUMBER] | None = None,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.export(channel, user, table)

        await self.flow.run(interaction, "/export", work)

    @app_commands.command(name="replay", description=about("replay"))
    @app_commands.guild_only()
    @app_commands.rename(start="from", end="to")
    @app_commands.describe(
        start=option_about("replay", "from"),
        end=option_about("replay", "to"),
        table=option_about("replay", "table"),
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        start: app_commands.Range[int, 1, LARGEST_NUMBER] | None = None,
        end: app_commands.Range[int, 1, LARGEST_NUMBER] | None = None,
        table: app_commands.Range[int, 1, LARGEST_NUMBER] | None = None,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            job = await self.service.prepare_replay(channel, user, start, end, table)
            await self.flow.private(interaction, job.notice)
            return await self.service.draw_replay(job)

        await self.flow.run(interaction, "/replay", work)
