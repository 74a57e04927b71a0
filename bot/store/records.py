"""Plain records read from and written to the store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Literal

from engine.core import Message

TableStatus = Literal["lobby", "active", "finished", "abandoned"]
ActionKind = Literal["move", "resign", "skip"]
UndoStatus = Literal["open", "done", "declined", "lapsed"]
ConfirmationKind = Literal["move", "resign", "abandon", "skip"]
ConfirmationStatus = Literal["open", "used", "dismissed"]

OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "active")
#: How long a table waits for a player before they may be skipped, unless its creator chose.
DEFAULT_SKIP_AFTER = timedelta(hours=24)


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: int
    channel_id: str
    guild_id: str | None
    game_key: str
    options: dict[str, Any]
    seed: int
    creator_id: str
    status: TableStatus
    created_at: datetime
    updated_at: datetime
    started_at: datetime | None
    ended_at: datetime | None
    version: int
    move_count: int
    #: The engine state as JSON; None in the lobby, and in listings that leave it out.
    state_json: str | None
    to_act: list[int]
    waiting_since: datetime | None
    #: The seats the current round owed an action when it began (see service/progress.py).
    round_seats: list[int]
    #: How long the table waits for a player before they may be skipped.
    skip_after: timedelta = DEFAULT_SKIP_AFTER
    #: The move clock: a player waited for longer has the bot play that turn (None: off).
    clock: timedelta | None = None
    #: What its channel reads (None: a table opened before languages, read as the default).
    language: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRecord:
    table_id: int
    user_id: str
    display_name: str
    joined_at: datetime
    seat: int | None
    #: A bot's seat: its level; None for a person.
    bot_level: str | None = None
    #: A person's seat the bot plays (after /replace): the level; None while they play it.
    covered_level: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None

    @property
    def played_by_bot(self) -> str | None:
        """The level of the bot that plays this seat now (a bot's seat, or a covered one)."""
        return self.bot_level or self.covered_level


@dataclass(frozen=True, slots=True)
class ListedTable:
    """A table in a listing (without its state snapshot) with its seats, in seat order."""

    table: TableRecord
    seats: list[SeatRecord]


@dataclass(frozen=True, slots=True)
class ActionRecord:
    table_id: int
    number: int
    seat: int
    user_id: str
    kind: ActionKind
    text: str
    #: What it did, as messages (worded for each reader; rows from before messages read as
    #: English texts).
    events: list[Message]
    reveals: bool
    created_at: datetime
    #: What everybody but the player reads of `text` (the same unless it names a secret).
    public_text: str
    #: Why it was played for its player (forced, or their standing answer); None if chosen.
    automatic: str | None = None
    #: The level of the bot that chose it; None: its player chose it.
    bot_level: str | None = None

    def text_for(self, seat: int | None) -> str:
        """The text as `seat` may read it: the real one for its own player only."""
        return self.text if seat == self.seat else self.public_text


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action about to be logged."""

    seat: int
    user_id: str
    kind: ActionKind
    text: str
    events: list[Message]
    reveals: bool
    #: What everybody but the player may read of `text`; None: the text itself is public.
    public_text: str | None = None
    #: Why it is played for its player (forced, or their standing answer); None if chosen.
    automatic: str | None = None
    #: The level of the bot that chose it; None: its player chose it.
    bot_level: str | None = None


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A position a table keeps (see checkpoints.py): the state after its first `number`
    actions (0: the start)."""

    number: int
    state_json: str


@dataclass(frozen=True, slots=True)
class UndoRequestRecord:
    id: int
    table_id: int
    requester_id: str
    from_number: int
    table_version: int
    status: UndoStatus
    created_at: datetime
    expires_at: datetime
    #: user id → True (approve) / False (decline)
    votes: dict[str, bool]
    #: The last action it takes back (later ones are kept); None: up to the table's last.
    last_number: int | None = None
    #: Why it lapsed, when an action touched what it would take back.
    lapse_reason: Message | None = None


@dataclass(frozen=True, slots=True)
class UndoFate:
    """What storing an action does to the table's open undo request: request `keep` stays
    open (the action leaves what it would take back untouched); any other open request
    lapses, `reason` saying why (None: the game moved on)."""

    keep: int | None = None
    reason: Message | None = None


@dataclass(frozen=True, slots=True)
class KeptAction:
    """An action played after those an undo takes back, kept by it: played again on the
    position the undo restores, with the events it had there, reaching `state_json` (kept as
    a checkpoint where one is due, never in the log)."""

    action: ActionRecord
    events: list[Message]
    state_json: str


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """The new game position a write leaves behind."""

    state_json: str
    to_act: list[int]
    waiting_since: datetime | None
    finished: bool
    #: The seats the round owed when it began; by default those owed now (a new round).
    round_seats: list[int] | None = None

    @property
    def round(self) -> list[int]:
        return self.to_act if self.round_seats is None else self.round_seats


@dataclass(frozen=True, slots=True)
class ConfirmationRecord:
    """What waits for its player's Confirm (or Cancel): a previewed move, or a /resign,
    /abandon or /skip."""

    id: int
    table_id: int
    #: The table's version it was asked on: it is carried out only on that position.
    table_version: int
    channel_id: str
    user_id: str
    kind: ConfirmationKind
    #: A move's text; for a skip, the user id of the player to skip.
    action: str
    status: ConfirmationStatus
    #: Confirm before this (None: a preview, which only needs the position unchanged).
    expires_at: datetime | None


@dataclass(frozen=True, slots=True)
class LobbyMessage:
    """Where a transport posted a table's lobby message (to keep it current)."""

    table_id: int
    channel_id: str
    message_id: str
