"""Playing: /move with autocomplete and an optional private preview, /legal, /standing
(answers given in advance) and /resign (which asks first). A preview and a resignation wait
for their Confirm (`confirm.py`).
"""

from __future__ import annotations

import discord
from discord import app_commands

from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog
from .confirm import asking


class PlayCog(FeatureCog, name="Play"):
    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("move", self.move, suggest={"action": self.move_action}),
            slash_command("legal", self.legal),
            slash_command("standing", self.standing, suggest={"answer": self.standing_answer}),
            slash_command("resign", self.resign),
        ]

    async def move(self, interaction: discord.Interaction, action: str, preview: bool) -> None:
        user, channel = user_of(interaction), channel_of(interaction)
        service = self.service

        async def play() -> Outcome:
            return await service.act(channel, user, action)

        async def show_preview() -> Outcome:
            return asking(await service.preview(channel, user, action), interaction)

        if preview:
            await self.flow.run(interaction, "/move preview", show_preview)
        else:
            await self.flow.run(interaction, "/move", play, changes_table=True)

    async def move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        user, channel = user_of(interaction), channel_of(interaction)
        return await self.flow.suggestions(
            interaction,
            "autocomplete of /move",
            lambda: self.service.turn_completions(channel, user, current),
        )

    async def legal(self, interaction: discord.Interaction, filter: str | None) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.legal(channel, user, filter or "")

        await self.flow.run(interaction, "/legal", work)

    async def standing(
        self, interaction: discord.Interaction, answer: str | None, on: bool | None
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)
        setting = "" if on is None else str(on).lower()

        async def work() -> Outcome:
            return await self.service.standing(channel, user, answer or "", setting)

        await self.flow.run(interaction, "/standing", work, changes_table=True)

    async def standing_answer(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        channel = channel_of(interaction)
        return await self.flow.suggestions(
            interaction,
            "autocomplete of /standing",
            lambda: self.service.standing_choices(channel, current),
        )

    async def resign(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return asking(await self.service.ask_resign(channel, user), interaction)

        await self.flow.run(interaction, "/resign", work)
