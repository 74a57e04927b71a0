"""What every feature cog shares: the bot, its service and flow, and the command texts that
the console uses too (so both transports describe a command the same way)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

import discord
from discord.ext import commands

from ...commands import COMMANDS
from ...service import Service
from ..flow import InteractionFlow

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


def about(command: str) -> str:
    """The command's description, as the console's /help gives it."""
    return COMMANDS[command].description


def option_about(command: str, option: str) -> str:
    spec = COMMANDS[command].option(option)
    assert spec is not None, f"/{command} has no option {option} in bot.commands"
    return spec.description


def cog_of(interaction: discord.Interaction, cog_type: type[CogT]) -> CogT:
    """The running cog of `cog_type`, for a persistent button's callback."""
    client = interaction.client
    cog = client.get_cog(cog_type.__cog_name__) if isinstance(client, commands.Bot) else None
    if not isinstance(cog, cog_type):
        raise LookupError(f"the {cog_type.__cog_name__} cog is not loaded")
    return cog
