"""Turn reminders on Discord: `/remind` (a table's interval), `/notify` (how and when you are
reminded), and the scheduler that posts the reminders (see `bot.reminders`).

The scheduler runs on the bot's clock and on the game store's connection. It sleeps with the
clock's own `sleep(seconds)` when the clock has one (a test clock), with asyncio's otherwise.
It starts once the bot is ready, and looks again whenever an interaction changed a table.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from ...reminders import (
    ReminderNotice,
    ReminderScheduler,
    ReminderService,
    ReminderStore,
    StallNotice,
    pinged,
    reminder_text,
    stall_text,
    zone_choices,
)
from ...service import Reply
from ...service.waking import Sleep
from ..flow import Outcome
from ..identity import channel_of, user_of
from ..outgoing import PostFailed, post_reply
from ..slash import SlashCommand, slash_command
from .base import FeatureCog

if TYPE_CHECKING:
    from ..app import MeepleBot

log = logging.getLogger(__name__)

#: Discord's error code for "Cannot send messages to this user" (they refuse DMs).
CANNOT_MESSAGE_USER = 50007


def notice_nonce(notice: ReminderNotice | StallNotice) -> str:
    """The enforced nonce of a reminder or stall message: the same for the same notice about
    the same position, so that one sent again — by a process taking over the claim of one
    that died after sending it — comes back as the first message instead of a second one.
    Discord allows 25 characters (`post_reply` adds the part's number)."""
    if isinstance(notice, ReminderNotice):
        who = ",".join(m.user_id for m in notice.recipients)
        what = f"r:{notice.number}:{who}:{notice.private}"
    else:
        what = "s"
    text = f"{notice.table_id}:{notice.table_version}:{what}"
    return "m" + hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


class DiscordDeliverer:
    """Posts reminders in the table's channel (pinging exactly the reminded players) or as a
    direct message; a refused direct message is reported back, so the scheduler pings the
    player in the channel instead. Each carries `notice_nonce`."""

    def __init__(self, bot: MeepleBot) -> None:
        self.bot = bot

    async def send_reminder(self, notice: ReminderNotice) -> bool:
        now = self.bot.clock()
        if not notice.private:
            await self._post_in_channel(notice.channel_id, reminder_text(notice, now), notice)
            return True
        user_id = int(notice.recipients[0].user_id)
        text = reminder_text(notice, now, channel=f"<#{notice.channel_id}>")
        try:
            dm = await self.bot.create_dm(discord.Object(user_id))
            await post_reply(dm, Reply(text), nonce=notice_nonce(notice))
        except PostFailed as failure:
            if failure.error.code == CANNOT_MESSAGE_USER:
                log.info("user %s refuses direct messages: reminding in the channel", user_id)
                return False
            raise
        return True

    async def send_stall(self, notice: StallNotice) -> None:
        await self._post_in_channel(notice.channel_id, stall_text(notice, self.bot.clock()), notice)

    async def _post_in_channel(
        self, channel_id: str, text: str, notice: ReminderNotice | StallNotice
    ) -> None:
        channel = self.bot.get_partial_messageable(int(channel_id))
        reply = Reply(text, mentions=pinged(notice), table_id=notice.table_id)
        await post_reply(channel, reply, nonce=notice_nonce(notice))


def sleep_of(clock: Callable[[], object]) -> Sleep:
    """The clock's own sleep if it has one (test clocks), else asyncio's."""
    sleep = getattr(clock, "sleep", None)
    if sleep is None:
        return asyncio.sleep
    own: Callable[[float], Awaitable[None]] = sleep
    return own


class RemindersCog(FeatureCog, name="Reminders"):
    def __init__(self, bot: MeepleBot) -> None:
        super().__init__(bot)
        self._scheduler: ReminderScheduler | None = None
        self._reminders: ReminderService | None = None
        self._starting: asyncio.Task[None] | None = None

    @property
    def scheduler(self) -> ReminderScheduler:
        if self._scheduler is None:
            raise RuntimeError("the reminders are not set up yet: they set up when the bot does")
        return self._scheduler

    @property
    def reminders(self) -> ReminderService:
        if self._reminders is None:
            raise RuntimeError("the reminders are not set up yet: they set up when the bot does")
        return self._reminders

    async def cog_load(self) -> None:
        store = ReminderStore.sharing(self.bot.store)
        game_name = self.service.catalog.name_of
        clock = self.bot.clock
        self._scheduler = ReminderScheduler(
            store,
            DiscordDeliverer(self.bot),
            clock=clock,
            sleep=sleep_of(clock),
            game_name=game_name,
            default_language=self.service.default_language,
        )
        self._reminders = ReminderService(
            store,
            wake=self._scheduler.poke,
            game_name=game_name,
            clock=clock,
            default_language=self.service.default_language,
        )
        self._starting = asyncio.create_task(self._start_when_ready(), name="reminders-start")
        await super().cog_load()

    async def _start_when_ready(self) -> None:
        await self.bot.wait_until_ready()
        self.scheduler.start()

    async def cog_unload(self) -> None:
        if self._starting is not None:
            self._starting.cancel()
            await asyncio.gather(self._starting, return_exceptions=True)
        if self._scheduler is not None:
            await self._scheduler.stop()
        await super().cog_unload()

    @commands.Cog.listener()
    async def on_meeple_table_changed(self, table_id: int) -> None:
        """A move, a start, an undo…: the next reminders may have changed."""
        if self._scheduler is not None:
            self._scheduler.poke()

    # -- commands -------------------------------------------------------------------------

    def slash_commands(self) -> list[SlashCommand]:
        return [
            slash_command("remind", self.remind),
            slash_command("notify", self.notify, suggest={"tz": self._time_zones}),
        ]

    async def remind(
        self, interaction: discord.Interaction, every: int | None, off: bool | None
    ) -> None:
        user, channel = user_of(interaction), channel_of(interaction)

        async def work() -> Outcome:
            return await self.reminders.remind(channel, user, every=every, off=off)

        await self.flow.run(interaction, "/remind", work)

    async def notify(
        self,
        interaction: discord.Interaction,
        dm: bool | None,
        quiet: str | None,
        tz: str | None,
    ) -> None:
        user = user_of(interaction)

        async def work() -> Outcome:
            return await self.reminders.notify(user, dm=dm, quiet=quiet, tz=tz)

        await self.flow.run(interaction, "/notify", work)

    async def _time_zones(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        async def find() -> list[str]:
            return zone_choices(current)

        return await self.flow.suggestions(interaction, "/notify tz", find)
