"""Looking without changing anything: /board (public), /status and /history (private), /games
(the open tables of this server) and /mygames (every table that waits for you, anywhere)."""

from __future__ import annotations

from datetime import datetime

import discord
from discord import app_commands

from ...service import Reply, TableSummary
from ...service.info import MAX_HISTORY
from ...service.texts import names_list, since
from ..flow import Outcome
from ..identity import channel_of, user_of
from .base import FeatureCog, about, option_about


def where(summary: TableSummary) -> str:
    """A link to the table's channel (a jump link works across servers too)."""
    if summary.guild_id is None:
        return f"<#{summary.channel_id}>"
    return f"https://discord.com/channels/{summary.guild_id}/{summary.channel_id}"


def games_text(summaries: list[TableSummary], now: datetime) -> str:
    if not summaries:
        return "No open tables in this server. Open one with /newgame."
    lines = ["Open tables in this server:"]
    for summary in summaries:
        head = f"• #{summary.table_id} {summary.game_name} in <#{summary.channel_id}>"
        if summary.status == "lobby":
            lines.append(f"{head}: in the lobby with {names_list(summary.players)}.")
            continue
        waiting = names_list([mention.name for mention in summary.waiting_for])
        when = f" {since(summary.waiting_since, now)}" if summary.waiting_since else ""
        lines.append(f"{head}: {names_list(summary.players)}; waiting for {waiting}{when}.")
    return "\n".join(lines)


def my_games_text(summaries: list[TableSummary], now: datetime) -> str:
    if not summaries:
        return "No table is waiting for you."
    lines = ["Waiting for you:"]
    for summary in summaries:
        when = f", {since(summary.waiting_since, now)}" if summary.waiting_since else ""
        lines.append(f"• #{summary.table_id} {summary.game_name}{when}: {where(summary)}")
    return "\n".join(lines)


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
            summaries = await self.service.open_tables(channel.guild_id)
            return Reply(games_text(summaries, self.service.clock()), private=True)

        await self.flow.run(interaction, "/games", work)

    @app_commands.command(name="mygames", description=about("mygames"))
    async def mygames(self, interaction: discord.Interaction) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            summaries = await self.service.tables_waiting_for(user.id)
            return Reply(my_games_text(summaries, self.service.clock()), private=True)

        await self.flow.run(interaction, "/mygames", work)
