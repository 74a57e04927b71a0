"""Turning a service `Reply` into Discord messages, and posting public ones reliably.

A reply becomes one message (more only if its text is over Discord's 2000 characters): the
text, the board as a PNG file, and a last line pinging whoever must act — with
`allowed_mentions` limited to exactly those users, so nothing else in a message can ping.

A move's board is still being drawn when its text is ready: the message is posted with the
text (and the pings) at once and edited to attach the board when it is drawn
(`post_in_order`, in the channel's order: `ordering.py`).
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from ..service import Attachment, BoardImage, Reply
from .ordering import Slot

log = logging.getLogger(__name__)

MAX_CONTENT = 2000
#: Pauses before posting again after Discord answered 5xx (429s are retried by discord.py).
SERVER_ERROR_RETRY_DELAYS = (0.5, 1.5)


class PostFailed(Exception):
    """Discord refused a public message even after retrying. Whatever the reply reports has
    been stored already: it must be reported to the user, never carried out again."""

    def __init__(self, reply: Reply, error: discord.HTTPException) -> None:
        self.reply = reply
        self.error = error
        super().__init__(f"posting failed with HTTP {error.status} (code {error.code})")


@dataclass(frozen=True, slots=True)
class MessageParts:
    """A reply laid out as messages: the image and file go with the first, pings end the
    last."""

    chunks: list[str]
    image: BoardImage | None
    mention_ids: list[int]
    attachment: Attachment | None = None

    def files(self) -> list[discord.File]:
        """Fresh file objects for one attempt (discord.py consumes them when sending)."""
        files = []
        if self.image is not None:
            files.append(discord.File(io.BytesIO(self.image.png), filename=self.image.filename))
        if self.attachment is not None:
            data = io.BytesIO(self.attachment.data)
            files.append(discord.File(data, filename=self.attachment.filename))
        return files

    def allowed_mentions(self) -> discord.AllowedMentions:
        return discord.AllowedMentions(
            everyone=False,
            roles=False,
            replied_user=False,
            users=[discord.Object(user_id) for user_id in self.mention_ids],
        )


def message_parts(reply: Reply, *, with_pings: bool = True) -> MessageParts:
    mention_ids = [int(m.user_id) for m in reply.mentions if m.user_id.isdigit()]
    text = reply.text
    if with_pings and mention_ids:
        text += "\n🔔 " + " ".join(f"<@{user_id}>" for user_id in mention_ids)
    return MessageParts(
        split_text(text), reply.image, mention_ids if with_pings else [], reply.attachment
    )


def split_text(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """Pieces of at most `limit` characters, cut at line ends where possible."""
    chunks: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:
            if current:
                chunks.append(current)
                current = ""
            chunks.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            chunks.append(current)
            candidate = line
        current = candidate
    if current or not chunks:
        chunks.append(current or "\u200b")
    return chunks


async def post_reply(
    channel: discord.abc.Messageable,
    reply: Reply,
    *,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
) -> discord.Message:
    """Post `reply` publicly (its buttons on the last message); returns the last message."""
    return (await post_messages(channel, reply, view=view, nonce=nonce))[-1]


async def post_messages(
    channel: discord.abc.Messageable,
    reply: Reply,
    *,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
) -> list[discord.Message]:
    """Post `reply` publicly (its buttons on the last message); returns the messages.

    Discord's 5xx answers are retried a few times; the `nonce` (enforced) makes Discord
    return the first message instead of posting it twice should an attempt that looked
    failed have gone through. Raises PostFailed when Discord keeps refusing. A board still
    being drawn (`reply.drawing`) is not waited for: `show_drawing` adds it.
    """
    parts = message_parts(reply)
    messages: list[discord.Message] = []
    for index, chunk in enumerate(parts.chunks):
        last = index == len(parts.chunks) - 1
        message = await _send_with_retries(
            channel,
            reply,
            content=chunk,
            parts=parts,
            with_file=index == 0,
            view=view if last else None,
            nonce=None if nonce is None else f"{nonce}.{index}",
        )
        messages.append(message)
    return messages


async def post_in_order(
    slot: Slot,
    channel: discord.abc.Messageable,
    reply: Reply,
    *,
    view: discord.ui.View | None = None,
    nonce: str | None = None,
    after_text: Callable[[list[discord.Message]], Awaitable[None]] | None = None,
) -> list[discord.Message]:
    """Post `reply` publicly in its `slot`'s turn (`ordering.py`): the text (with the board if
    it is drawn already) after the channel's post before it, then `after_text`, then — a board
    still being drawn — the board, attached to the first message after the board before it.
    Raises PostFailed when the text cannot be posted; a board that cannot be attached is
    logged, the text stands."""
    async with slot:
        await slot.text_turn(with_board=reply.image is not None)
        messages = await post_messages(channel, reply, view=view, nonce=nonce)
        slot.text_done()
        if after_text is not None:
            await after_text(messages)
        if reply.drawing is not None:
            image = await reply.drawing.image()
            await slot.board_turn()
            await show_drawing(messages, reply, image)
        return messages


async def show_drawing(
    messages: Sequence[discord.Message | discord.WebhookMessage],
    reply: Reply,
    image: BoardImage | None,
) -> None:
    """Attach a reply's board, drawn after its text was posted, to the first of its messages
    (pings are not sent again: Discord notifies on new messages, never on edits); if it could
    not be drawn, add the drawing's note to the last. Failures are logged, never raised: the
    move and its text stand, and /board shows the position."""
    assert reply.drawing is not None
    parts = message_parts(reply)
    try:
        if image is None:
            last = messages[-1]
            noted = f"{last.content}\n{reply.drawing.failed_note}"
            if len(noted) <= MAX_CONTENT:
                mentions = parts.allowed_mentions()
                await _edit_with_retries(
                    last, lambda: {"content": noted, "allowed_mentions": mentions}
                )
            return
        first, png, filename = messages[0], image.png, image.filename

        def attach() -> dict[str, Any]:
            board = discord.File(io.BytesIO(png), filename=filename)
            return {
                "attachments": [*first.attachments, board],
                "allowed_mentions": parts.allowed_mentions(),
            }

        await _edit_with_retries(first, attach)
    except Exception:  # a lost connection as much as a Discord refusal
        log.exception(
            "could not add the board %s to message %s (table %s); the move stands",
            reply.drawing.filename,
            messages[0].id,
            reply.table_id,
        )


async def _send_with_retries(
    channel: discord.abc.Messageable,
    reply: Reply,
    *,
    content: str,
    parts: MessageParts,
    with_file: bool,
    view: discord.ui.View | None,
    nonce: str | None,
) -> discord.Message:
    delays: Sequence[float] = SERVER_ERROR_RETRY_DELAYS
    attempt = 0
    while True:
        # Only what is set: discord.py's overloads refuse explicit Nones.
        extras: dict[str, Any] = {"allowed_mentions": parts.allowed_mentions()}
        files = parts.files() if with_file else []
        if files:
            extras["files"] = files
        if view is not None:
            extras["view"] = view
        if nonce is not None:
            extras["nonce"] = nonce
        try:
            return await channel.send(content, **extras)
        except discord.DiscordServerError as error:
            if attempt >= len(delays):
                raise PostFailed(reply, error) from error
            log.warning(
                "Discord answered HTTP %s to a post in channel %s; retrying in %.1f s",
                error.status,
                getattr(channel, "id", "?"),
                delays[attempt],
            )
            await asyncio.sleep(delays[attempt])
            attempt += 1
        except discord.HTTPException as error:
            raise PostFailed(reply, error) from error


async def _edit_with_retries(
    message: discord.Message | discord.WebhookMessage, fields: Callable[[], dict[str, Any]]
) -> None:
    """Edit `message` with `fields()` — made afresh for each attempt (discord.py consumes
    files) —, retrying Discord's 5xx answers a few times."""
    attempt = 0
    while True:
        try:
            await message.edit(**fields())
            return
        except discord.DiscordServerError as error:
            if attempt >= len(SERVER_ERROR_RETRY_DELAYS):
                raise
            log.warning(
                "Discord answered HTTP %s to an edit of message %s; retrying in %.1f s",
                error.status,
                message.id,
                SERVER_ERROR_RETRY_DELAYS[attempt],
            )
            await asyncio.sleep(SERVER_ERROR_RETRY_DELAYS[attempt])
            attempt += 1
