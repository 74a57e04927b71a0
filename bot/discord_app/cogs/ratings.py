"""Ratings: /leaderboard [game] (public) and /stats [player] (only for you)."""

from __future__ import annotations

import discord

from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog
from .lobby import game_choices


class RatingsCog(FeatureCog, name="Ratings"):
    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command(
                "leaderboard", self.leaderboard, choices={"game": game_choices(self.service)}
            ),
            slash_command("stats", self.stats),
        ]

    async def leaderboard(self, interaction: discord.Interaction, game: str | None) -> None:
        channel = channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.leaderboard(channel, game or "")

        await self.flow.run(interaction, "/leaderboard", work)

    async def stats(self, interaction: discord.Interaction, player: discord.Member | None) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.stats(channel, user, "" if player is None else str(player.id))

        await self.flow.run(interaction, "/stats", work)
