"""What goes in and out of the service: who asks, where, and the replies (plain data).

Transports (the console, Discord) turn their events into `User` and `Channel`, and a `Reply`
into a message: its text, an optional PNG, pings for `mentions`, and `private` replies only
for the asking user (an ephemeral message on Discord); a public reply may carry a `personal`
one for the acting user alone.
"""

from __future__ import annotations

from dataclasses import dataclass
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
