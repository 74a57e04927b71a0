"""What every feature cog shares: the bot, its service and flow, and its slash commands —
built from their one definition (`bot/commands/specs.py`, see `..slash`) and added to the
command tree when the cog loads."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import discord
from discord.ext import commands

from ...service import Service
from ..flow import InteractionFlow
from ..slash import SlashCommand

if TYPE_CHECKING:
    from ..app import MeepleBot

CogT = TypeVar("CogT", bound=commands.Cog)


class FeatureCog(commands.Cog):
    def __init__(self, bot: MeepleBot) -> None:
        self.bot = bot

    @property
    def service(self) -> Service:
        return self.bot.service

    @property
    def flow(self) -> InteractionFlow:
        return self.bot.flow

    def slash_commands(self) -> list[SlashCommand]:
        """The cog's slash commands (`slash.slash_command`), in the order /help lists them."""
        return []

    async def cog_load(self) -> None:
        for command in self.slash_commands():
            self.bot.tree.add_command(command)

    async def cog_unload(self) -> None:
        for command in self.slash_commands():
            self.bot.tree.remove_command(command.name)


def cog_of(interaction: discord.Interaction, cog_type: type[CogT]) -> CogT:
    """The running cog of `cog_type`, for a persistent button's callback."""
    client = interaction.client
    cog = (
        client.get_cog(cog_type.__cog_name__) if isinstance(client, commands.bot.BotBase) else None
    )
    if not isinstance(cog, cog_type):
        raise LookupError(f"the {cog_type.__cog_name__} cog is not loaded")
    return cog
