"""What waits for its player's Confirm or Cancel (the table `confirmations`, migrations 0003
and 0006): a previewed move, or a /resign, /abandon or /skip. Each is acted on once."""

from __future__ import annotations

from datetime import datetime

from .database import Database, Row
from .records import ConfirmationKind, ConfirmationRecord, ConfirmationStatus
from .values import read_time, record, stored_time

_COLUMNS = "id, table_id, table_version, channel_id, user_id, kind, action, status, expires_at"


class ConfirmationStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def create(
        self,
        *,
        kind: ConfirmationKind,
        table_id: int,
        table_version: int,
        channel_id: str,
        user_id: str,
        action: str,
        now: datetime,
        expires_at: datetime | None = None,
    ) -> int:
        """A new open confirmation; the player's older open ones at the table are dropped
        (`dismissed`), so that /confirm always means the newest — serialized, so that two made
        at once leave one open on PostgreSQL too."""
        async with self.database.write(serialized=True) as db:
            await db.execute(
                "UPDATE confirmations SET status = 'dismissed' "
                "WHERE table_id = ? AND user_id = ? AND status = 'open'",
                (table_id, user_id),
            )
            row = await db.fetch_one(
                "INSERT INTO confirmations (kind, table_id, table_version, channel_id, user_id, "
                "action, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    kind,
                    table_id,
                    table_version,
                    channel_id,
                    user_id,
                    action,
                    stored_time(now),
                    None if expires_at is None else stored_time(expires_at),
                ),
            )
        assert row is not None
        return int(row["id"])

    async def get(self, confirmation_id: int) -> ConfirmationRecord | None:
        row = await self.database.fetch_one(
            f"SELECT {_COLUMNS} FROM confirmations WHERE id = ?", (confirmation_id,)
        )
        return None if row is None else _record(row)

    async def latest_open(self, table_id: int, user_id: str) -> ConfirmationRecord | None:
        """The player's newest confirmation at the table still awaiting an answer."""
        row = await self.database.fetch_one(
            f"SELECT {_COLUMNS} FROM confirmations WHERE table_id = ? AND user_id = ? "
            "AND status = 'open' ORDER BY id DESC LIMIT 1",
            (table_id, user_id),
        )
        return None if row is None else _record(row)

    async def close(self, confirmation_id: int, status: ConfirmationStatus) -> bool:
        """Mark an open confirmation used or dismissed; False if it was no longer open (a
        second click), so each is acted on once."""
        async with self.database.write() as db:
            changed = await db.execute(
                "UPDATE confirmations SET status = ? WHERE id = ? AND status = 'open'",
                (status, confirmation_id),
            )
            return changed == 1


def _record(row: Row) -> ConfirmationRecord:
    return record(ConfirmationRecord, row, expires_at=read_time(row["expires_at"]))
