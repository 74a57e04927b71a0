"""Ratings: /leaderboard [game] (public) and /stats [player] (only for you)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ..flow import Outcome
from ..identity import channel_of, user_of
from .base import FeatureCog, about, option_about
from .lobby import game_choices


class RatingsCog(FeatureCog, name="Ratings"):
    async def cog_load(self) -> None:
        self.bot.tree.add_command(self._leaderboard_command())

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("leaderboard")

    def _leaderboard_command(self) -> app_commands.Command[Any, ..., None]:
        """/leaderboard, built here because its game choices come from the bot's catalog."""
        cog = self

        @app_commands.command(name="leaderboard", description=about("leaderboard"))
        @app_commands.guild_only()
        @app_commands.describe(game=option_about("leaderboard", "game"))
        @app_commands.choices(game=game_choices(self.service))
        async def leaderboard(interaction: discord.Interaction, game: str | None = None) -> None:
            await cog.leaderboard(interaction, game or "")

        return leaderboard

    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        channel = channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.leaderboard(channel, game)

        await self.flow.run(interaction, "/leaderboard", work)

    @app_commands.command(name="stats", description=about("stats"))
    @app_commands.guild_only()
    @app_commands.describe(player=option_about("stats", "player"))
    async def stats(
        self, interaction: discord.Interaction, player: discord.Member | None = None
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.stats(channel, user, "" if player is None else str(player.id))

        await self.flow.run(interaction, "/stats", work)
