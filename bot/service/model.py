"""What goes in and out of the service: who asks, where, and the replies (plain data).

Transports (the console, Discord) turn their events into `User` and `Channel`, and a `Reply`
into a message: its text, an optional PNG, pings for `mentions`, and `private` replies only
for the asking user (an ephemeral message on Discord); a public reply may carry a `personal`
one for the acting user alone.

A reply to a move comes as soon as the move is stored, its board still being drawn: its
`drawing` (a `Drawing`) gives the image when it is ready, and the transport shows the text at
once and adds the image then (`docs/architecture.md`, "Text first, the board when drawn").
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from datetime import datetime

from .names import clean_name


@dataclass(frozen=True, slots=True)
class User:
    """A person as the transport knows them. `moderator`: may abandon and skip like the
    table's creator (on Discord: members with Manage Channels). The name is cleaned here,
    where it enters the service (`clean_name`): whatever a transport passes, the service
    only ever sees, stores and shows the clean one. `language`: the one they read (of
    `engine.core.i18n.LANGUAGES`, from their Discord language; None: unknown or none of
    ours — they read the table's)."""

    id: str
    name: str
    moderator: bool = False
    language: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", clean_name(self.name))


@dataclass(frozen=True, slots=True)
class Channel:
    """Where a table lives; `guild_id` groups channels (a Discord server), None outside one."""

    id: str
    guild_id: str | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """Someone to ping: the table now waits for them (or for their vote)."""

    user_id: str
    name: str


@dataclass(frozen=True, slots=True)
class BoardImage:
    filename: str
    png: bytes


class Drawing:
    """A board image being drawn in a worker thread, started when its reply was made.

    `image()` waits for it: the PNG, or None if drawing failed (the service has logged why;
    the move stands). `failed_note` is what the transport adds to the reply's text then, so
    that the players know the picture is missing and how to see the board — worded in the
    reply's language when the drawing was started."""

    def __init__(
        self, task: asyncio.Future[BoardImage | None], filename: str, failed_note: str
    ) -> None:
        self._task = task
        #: The name the image will have (`<table>-<move>.png`).
        self.filename = filename
        self.failed_note = failed_note

    async def image(self) -> BoardImage | None:
        return await asyncio.shield(self._task)

    def __repr__(self) -> str:
        return f"Drawing({self.filename!r}, done={self._task.done()})"


@dataclass(frozen=True, slots=True)
class Attachment:
    """A file other than the board image: a game's record (text) or its replay (GIF)."""

    filename: str
    data: bytes


@dataclass(frozen=True, slots=True)
class Reply:
    text: str
    image: BoardImage | None = None
    #: A file sent with the reply (after the image, if both).
    attachment: Attachment | None = None
    mentions: tuple[Mention, ...] = ()
    private: bool = False
    table_id: int | None = None
    #: The table's version this reply shows (a preview's is needed to confirm it).
    table_version: int | None = None
    #: Set when the reply asks the other players to approve or decline an undo.
    undo_request_id: int | None = None
    #: Set when the reply asks its user to confirm (`confirm`) or cancel (`cancel`): a
    #: preview of a move, or a /resign, /abandon or /skip.
    confirmation_id: int | None = None
    #: The reply closed the table (abandoned it): its lobby message should say so.
    closed: bool = False
    #: What the acting user alone reads besides this public reply (their own board after a
    #: part of a round); transports show it privately (Discord: an ephemeral message).
    personal: Reply | None = None
    #: The board still being drawn (a move's reply, `image` None): show the text at once,
    #: then add the image when `drawing.image()` gives it.
    drawing: Drawing | None = None

    async def finished(self) -> Reply:
        """This reply once its board (and its personal part's) is drawn: `image` set (None if
        drawing failed), no `drawing` left — for a transport that shows it all at once."""
        personal = None if self.personal is None else await self.personal.finished()
        if self.drawing is None and personal is self.personal:
            return self
        image = self.image if self.drawing is None else await self.drawing.image()
        return replace(self, image=image, drawing=None, personal=personal)


@dataclass(frozen=True, slots=True)
class TableSummary:
    """One open table, for listings such as /games and /mygames."""

    table_id: int
    channel_id: str
    guild_id: str | None
    game_name: str
    status: str
    players: tuple[str, ...]
    waiting_for: tuple[Mention, ...]
    waiting_since: datetime | None


@dataclass(frozen=True, slots=True)
class LobbyPost:
    """A table's lobby message as it should read now, and where the transport posted it."""

    table_id: int
    text: str
    #: Still in the lobby: its Join / Leave / Start / Cancel buttons apply.
    open: bool
    #: Where the transport posted it (`remember_lobby_post`); None until then.
    channel_id: str | None = None
    message_id: str | None = None
