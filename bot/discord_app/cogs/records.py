"""A table's record: /export (its moves file, only for you) and /replay (the game as an
animated image, posted in the channel once drawn — which a long game takes a while for, so
the user is told at once that it is coming)."""

from __future__ import annotations

import discord

from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog


class RecordsCog(FeatureCog, name="Records"):
    def slash_commands(self) -> list[SlashCommand]:
        return [slash_command("export", self.export), slash_command("replay", self.replay)]

    async def export(self, interaction: discord.Interaction, table: int | None) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.export(channel, user, table)

        await self.flow.run(interaction, "/export", work)

    async def replay(
        self,
        interaction: discord.Interaction,
        from_: int | None,
        to: int | None,
        table: int | None,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            job = await self.service.prepare_replay(channel, user, from_, to, table)
            await self.flow.private(interaction, job.notice)
            return await self.service.draw_replay(job)

        await self.flow.run(interaction, "/replay", work)
