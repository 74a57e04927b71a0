"""How every slash command and button click is carried out, the same way each time.

1. At most once: the interaction id is recorded in the database first; a repeated delivery
   (also after a restart) is ignored.
2. Acknowledged at once, before any slow work: a command is deferred privately ("thinking…"),
   a click with a silent deferred update. Discord's 3 seconds never run out; if Discord does
   not accept the acknowledgement, nothing is carried out.
3. The work runs (service calls; the engine and renderer run off the event loop there).
4. Every outcome is answered: public results are posted in the channel (one message with the
   words, the board and the pings — a move's words and pings at once, its board attached to
   the same message when drawn, in the channel's order: `ordering.py`); private ones
   (previews, your status, every refusal) only to the user — and a public result's personal
   part (your own board after your part of a round) takes the place of the private
   "thinking…" note. A refusal is the service's friendly message; a storage fault (disk
   full, database busy) "could not save …; nothing changed"; anything unexpected becomes
   "something went wrong, nothing was changed" — each of the last two with a log line.
   A result that is stored but cannot be posted is reported to the user, never redone.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from ..service import BoardChanged, Reply, ServiceError
from ..service.speech import say, speaking
from ..store import StorageFault
from .identity import channel_of, user_of
from .languages import as_shown, for_user, table_language, user_language
from .ordering import ChannelOrder, Slot
from .outgoing import PostFailed, message_parts, post_in_order, show_drawing
from .texts import SOMETHING_WENT_WRONG, not_posted

if TYPE_CHECKING:
    from .app import MeepleBot

log = logging.getLogger(__name__)

#: Autocomplete must be answered within 3 s; after this long it answers with no choices.
AUTOCOMPLETE_BUDGET = 2.0
MAX_CHOICES = 25
MAX_CHOICE_LENGTH = 100
#: The custom event dispatched after an interaction changed a table (lobby, moves, undo,
#: moderation): listeners get `on_meeple_table_changed(table_id: int)`.
TABLE_CHANGED_EVENT = "meeple_table_changed"
#: What runs after an interaction closed a table (abandoned it), with the table's id.
ClosedHook = Callable[[int], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Answer:
    """A reply plus how to deliver it."""

    reply: Reply
    view: discord.ui.View | None = None
    #: Where a public reply goes; by default the interaction's channel.
    channel: discord.abc.Messageable | None = None
    #: Called with the posted public message (to remember it, say); failures are logged only.
    after_post: Callable[[discord.Message], Awaitable[None]] | None = None


#: What a piece of work returns: a reply, an answer, or None when it answered by itself.
Outcome = Reply | Answer | None
Work = Callable[[], Awaitable[Outcome]]


class InteractionFlow:
    def __init__(self, bot: MeepleBot) -> None:
        self.bot = bot
        #: The order of every channel's public posts (shared with the bots' posts).
        self.order = ChannelOrder()
        self._in_flight: set[asyncio.Task[Any]] = set()
        #: Awaited, in the interaction's own task, after it closed a table (the lobby cog
        #: updates the table's lobby message); a hook must not raise.
        self.when_closed: list[ClosedHook] = []

    async def run(
        self,
        interaction: discord.Interaction,
        what: str,
        work: Work,
        *,
        changes_table: bool = False,
    ) -> None:
        """Carry out one command or click (`what` names it in logs); see the module doc."""
        task = asyncio.current_task()
        assert task is not None, "interactions are handled in tasks"
        self._in_flight.add(task)
        try:
            await self._run(interaction, what, work, changes_table)
        finally:
            self._in_flight.discard(task)

    async def drain(self, timeout: float) -> None:
        """Wait (at most `timeout` s) for the interactions being carried out, so a shutdown
        lets a move that was accepted also be posted."""
        pending = self._in_flight - {asyncio.current_task()}
        if pending:
            log.info("waiting for %d interaction(s) to finish before closing", len(pending))
            await asyncio.wait(pending, timeout=timeout)

    async def _run(
        self, interaction: discord.Interaction, what: str, work: Work, changes_table: bool
    ) -> None:
        try:
            first = await self.bot.ledger.claim_interaction(interaction.id, self.bot.clock())
        except StorageFault as fault:
            await self._storage_fault(interaction, what, fault, acknowledged=False)
            return
        except Exception as error:
            await self._unexpected(interaction, what, error, acknowledged=False)
            return
        if not first:
            log.info("ignored a repeated delivery of interaction %s (%s)", interaction.id, what)
            return
        if not await self._acknowledge(interaction, what):
            return
        try:
            language = await self.bot.service.reader_language(
                channel_of(interaction), user_of(interaction)
            )
        except StorageFault:  # the work meets the fault too, and says so
            language = self.bot.service.default_language
        except Exception:  # the reader's language is no reason to refuse the work
            log.exception("could not tell the reader's language: %s", describe(interaction, what))
            language = self.bot.service.default_language
        with speaking(language):
            await self._carry_out(interaction, what, work, changes_table)

    async def _carry_out(
        self, interaction: discord.Interaction, what: str, work: Work, changes_table: bool
    ) -> None:
        """Do the work and answer, in the reader's language (being spoken)."""
        try:
            outcome = await work()
        except PostFailed as failure:
            await self._post_failed(interaction, what, failure)
            return
        except BoardChanged as refusal:
            position = refusal.position
            text = f"{say(refusal.message)}\n{position.text}"
            await self.private(interaction, Reply(text, image=position.image, private=True))
            return
        except ServiceError as refusal:
            await self.private(interaction, Reply(say(refusal.message), private=True))
            return
        except StorageFault as fault:
            await self._storage_fault(interaction, what, fault, acknowledged=True)
            return
        except Exception as error:
            await self._unexpected(interaction, what, error, acknowledged=True)
            return
        if outcome is None:
            return
        answer = outcome if isinstance(outcome, Answer) else Answer(outcome)
        # The reply's place in its channel's order is taken before anything is awaited.
        channel = answer.channel or self.channel_for(interaction)
        slot = None if answer.reply.private else self.order.slot(channel_key(channel))
        if changes_table and answer.reply.table_id is not None:
            self.bot.dispatch(TABLE_CHANGED_EVENT, answer.reply.table_id)
            if answer.reply.closed:
                for hook in self.when_closed:
                    await hook(answer.reply.table_id)
        if slot is None:
            await self.private(interaction, answer.reply, view=answer.view)
        else:
            await self._deliver(interaction, what, answer, channel, slot)

    async def suggestions(
        self,
        interaction: discord.Interaction,
        what: str,
        find: Callable[[], Awaitable[list[str]]],
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete choices from `find`, answered in time: a refusal (not your table, not
        running, …) or a slow answer gives no choices; a failure is logged."""
        try:
            texts = await asyncio.wait_for(find(), AUTOCOMPLETE_BUDGET)
        except ServiceError:
            return []
        except TimeoutError:
            log.warning("autocomplete took too long: %s", describe(interaction, what))
            return []
        except Exception:
            log.exception("autocomplete failed: %s", describe(interaction, what))
            return []
        fitting = [text for text in texts if 0 < len(text) <= MAX_CHOICE_LENGTH]
        return [app_commands.Choice(name=text, value=text) for text in fitting[:MAX_CHOICES]]

    # -- answering -------------------------------------------------------------------------

    async def _acknowledge(self, interaction: discord.Interaction, what: str) -> bool:
        try:
            if interaction.type is discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            log.warning(
                "Discord did not accept the acknowledgement (HTTP %s, code %s), so it was not "
                "carried out: %s",
                error.status,
                error.code,
                describe(interaction, what),
            )
            return False
        return True

    async def _deliver(
        self,
        interaction: discord.Interaction,
        what: str,
        answer: Answer,
        channel: discord.abc.Messageable,
        slot: Slot,
    ) -> None:
        """Post a public reply in its slot's turn: its text, then the user's personal part
        (or the "thinking…" note removed), then the board when drawn; the personal part's
        own board last, outside the channel's order."""
        personal = answer.reply.personal
        shown: list[discord.Message | discord.WebhookMessage] = []

        async def after_text(messages: list[discord.Message]) -> None:
            if answer.after_post is not None:
                try:
                    await answer.after_post(messages[-1])
                except Exception:
                    log.exception("after posting: %s", describe(interaction, what))
            if personal is not None:
                shown.extend(await self._show_private(interaction, personal))
            elif interaction.type is not discord.InteractionType.component:
                await self._drop_thinking(interaction)

        try:
            async with slot:  # ended whatever fails, also before it is posted in
                language = await table_language(self.bot.service, answer.reply.table_id)
                await post_in_order(
                    slot,
                    channel,
                    as_shown(answer.reply, language),
                    view=answer.view,
                    nonce=str(interaction.id),
                    after_text=after_text,
                )
        except PostFailed as failure:
            await self._post_failed(interaction, what, failure)
            return
        if personal is not None and personal.drawing is not None and shown:
            await show_drawing(shown, personal, await personal.drawing.image())

    async def private(
        self,
        interaction: discord.Interaction,
        reply: Reply,
        *,
        view: discord.ui.View | None = None,
    ) -> None:
        """Show `reply` to the acting user only (after the acknowledgement): its text at
        once, then its board if it is still being drawn."""
        shown = await self._show_private(interaction, reply, view=view)
        if reply.drawing is not None and shown:
            await show_drawing(shown, reply, await reply.drawing.image())

    async def _show_private(
        self,
        interaction: discord.Interaction,
        reply: Reply,
        *,
        view: discord.ui.View | None = None,
    ) -> list[discord.Message | discord.WebhookMessage]:
        """Post `reply` privately, in the user's Discord's names of the commands, without
        waiting for a board still being drawn; the messages shown (none if Discord refused:
        logged)."""
        parts = message_parts(as_shown(reply, user_language(interaction)), with_pings=False)
        fills_thinking = interaction.type is not discord.InteractionType.component
        shown: list[discord.Message | discord.WebhookMessage] = []
        try:
            for index, chunk in enumerate(parts.chunks):
                extras: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
                files = parts.files() if index == 0 else []
                if view is not None and index == len(parts.chunks) - 1:
                    extras["view"] = view
                if index == 0 and fills_thinking:
                    extras["attachments"] = files
                    shown.append(await interaction.edit_original_response(content=chunk, **extras))
                    continue
                if files:
                    extras["files"] = files
                shown.append(
                    await interaction.followup.send(chunk, ephemeral=True, wait=True, **extras)
                )
        except Exception:  # a lost connection as much as a Discord refusal: log, never raise
            log.exception("could not answer privately: %s", describe(interaction, reply.text[:80]))
        return shown

    async def _drop_thinking(self, interaction: discord.Interaction) -> None:
        """Remove the private "thinking…" note once the public message is out."""
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as error:
            log.info("could not remove the thinking note of %s: %s", interaction.id, error)

    def channel_for(self, interaction: discord.Interaction) -> discord.PartialMessageable:
        channel = channel_of(interaction)
        return self.bot.get_partial_messageable(int(channel.id), guild_id=interaction.guild_id)

    # -- failures --------------------------------------------------------------------------

    async def _post_failed(
        self, interaction: discord.Interaction, what: str, failure: PostFailed
    ) -> None:
        log.error(
            "the result was stored but Discord refused to post it (%s; table %s): %s",
            failure,
            failure.reply.table_id,
            describe(interaction, what),
        )
        reply = await failure.reply.finished()
        text = for_user(interaction, not_posted(failure.error.status)) + reply.text
        await self.private(
            interaction,
            Reply(text, image=reply.image, attachment=reply.attachment, private=True),
        )

    async def _storage_fault(
        self,
        interaction: discord.Interaction,
        what: str,
        fault: StorageFault,
        *,
        acknowledged: bool,
    ) -> None:
        """The database could not be written (full, busy, …): say so, log the cause."""
        table = await self._table_id(interaction)
        log.error(
            "%s could not be carried out (table %s): %s (%s)",
            describe(interaction, what),
            table,
            fault.problem.value,
            fault.detail,
        )
        await self._answer_failure(interaction, what, str(fault), acknowledged)

    async def _unexpected(
        self,
        interaction: discord.Interaction,
        what: str,
        error: Exception,
        *,
        acknowledged: bool,
    ) -> None:
        table = await self._table_id(interaction)
        log.error(
            "%s failed unexpectedly (table %s)",
            describe(interaction, what),
            table,
            exc_info=error,
        )
        text = for_user(interaction, SOMETHING_WENT_WRONG)
        await self._answer_failure(interaction, what, text, acknowledged)

    async def _answer_failure(
        self, interaction: discord.Interaction, what: str, text: str, acknowledged: bool
    ) -> None:
        if acknowledged:
            await self.private(interaction, Reply(text, private=True))
            return
        try:
            await interaction.response.send_message(text, ephemeral=True)
        except Exception:
            log.exception("could not report the failure: %s", describe(interaction, what))

    async def _table_id(self, interaction: discord.Interaction) -> int | None:
        """The channel's open table, for a log line (None if it cannot be read)."""
        try:
            return await self.bot.service.open_table_id(channel_of(interaction))
        except Exception:
            return None


def channel_key(channel: discord.abc.Messageable) -> int:
    """The id a channel's posts are ordered by (every channel the bot posts in has one)."""
    key = getattr(channel, "id", None)
    assert isinstance(key, int), f"a channel without an id: {channel!r}"
    return key


def describe(interaction: discord.Interaction, what: str) -> str:
    """`/move by alice (id 1) in channel 2 of guild 3`, for log lines."""
    user = interaction.user
    return (
        f"{what} by {user} (id {user.id}) in channel {interaction.channel_id} "
        f"of guild {interaction.guild_id}"
    )
