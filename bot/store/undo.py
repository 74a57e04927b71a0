"""Undo requests and their votes, and taking actions back: the position before the first
action taken back is restored (the service finds it: bot/service/positions.py, and plays the
later actions a request keeps again on it), the actions and the checkpoints after it leave
the store and the request is closed — in one transaction, and only if the table is unchanged
since it was read."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from engine.core import Message

from .checkpoints import drop_after, keep_after_action
from .database import Database, Row, Transaction, UniqueViolation
from .errors import StoreError
from .events import EventsCodec, Template
from .records import KeptAction, TableRecord, TableUpdate, UndoFate, UndoRequestRecord, UndoStatus
from .values import (
    read_message,
    record,
    required_time,
    stored_message,
    stored_messages,
    stored_time,
)
from .versions import move


class UndoAlreadyOpen(StoreError):
    """The table already has an open undo request."""


class UndoStore:
    def __init__(self, database: Database, events: EventsCodec) -> None:
        self.database = database
        self.events = events

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        return await self._undo_request("table_id = ? AND status = 'open'", (table_id,))

    async def last_undo_request(
        self, table_id: int, request_id: int | None = None
    ) -> UndoRequestRecord | None:
        """The table's request `request_id`, or its latest request, whatever its status."""
        if request_id is None:
            return await self._undo_request("table_id = ? ORDER BY id DESC LIMIT 1", (table_id,))
        return await self._undo_request("table_id = ? AND id = ?", (table_id, request_id))

    async def _undo_request(
        self, condition: str, params: Sequence[Any]
    ) -> UndoRequestRecord | None:
        row = await self.database.fetch_one(
            "SELECT id, table_id, requester_id, from_number, table_version, status, created_at, "
            f"expires_at, last_number, lapse_reason FROM undo_requests WHERE {condition}",
            params,
        )
        if row is None:
            return None
        votes = await self.database.fetch_all(
            "SELECT user_id, approve FROM undo_votes WHERE request_id = ?", (row["id"],)
        )
        return undo_request_record(row, votes)

    async def create_undo_request(
        self,
        table: TableRecord,
        requester_id: str,
        from_number: int,
        now: datetime,
        expires_at: datetime,
    ) -> int:
        """Open a request to take back actions `from_number` to the table's last one, as of
        `table.version`."""
        async with self.database.write() as db:
            try:
                row = await db.fetch_one(
                    "INSERT INTO undo_requests (table_id, requester_id, from_number, "
                    "last_number, table_version, created_at, expires_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        table.id,
                        requester_id,
                        from_number,
                        table.move_count,
                        table.version,
                        stored_time(now),
                        stored_time(expires_at),
                    ),
                )
            except UniqueViolation as error:
                raise UndoAlreadyOpen(table.id) from error
        assert row is not None
        return int(row["id"])

    async def vote(self, request_id: int, user_id: str, approve: bool, now: datetime) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO undo_votes (request_id, user_id, approve, voted_at) "
                "VALUES (?, ?, ?, ?) "
                "ON CONFLICT (request_id, user_id) DO UPDATE SET approve = excluded.approve, "
                "voted_at = excluded.voted_at",
                (request_id, user_id, int(approve), stored_time(now)),
            )

    async def close_undo_request(self, request_id: int, status: UndoStatus, now: datetime) -> bool:
        """Mark an open request declined or lapsed; False if it was no longer open."""
        async with self.database.write() as db:
            changed = await db.execute(
                "UPDATE undo_requests SET status = ?, resolved_at = ? "
                "WHERE id = ? AND status = 'open'",
                (status, stored_time(now), request_id),
            )
            return changed == 1

    async def take_back(
        self,
        table: TableRecord,
        request_id: int | None,
        from_number: int,
        restored: TableUpdate,
        undone: list[Message],
        now: datetime,
        kept: Sequence[KeptAction] = (),
    ) -> None:
        """Take back actions `from_number`… but the `kept` ones: store the position
        `restored`, drop the actions and the checkpoints after the position before them, log
        the kept ones again after the others (numbered on from `from_number`, with the events
        of their replay, and checkpoints where due) and close the request (if any) as done —
        atomically, and only if the table is unchanged; StaleVersion otherwise."""
        learnt: dict[Template, int] = {}
        async with self.database.write() as db:
            count = from_number - 1 + len(kept)
            await move(db, table, now, ("active",), restored, move_count=count)
            await db.execute(
                "DELETE FROM actions WHERE table_id = ? AND number >= ?", (table.id, from_number)
            )
            await drop_after(db, table.id, from_number - 1)
            events = [await self.events.stored(db, entry.events, learnt) for entry in kept]
            await db.executemany(
                "INSERT INTO actions (table_id, number, seat, user_id, kind, text, events_json, "
                "reveals, created_at, public_text, automatic, bot_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
                [
                    (
                        table.id,
                        number,
                        entry.action.seat,
                        entry.action.user_id,
                        entry.action.kind,
                        entry.action.text,
                        entry_events,
                        stored_time(entry.action.created_at),
                        None
                        if entry.action.public_text == entry.action.text
                        else entry.action.public_text,
                        entry.action.automatic,
                        entry.action.bot_level,
                    )
                    for number, (entry, entry_events) in enumerate(
                        zip(kept, events, strict=True), start=from_number
                    )
                ],
            )
            for number, entry in enumerate(kept, start=from_number):
                await keep_after_action(
                    db, table.id, number, entry.state_json, reveals=False, finished=False
                )
            if request_id is not None:
                await db.execute(
                    "UPDATE undo_requests SET status = 'done', resolved_at = ?, undone_json = ? "
                    "WHERE id = ?",
                    (stored_time(now), stored_messages(undone), request_id),
                )
        self.events.remember(learnt)


async def settle_open_requests(
    db: Transaction, table: TableRecord, now: datetime, fate: UndoFate
) -> None:
    """An action is being stored: the request `fate.keep` stays open on the new position,
    any other open request lapses for `fate.reason`."""
    if fate.keep is not None:
        await db.execute(
            "UPDATE undo_requests SET table_version = ? WHERE id = ? AND status = 'open'",
            (table.version + 1, fate.keep),
        )
    await db.execute(
        "UPDATE undo_requests SET status = 'lapsed', resolved_at = ?, lapse_reason = ? "
        "WHERE table_id = ? AND status = 'open' AND id IS DISTINCT FROM ?",
        (stored_time(now), stored_message(fate.reason), table.id, fate.keep),
    )


async def lapse_open_requests(db: Transaction, table_id: int, now: datetime) -> None:
    """The game moved on (or ended): an open undo request no longer applies."""
    await db.execute(
        "UPDATE undo_requests SET status = 'lapsed', resolved_at = ? "
        "WHERE table_id = ? AND status = 'open'",
        (stored_time(now), table_id),
    )


def undo_request_record(row: Row, votes: Sequence[Row]) -> UndoRequestRecord:
    return record(
        UndoRequestRecord,
        row,
        created_at=required_time(row["created_at"]),
        expires_at=required_time(row["expires_at"]),
        votes={vote["user_id"]: bool(vote["approve"]) for vote in votes},
        lapse_reason=read_message(row["lapse_reason"]),
    )
