"""Undo by consent: /undo asks, the other players answer with the Approve / Decline buttons of
the request (or /approve and /decline). The service lets a request lapse after a day or as
soon as the game moves on; once it is settled its buttons are taken off."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from engine.core import term
from engine.core.i18n import FALLBACK, word

from ...service import Channel, Reply, User
from ..flow import Answer, Outcome
from ..identity import channel_of, user_of
from ..languages import table_language
from ..slash import SlashCommand, slash_command
from .base import FeatureCog, cog_of

log = logging.getLogger(__name__)

VOTE_LABELS = {"approve": term("Approve", "button"), "decline": term("Decline", "button")}
VOTE_STYLES = {"approve": discord.ButtonStyle.success, "decline": discord.ButtonStyle.danger}

Vote = Callable[[Channel, User, int | None], Awaitable[Reply]]


class UndoVoteButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mp:undo:(?P<vote>approve|decline):(?P<table>\d+):(?P<request>\d+)",
):
    def __init__(self, vote: str, table_id: int, request_id: int, language: str = FALLBACK) -> None:
        self.vote = vote
        self.table_id = table_id
        self.request_id = request_id
        super().__init__(
            discord.ui.Button(
                label=word(VOTE_LABELS[vote], language),
                style=VOTE_STYLES[vote],
                custom_id=f"mp:undo:{vote}:{table_id}:{request_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> UndoVoteButton:
        return cls(match["vote"], int(match["table"]), int(match["request"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = cog_of(interaction, UndoCog)
        await cog.vote_by_button(interaction, self.vote, self.table_id, self.request_id)


def undo_view(table_id: int, request_id: int, language: str) -> discord.ui.View:
    """Approve / Decline under a request, labelled in the table's `language` (it is public)."""
    view = discord.ui.View(timeout=None)
    for vote in VOTE_LABELS:
        view.add_item(UndoVoteButton(vote, table_id, request_id, language))
    return view


class UndoCog(FeatureCog, name="Undo"):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UndoVoteButton)
        await super().cog_load()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(UndoVoteButton)
        await super().cog_unload()

    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("undo", self.undo),
            slash_command("approve", self.approve),
            slash_command("decline", self.decline),
        ]

    async def undo(self, interaction: discord.Interaction, count: int) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            reply = await self.service.request_undo(channel, user, count)
            if reply.undo_request_id is None or reply.table_id is None:
                return reply  # nobody else to ask: it was taken back at once
            language = await table_language(self.service, reply.table_id)
            return Answer(reply, view=undo_view(reply.table_id, reply.undo_request_id, language))

        await self.flow.run(interaction, "/undo", work, changes_table=True)

    async def approve(self, interaction: discord.Interaction) -> None:
        await self._vote(interaction, "/approve", self.service.approve_undo, None)

    async def decline(self, interaction: discord.Interaction) -> None:
        await self._vote(interaction, "/decline", self.service.decline_undo, None)

    async def vote_by_button(
        self, interaction: discord.Interaction, vote: str, table_id: int, request_id: int
    ) -> None:
        step = self.service.approve_undo if vote == "approve" else self.service.decline_undo
        await self._vote(
            interaction, f"{VOTE_LABELS[vote].english()} button", step, (table_id, request_id)
        )

    async def _vote(
        self,
        interaction: discord.Interaction,
        what: str,
        step: Vote,
        request: tuple[int, int] | None,
    ) -> None:
        """Carry out a vote; from a button (`request` = table and request id) the request's
        buttons come off once it is settled."""
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            if request is None:
                return await step(channel, user, None)
            table_id, request_id = request
            await self.service.require_open_table(channel, table_id)
            reply = await step(channel, user, request_id)
            if reply.undo_request_id is not None:
                return reply  # still waiting for other votes

            async def settled(_: discord.Message) -> None:
                await interaction.edit_original_response(view=None)

            return Answer(reply, after_post=settled)

        await self.flow.run(interaction, what, work, changes_table=True)
