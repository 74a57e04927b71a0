"""Opening a table and filling its seats: /newgame (optionally in a thread of its own), /join,
/leave, /start, and the lobby message whose Join / Leave / Start / Cancel buttons do the same.

The lobby message is kept current: its seat list after every join or leave, and once the
table starts or is abandoned (the flow's `when_closed`) it says so and loses its buttons.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from engine.core import msg, term
from engine.core.i18n import FALLBACK, word

from ...commands import parse_game_options
from ...commands.words import named_for_discord
from ...service import BadRequest, Channel, Reply, Service, User
from ...service.bots import parse_clock
from ..flow import Answer, Outcome
from ..identity import channel_of, user_of
from ..languages import as_shown, for_user, table_language
from ..outgoing import post_reply
from ..slash import SlashCommand, slash_command
from ..texts import (
    MAY_NOT_OPEN_THREADS,
    NO_THREAD_IN_A_THREAD,
    THREADS_IN_TEXT_CHANNELS_ONLY,
    thread_name,
)
from ..translator import localised
from .base import FeatureCog, cog_of
from .confirm import asking

if TYPE_CHECKING:
    from ..app import MeepleBot

log = logging.getLogger(__name__)

#: A week of silence before Discord archives a table's thread (a message reopens it).
THREAD_ARCHIVE_MINUTES: Literal[10080] = 10080
MAX_CHOICES = 25

LOBBY_LABELS = {
    "join": term("Join", "button"),
    "leave": term("Leave", "button"),
    "start": term("Start", "button"),
    "cancel": term("Cancel", "button"),
}
LOBBY_STYLES = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
    "cancel": discord.ButtonStyle.danger,
}


@dataclass(frozen=True, slots=True)
class TableTerms:
    """What /newgame sets besides the game and its options."""

    seed: int | None
    skip_after: timedelta
    clock: timedelta | None


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"mp:lobby:(?P<action>join|leave|start|cancel):(?P<table>\d+)",
):
    """A lobby button; its custom id names the table, so it works after any restart."""

    def __init__(self, action: str, table_id: int, language: str = FALLBACK) -> None:
        self.action = action
        self.table_id = table_id
        super().__init__(
            discord.ui.Button(
                label=word(LOBBY_LABELS[action], language),
                style=LOBBY_STYLES[action],
                custom_id=f"mp:lobby:{action}:{table_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> LobbyButton:
        return cls(match["action"], int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await cog_of(interaction, LobbyCog).clicked(interaction, self.action, self.table_id)


def lobby_view(table_id: int, language: str) -> discord.ui.View:
    """The lobby's buttons, labelled in the table's `language` (the message is public)."""
    view = discord.ui.View(timeout=None)
    for action in LOBBY_LABELS:
        view.add_item(LobbyButton(action, table_id, language))
    return view


def game_choices(service: Service) -> list[app_commands.Choice[str]]:
    """Each game to pick, `Terra Nova (2–4 players)`, shown in the reader's language."""
    choices: list[app_commands.Choice[str]] = []
    for game in service.catalog.all()[:MAX_CHOICES]:
        info = game.info
        name = msg(
            "{game} ({least}–{most} players)",
            game=info.name,
            least=info.min_players,
            most=info.max_players,
        )
        choices.append(app_commands.Choice(name=localised(name.english(), name), value=info.key))
    return choices


async def update_lobby_message(bot: MeepleBot, table_id: int | None) -> None:
    """Bring the table's lobby message up to date (best effort: failures are logged)."""
    if table_id is None:
        return
    try:
        post = await bot.service.lobby_post(table_id)
        if post is None or post.channel_id is None or post.message_id is None:
            return
        message = bot.get_partial_messageable(int(post.channel_id)).get_partial_message(
            int(post.message_id)
        )
        language = await table_language(bot.service, table_id)
        view = lobby_view(table_id, language) if post.open else None
        await message.edit(content=named_for_discord(post.text, language), view=view)
    except discord.NotFound:
        log.warning("the lobby message of table %s was deleted; not updating it", table_id)
    except Exception:  # the table changed already: never let its message undo that news
        log.exception("could not update the lobby message of table %s", table_id)


class LobbyCog(FeatureCog, name="Lobby"):
    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton)
        self.flow.when_closed.append(self.closed)
        await super().cog_load()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(LobbyButton)
        self.flow.when_closed.remove(self.closed)
        await super().cog_unload()

    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("newgame", self.newgame, choices={"game": game_choices(self.service)}),
            slash_command("join", self.join),
            slash_command("leave", self.leave),
            slash_command("start", self.start),
        ]

    async def newgame(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None,
        seed: int | None,
        thread: bool,
        skip_after: int,
        clock: str | None,
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)
        waiting = timedelta(hours=skip_after)

        async def work() -> Outcome:
            chosen = parse_game_options(options)
            terms = TableTerms(seed, waiting, parse_clock(clock))
            if thread:
                return await self._open_in_thread(interaction, user, game, chosen, terms)
            reply = await self.service.create_table(
                channel, user, game, chosen, seed, waiting, terms.clock
            )
            return await self._lobby_answer(reply, channel)

        await self.flow.run(interaction, "/newgame", work, changes_table=True)

    async def _lobby_answer(self, reply: Reply, channel: Channel) -> Answer:
        table_id = reply.table_id
        assert table_id is not None, "a new table has an id"
        post = await self.service.lobby_post(table_id)
        assert post is not None, "tables are never deleted"

        async def remember(message: discord.Message) -> None:
            await self._remember_lobby(table_id, channel, message)

        lobby = Reply(post.text, table_id=table_id)
        view = lobby_view(table_id, await table_language(self.service, table_id))
        return Answer(lobby, view=view, after_post=remember)

    async def _remember_lobby(
        self, table_id: int, channel: Channel, message: discord.Message
    ) -> None:
        """Note the lobby message so it can be kept current (best effort: the table is open
        whether or not its message can be updated later)."""
        try:
            await self.service.remember_lobby_post(table_id, channel.id, str(message.id))
        except Exception:
            log.exception("could not remember the lobby message of table %s", table_id)

    async def _open_in_thread(
        self,
        interaction: discord.Interaction,
        user: User,
        game: str,
        options: dict[str, str],
        terms: TableTerms,
    ) -> Answer:
        """A new public thread holds the table and its lobby; the channel is told where."""
        parent = interaction.channel
        if isinstance(parent, discord.Thread):
            raise BadRequest(for_user(interaction, NO_THREAD_IN_A_THREAD))
        if not isinstance(parent, discord.TextChannel):
            raise BadRequest(for_user(interaction, THREADS_IN_TEXT_CHANNELS_ONLY))
        game_name = self.service.check_new_table(game, options)
        try:
            thread = await parent.create_thread(
                name=thread_name(game_name, user.name),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                reason=f"/newgame by {user.name}",
            )
        except discord.Forbidden:
            raise BadRequest(for_user(interaction, MAY_NOT_OPEN_THREADS)) from None
        table_channel = Channel(str(thread.id), str(parent.guild.id))
        created = await self.service.create_table(
            table_channel, user, game, options, terms.seed, terms.skip_after, terms.clock
        )
        lobby = await self._lobby_answer(created, table_channel)
        language = await table_language(self.service, created.table_id)
        shown = as_shown(lobby.reply, language)
        message = await post_reply(thread, shown, view=lobby.view, nonce=f"{interaction.id}L")
        assert created.table_id is not None
        await self._remember_lobby(created.table_id, table_channel, message)
        return Answer(await self.service.opened_in_thread(user, created.table_id, thread.mention))

    # -- seats -----------------------------------------------------------------------------

    async def join(self, interaction: discord.Interaction) -> None:
        await self.seat_change(interaction, "join", None)

    async def leave(self, interaction: discord.Interaction) -> None:
        await self.seat_change(interaction, "leave", None)

    async def start(self, interaction: discord.Interaction) -> None:
        await self.seat_change(interaction, "start", None)

    async def clicked(self, interaction: discord.Interaction, action: str, table_id: int) -> None:
        await self.seat_change(interaction, action, table_id)

    async def closed(self, table_id: int) -> None:
        """An interaction closed a table (abandoned it): its lobby message says so."""
        await update_lobby_message(self.bot, table_id)

    async def seat_change(
        self, interaction: discord.Interaction, action: str, table_id: int | None
    ) -> None:
        """Join, leave, start or cancel (abandon, which asks first) — by command, or by a
        lobby button of `table_id`, which must still be the channel's open table."""
        user, channel = user_of(interaction), channel_of(interaction)
        service = self.service
        steps = {"join": service.join, "leave": service.leave, "start": service.start}

        async def work() -> Outcome:
            if table_id is not None:
                await service.require_open_table(channel, table_id)
            if action == "cancel":  # /abandon: it asks first
                return asking(await service.ask_abandon(channel, user), interaction)
            reply = await steps[action](channel, user)
            await update_lobby_message(self.bot, reply.table_id)
            return reply

        what = f"/{action}" if table_id is None else f"{LOBBY_LABELS[action].english()} button"
        await self.flow.run(interaction, what, work, changes_table=True)
