"""Looking without changing anything: /board (public), /status and /history (private), /games
(the open tables of this server) and /mygames (every table that waits for you, anywhere)."""

from __future__ import annotations

import discord

from engine.core import msg

from ...service import ListingStyle, TableSummary
from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog


class LinkedListing(ListingStyle):
    """Listings on Discord: bullets, channel mentions in /games, and in /mygames a jump link
    to each table's channel (it works across servers too)."""

    scope = msg("in this server")
    bullet = "• "

    def channel(self, summary: TableSummary) -> str:
        return f"<#{summary.channel_id}>"

    def link(self, summary: TableSummary) -> str:
        if summary.guild_id is None:
            return f"<#{summary.channel_id}>"
        return f"https://discord.com/channels/{summary.guild_id}/{summary.channel_id}"


LINKED = LinkedListing()


class InfoCog(FeatureCog, name="Info"):
    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("board", self.board),
            slash_command("status", self.status),
            slash_command("history", self.history),
            slash_command("games", self.games),
            slash_command("mygames", self.mygames),
        ]

    async def board(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.board(channel, user)

        await self.flow.run(interaction, "/board", work)

    async def status(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.status(channel, user)

        await self.flow.run(interaction, "/status", work)

    async def history(self, interaction: discord.Interaction, count: int) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.history(channel, user, count)

        await self.flow.run(interaction, "/history", work)

    async def games(self, interaction: discord.Interaction) -> None:
        channel = channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.tables_here(channel, LINKED)

        await self.flow.run(interaction, "/games", work)

    async def mygames(self, interaction: discord.Interaction) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            return await self.service.my_games(user, LINKED)

        await self.flow.run(interaction, "/mygames", work)
