"""Playing: /move with autocomplete and an optional private preview (Confirm / Cancel),
/legal and /resign.

The service keeps a preview with the table's version it was made on; Confirm plays exactly
that text on exactly that position (or answers that the board changed), and only once,
however often it is clicked.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord import app_commands

from ..flow import Answer, Outcome
from ..identity import channel_of, user_of
from .base import FILTER_LENGTH, MOVE_LENGTH, FeatureCog, about, cog_of, option_about

log = logging.getLogger(__name__)

PREVIEW_LABELS = {"confirm": "Confirm", "dismiss": "Cancel"}
PREVIEW_STYLES = {"confirm": discord.ButtonStyle.success, "dismiss": discord.ButtonStyle.secondary}


class PreviewButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mp:preview:(?P<choice>confirm|dismiss):(?P<preview>\d+)",
):
    def __init__(self, choice: str, preview_id: int) -> None:
        self.choice = choice
        self.preview_id = preview_id
        super().__init__(
            discord.ui.Button(
                label=PREVIEW_LABELS[choice],
                style=PREVIEW_STYLES[choice],
                custom_id=f"mp:preview:{choice}:{preview_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> PreviewButton:
        return cls(match["choice"], int(match["preview"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, PlayCog)
        if self.choice == "confirm":
            await cog.confirm(interaction, self.preview_id)
        else:
            await cog.dismiss(interaction, self.preview_id)


def preview_view(preview_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in PREVIEW_LABELS:
        view.add_item(PreviewButton(choice, preview_id))
    return view


class PlayCog(FeatureCog, name="Play"):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PreviewButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(PreviewButton)

    @app_commands.command(name="move", description=about("move"))
    @app_commands.guild_only()
    @app_commands.describe(
        action=option_about("move", "action"),
        preview="first see the board after it, privately, then Confirm or Cancel",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        action: app_commands.Range[str, 1, MOVE_LENGTH],
        preview: bool = False,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)
        service = self.service

        async def play() -> Outcome:
            return await service.act(channel, user, action)

        async def show_preview() -> Outcome:
            reply = await service.preview(channel, user, action)
            assert reply.preview_id is not None, "a preview can be confirmed"
            return Answer(reply, view=preview_view(reply.preview_id))

        if preview:
            await self.flow.run(interaction, "/move preview", show_preview)
        else:
            await self.flow.run(interaction, "/move", play, changes_table=True)

    @move.autocomplete("action")
    async def move_action(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        user, channel = user_of(interaction), channel_of(interaction)
        return await self.flow.suggestions(
            interaction,
            "autocomplete of /move",
            lambda: self.service.turn_completions(channel, user, current),
        )

    async def confirm(self, interaction: discord.Interaction, preview_id: int) -> None:
        user, here = user_of(interaction), channel_of(interaction)

        async def drop_buttons() -> None:
            await self._drop_buttons(interaction)

        async def work() -> Outcome:
            return await self.service.confirm_preview(here, user, preview_id, taken=drop_buttons)

        await self.flow.run(interaction, "Confirm button", work, changes_table=True)

    async def dismiss(self, interaction: discord.Interaction, preview_id: int) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            reply = await self.service.dismiss_preview(user, preview_id)
            await interaction.edit_original_response(content=reply.text, attachments=[], view=None)
            return None

        await self.flow.run(interaction, "Cancel button", work)

    @staticmethod
    async def _drop_buttons(interaction: discord.Interaction) -> None:
        """Take Confirm / Cancel off a used preview (best effort: it is only tidier)."""
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of a used preview", exc_info=True)

    @app_commands.command(name="legal", description=about("legal"))
    @app_commands.guild_only()
    @app_commands.rename(text="filter")
    @app_commands.describe(text=option_about("legal", "filter"))
    async def legal(
        self, interaction: discord.Interaction, text: app_commands.Range[str, 0, FILTER_LENGTH] = ""
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.legal(channel, user, text)

        await self.flow.run(interaction, "/legal", work)

    @app_commands.command(name="resign", description=about("resign"))
    @app_commands.guild_only()
    async def resign(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.resign(channel, user)

        await self.flow.run(interaction, "/resign", work, changes_table=True)
