"""What every feature cog shares: the bot, its service and flow, and the command texts that
the console uses too (so both transports describe a command the same way)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord.ext import commands

import engine
from engine.core import Game

from ...commands import COMMANDS
from ...service import Service
from ..flow import InteractionFlow

if TYPE_CHECKING:
    from ..app import MeepleBot

CogT = TypeVar("CogT", bound=commands.Cog)

#: Discord's own limit for a text option.
DISCORD_TEXT_OPTION = 6000


def _options_text_length(game: Game[Any]) -> int:
    """`key:value` for every option of `game` with its longest value, twice over for room."""
    longest = {"bool": "false", "int": "-" + "9" * 20}
    written = [
        f"{spec.key}:{max(spec.choices, key=len) if spec.choices else longest[spec.kind]}"
        for spec in game.info.options
    ]
    return 2 * len(" ".join(written))


#: What Discord lets users type into text options, so absurd input never reaches the bot:
#: a move as long as the longest turn of any registered game (the service checks each game's
#: own limit), a /legal filter as long as the longest action, every option of a game, a time
#: zone (the longest tz name has 32 characters) and quiet hours (`22:30-06:45`).
MOVE_LENGTH = min(DISCORD_TEXT_OPTION, max(game.max_turn_length() for game in engine.all_games()))
FILTER_LENGTH = max(game.longest_action() for game in engine.all_games())
OPTIONS_LENGTH = max(_options_text_length(game) for game in engine.all_games())
TIME_ZONE_LENGTH = 64
QUIET_HOURS_LENGTH = 24


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
