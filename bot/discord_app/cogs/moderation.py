"""For the table's creator and members with Manage Channels: /abandon a table, /skip an absent
player (what a skip does is each game's rule). The service checks who may and when; both
ask first and happen on Confirm (`confirm.py`)."""

from __future__ import annotations

import discord

from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog
from .confirm import asking


class ModerationCog(FeatureCog, name="Moderation"):
    def slash_commands(self) -> list[SlashCommand]:
        return [slash_command("abandon", self.abandon), slash_command("skip", self.skip)]

    async def abandon(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return asking(await self.service.ask_abandon(channel, user), interaction)

        await self.flow.run(interaction, "/abandon", work)

    async def skip(self, interaction: discord.Interaction, player: discord.Member) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return asking(await self.service.ask_skip(channel, user, str(player.id)), interaction)

        await self.flow.run(interaction, "/skip", work)
