"""The stand-in's mutable state: channels, messages, interactions, commands — and waiting on them.

Every change calls :meth:`LoopbackState.changed`, which wakes the tests awaiting a condition.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TypeVar

from .http_io import RequestBody
from .messages import edited_payload, files_after_edit, message_payload, uploaded_files
from .payloads import Json
from .records import (
    CommandSync,
    InteractionRecord,
    MessageSource,
    RecordedEdit,
    RecordedMessage,
    RequestLogEntry,
)
from .world import DM_CHANNEL, FakeChannel, FakeUser, Snowflakes, World

T = TypeVar("T")

INTERACTION_RESPONSE_DEADLINE = 3.0


class LoopbackTimeout(AssertionError):
    """The bot did not do what the test waited for in time (fails the test with the reason)."""


class LoopbackState:
    def __init__(self, world: World) -> None:
        self.world = world
        self.ids = Snowflakes()
        self.base_url = ""
        self.gateway_url = ""
        self.response_deadline = INTERACTION_RESPONSE_DEADLINE
        """Seconds the bot has for its first answer to an interaction, as on Discord."""
        self.channels: dict[int, FakeChannel] = {
            c.id: c for guild in world.guilds for c in guild.channels
        }
        self.messages: dict[int, RecordedMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.interactions_by_token: dict[str, InteractionRecord] = {}
        self.commands: dict[int | None, list[Json]] = {}
        self.command_ids: dict[tuple[int | None, str, int], int] = {}
        self.command_syncs: list[CommandSync] = []
        self.requests: list[RequestLogEntry] = []
        self.nonces: dict[tuple[int, str], int] = {}
        """The message posted with each (channel id, nonce)."""
        self.nonce_repeats = 0
        """Posts answered with an earlier message because they repeated its enforced nonce."""
        self._changed = asyncio.Condition()

    # -- waiting -------------------------------------------------------------------------

    async def changed(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_until(self, check: Callable[[], T | None], *, timeout: float, what: str) -> T:
        """Return ``check()`` once it is not None; fail with ``what`` after ``timeout`` s."""
        async with self._changed:
            try:
                async with asyncio.timeout(timeout):
                    while (result := check()) is None:
                        await self._changed.wait()
            except TimeoutError:
                raise LoopbackTimeout(f"timed out after {timeout} s waiting for {what}") from None
        return result

    # -- people and channels -------------------------------------------------------------

    def user(self, user_id: int) -> FakeUser | None:
        return next((u for u in [*self.world.users, self.world.bot_user] if u.id == user_id), None)

    def open_dm(self, user: FakeUser) -> FakeChannel:
        existing = self.dm_channel_of(user)
        if existing is not None:
            return existing
        channel = FakeChannel(self.ids.next(), "", DM_CHANNEL, recipient_id=user.id)
        self.channels[channel.id] = channel
        return channel

    def dm_channel_of(self, user: FakeUser) -> FakeChannel | None:
        return next(
            (
                c
                for c in self.channels.values()
                if c.type == DM_CHANNEL and c.recipient_id == user.id
            ),
            None,
        )

    def add_thread(
        self, parent: FakeChannel, name: str, thread_type: int, thread_id: int
    ) -> FakeChannel:
        thread = FakeChannel(thread_id, name, thread_type, parent.guild_id, parent.id)
        self.channels[thread.id] = thread
        return thread

    def threads(self) -> list[FakeChannel]:
        return [channel for channel in self.channels.values() if channel.is_thread]

    # -- messages ------------------------------------------------------------------------

    def create_message(
        self,
        channel: FakeChannel,
        body: RequestBody,
        source: MessageSource,
        *,
        interaction_id: int | None = None,
        extra: Json | None = None,
    ) -> RecordedMessage:
        message_id = self.ids.next()
        files = uploaded_files(body, self.ids.next)
        payload = message_payload(
            message_id=message_id,
            channel=channel,
            body=body,
            files=files,
            world=self.world,
            base_url=self.base_url,
            extra=extra,
        )
        message = RecordedMessage(message_id, channel.id, source, payload, files, interaction_id)
        self.messages[message_id] = message
        return message

    def edit_message(self, message: RecordedMessage, body: RequestBody) -> RecordedEdit:
        new_files = uploaded_files(body, self.ids.next)
        message.files = files_after_edit(message.files, body, new_files)
        message.payload = edited_payload(
            message.payload, body, message.files, self.world, self.base_url
        )
        message.edits += 1
        return RecordedEdit(message.id, body.payload, new_files)

    def visible_messages(self, channel_id: int) -> list[RecordedMessage]:
        """What everyone sees in the channel: not ephemeral, not deleted, oldest first."""
        return [
            m
            for m in self.messages.values()
            if m.channel_id == channel_id and not m.ephemeral and not m.deleted
        ]

    # -- interactions ----------------------------------------------------------------------

    def register_interaction(self, record: InteractionRecord) -> None:
        self.interactions[record.id] = record
        self.interactions_by_token[record.token] = record
