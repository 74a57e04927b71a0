"""Looking without changing anything: /board (public), /status and /history (private), /games
(the open tables of this server) and /mygames (every table that waits for you, anywhere)."""

from __future__ import annotations

import discord
from discord import app_commands

from ...service import ListingStyle, TableSummary
from ...service.info import MAX_HISTORY
from ..flow import Outcome
from ..identity import channel_of, user_of
from .base import FeatureCog, about, option_about


class LinkedListing(ListingStyle):
    """Listings on Discord: bullets, channel mentions in /games, and in /mygames a jump link
    to each table's channel (it works across servers too)."""

    scope = "in this server"
    bullet = "• "

    def channel(self, summary: TableSummary) -> str:
        return f"<#{summary.channel_id}>"

    def link(self, summary: TableSummary) -> str:
        if summary.guild_id is None:
            return f"<#{summary.channel_id}>"
        return f"https://discord.com/channels/{summary.guild_id}/{summary.channel_id}"


LINKED = LinkedListing()


class InfoCog(FeatureCog, name="Info"):
    @app_commands.command(name="board", description=about("board"))
    @app_commands.guild_only()
    async def board(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.board(channel, user)

        await self.flow.run(interaction, "/board", work)

    @app_commands.command(name="status", description=about("status"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.status(channel, user)

        await self.flow.run(interaction, "/status", work)

    @app_commands.command(name="history", description=about("history"))
    @app_commands.guild_only()
    @app_commands.describe(count=option_about("history", "count"))
    async def history(
        self,
        interaction: discord.Interaction,
        count: app_commands.Range[int, 1, MAX_HISTORY] = 10,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.history(channel, user, count)

        await self.flow.run(interaction, "/history", work)

    @app_commands.command(name="games", description=about("games"))
    @app_commands.guild_only()
    async def games(self, interaction: discord.Interaction) -> None:
        channel = channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.tables_here(channel, LINKED)

        await self.flow.run(interaction, "/games", work)

    @app_commands.command(name="mygames", description=about("mygames"))
    async def mygames(self, interaction: discord.Interaction) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            return await self.service.my_games(user, LINKED)

        await self.flow.run(interaction, "/mygames", work)
