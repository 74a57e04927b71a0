"""/rules (a game's summary and options, or the list of games) and /help (every command, read
from the command tree itself, so it lists exactly what is registered)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from ...service import Reply
from ..flow import Outcome
from .base import FeatureCog, about, option_about
from .lobby import game_choices

_KIND = {
    discord.AppCommandOptionType.string: "text",
    discord.AppCommandOptionType.integer: "number",
    discord.AppCommandOptionType.number: "number",
    discord.AppCommandOptionType.boolean: "true|false",
    discord.AppCommandOptionType.user: "@member",
    discord.AppCommandOptionType.channel: "#channel",
}


def usage(command: app_commands.Command[Any, ..., Any]) -> str:
    """`/move action:<text> [preview:<true|false>]`."""
    parts = [f"/{command.qualified_name}"]
    for parameter in command.parameters:
        kind = "choice" if parameter.choices else _KIND.get(parameter.type, "value")
        part = f"{parameter.display_name}:<{kind}>"
        parts.append(part if parameter.required else f"[{part}]")
    return " ".join(parts)


def help_text(tree: app_commands.CommandTree[Any]) -> str:
    lines = ["**Meeple Post** — board games by post. Commands ([…] is optional):"]
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            lines.append(f"`{usage(command)}` — {command.description}")
    lines.append(
        "Moves: start typing after /move action: and pick from the legal moves offered; "
        "several actions of one turn go together, separated by ';'."
    )
    return "\n".join(lines)


class GuideCog(FeatureCog, name="Guide"):
    async def cog_load(self) -> None:
        self.bot.tree.add_command(self._rules_command())

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command("rules")

    def _rules_command(self) -> app_commands.Command[Any, ..., None]:
        """/rules, built here because its game choices come from the bot's catalog."""
        cog = self

        @app_commands.command(name="rules", description=about("rules"))
        @app_commands.describe(game=option_about("rules", "game"))
        @app_commands.choices(game=game_choices(self.service.catalog))
        async def rules(interaction: discord.Interaction, game: str | None = None) -> None:
            await cog.rules(interaction, game)

        return rules

    async def rules(self, interaction: discord.Interaction, game: str | None) -> None:
        async def work() -> Outcome:
            return self.service.rules(game) if game else self.service.game_list()

        await self.flow.run(interaction, "/rules", work)

    @app_commands.command(name="help", description=about("help"))
    async def help(self, interaction: discord.Interaction) -> None:
        async def work() -> Outcome:
            return Reply(help_text(self.bot.tree), private=True)

        await self.flow.run(interaction, "/help", work)
