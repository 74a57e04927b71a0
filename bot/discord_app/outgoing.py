"""Turning a service `Reply` into Discord messages, and posting public ones reliably.

A reply becomes one message (more only if its text is over Discord's 2000 characters): the
text, the board as a PNG file, and a last line pinging whoever must act — with
`allowed_mentions` limited to exactly those users, so nothing else in a message can ping.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from ..service import Attachment, BoardImage, Reply

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
    """Post `reply` publicly (its buttons on the last message); returns the last message.

    Discord's 5xx answers are retried a few times; the `nonce` (enforced) makes Discord
    return the first message instead of posting it twice should an attempt that looked
    failed have gone through. Raises PostFailed when Discord keeps refusing.
    """
    parts = message_parts(reply)
    message: discord.Message | None = None
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
    assert message is not None, "a reply has at least one chunk"
    return message


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
