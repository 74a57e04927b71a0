"""Plain records read from and written to the store."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

TableStatus = Literal["lobby", "active", "finished", "abandoned"]
ActionKind = Literal["move", "resign", "skip"]
UndoStatus = Literal["open", "done", "declined", "lapsed"]

OPEN_STATUSES: tuple[TableStatus, ...] = ("lobby", "active")


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


@dataclass(frozen=True, slots=True)
class SeatRecord:
    table_id: int
    user_id: str
    display_name: str
    joined_at: datetime
    seat: int | None


@dataclass(frozen=True, slots=True)
class ActionRecord:
    table_id: int
    number: int
    seat: int
    user_id: str
    kind: ActionKind
    text: str
    events: list[str]
    reveals: bool
    created_at: datetime


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action about to be logged, with the snapshot it started from (for undo)."""

    seat: int
    user_id: str
    kind: ActionKind
    text: str
    events: list[str]
    reveals: bool
    state_before_json: str


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


@dataclass(frozen=True, slots=True)
class TableUpdate:
    """The new game position a write leaves behind."""

    state_json: str
    to_act: list[int]
    waiting_since: datetime | None
    finished: bool
