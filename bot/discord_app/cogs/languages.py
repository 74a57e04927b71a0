"""/language: which language a table's channel reads (its creator or a moderator), or a
server's new tables (moderators). Each user's own replies read in their Discord language
anyway (the flow speaks it); see docs/i18n.md."""

from __future__ import annotations

import discord

from ..flow import Outcome
from ..identity import channel_of, user_of
from ..slash import SlashCommand, slash_command
from .base import FeatureCog


class LanguagesCog(FeatureCog, name="Languages"):
    def slash_commands(self) -> list[SlashCommand]:
        return [slash_command("language", self.language)]

    async def language(
        self, interaction: discord.Interaction, language: str | None, server: bool
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.language(channel, user, language, server=server)

        await self.flow.run(interaction, "/language", work, changes_table=True)
