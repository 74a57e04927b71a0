"""Confirm / Cancel: the buttons under a private question — a previewed move, or a /resign,
/abandon or /skip, which cannot be taken back — and the same as commands, /confirm and
/cancel (the asking player's newest question at the channel's table).

The service keeps each question with the table's version it was asked on and carries it out
once, on that position only. A button's custom id names the question, so it works after any
restart; buttons of previews posted before questions had their own name
(`mp:preview:…`) still work too.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from engine.core import term
from engine.core.i18n import FALLBACK, word

from ...service import Reply
from ..flow import Answer, Outcome
from ..identity import channel_of, user_of
from ..languages import as_shown, user_language
from ..slash import SlashCommand, slash_command
from .base import FeatureCog, cog_of

log = logging.getLogger(__name__)

CHOICE_LABELS = {"confirm": term("Confirm", "button"), "dismiss": term("Cancel", "button")}
CHOICE_STYLES = {"confirm": discord.ButtonStyle.success, "dismiss": discord.ButtonStyle.secondary}


class ConfirmButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mp:(?:ask|preview):(?P<choice>confirm|dismiss):(?P<id>\d+)",
):
    def __init__(self, choice: str, confirmation_id: int, language: str = FALLBACK) -> None:
        self.choice = choice
        self.confirmation_id = confirmation_id
        super().__init__(
            discord.ui.Button(
                label=word(CHOICE_LABELS[choice], language),
                style=CHOICE_STYLES[choice],
                custom_id=f"mp:ask:{choice}:{confirmation_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> ConfirmButton:
        return cls(match["choice"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, ConfirmationCog)
        if self.choice == "confirm":
            await cog.confirm_click(interaction, self.confirmation_id)
        else:
            await cog.cancel_click(interaction, self.confirmation_id)


def asking(reply: Reply, interaction: discord.Interaction) -> Answer:
    """The private question `reply` with its Confirm and Cancel buttons, labelled in the
    language of the user who asked (`interaction`)."""
    assert reply.confirmation_id is not None, "a question can be confirmed"
    language = user_language(interaction)
    view = discord.ui.View(timeout=None)
    for choice in CHOICE_LABELS:
        view.add_item(ConfirmButton(choice, reply.confirmation_id, language))
    return Answer(reply, view=view)


class ConfirmationCog(FeatureCog, name="Confirmation"):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ConfirmButton)
        await super().cog_load()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ConfirmButton)
        await super().cog_unload()

    def slash_commands(self) -> list[SlashCommand]:
        return [slash_command("confirm", self.confirm), slash_command("cancel", self.cancel)]

    async def confirm(self, interaction: discord.Interaction) -> None:
        """/confirm: the user's newest question (its buttons stay; a click then says so)."""
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.confirm(channel, user)

        await self.flow.run(interaction, "/confirm", work, changes_table=True)

    async def cancel(self, interaction: discord.Interaction) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.service.cancel(channel, user)

        await self.flow.run(interaction, "/cancel", work)

    async def confirm_click(self, interaction: discord.Interaction, confirmation_id: int) -> None:
        user, here = user_of(interaction), channel_of(interaction)

        async def drop_buttons() -> None:
            await self._drop_buttons(interaction)

        async def work() -> Outcome:
            return await self.service.confirm(here, user, confirmation_id, taken=drop_buttons)

        await self.flow.run(interaction, "Confirm button", work, changes_table=True)

    async def cancel_click(self, interaction: discord.Interaction, confirmation_id: int) -> None:
        user, here = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            reply = await self.service.cancel(here, user, confirmation_id)
            shown = as_shown(reply, user_language(interaction))
            await interaction.edit_original_response(content=shown.text, attachments=[], view=None)
            return None

        await self.flow.run(interaction, "Cancel button", work)

    @staticmethod
    async def _drop_buttons(interaction: discord.Interaction) -> None:
        """Take Confirm / Cancel off a question answered (best effort: it is only tidier)."""
        try:
            await interaction.edit_original_response(view=None)
        except discord.HTTPException:
            log.info("could not remove the buttons of an answered question", exc_info=True)
