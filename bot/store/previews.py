"""Previewed moves awaiting their Confirm or Cancel (the table `discord_previews` of
migration 0003), each acted on once."""

from __future__ import annotations

from datetime import datetime

from .database import Database
from .records import PreviewRecord, PreviewStatus
from .values import record, stored_time


class PreviewStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def create_preview(
        self,
        *,
        table_id: int,
        table_version: int,
        channel_id: str,
        user_id: str,
        action: str,
        now: datetime,
    ) -> int:
        async with self.database.write() as db:
            cursor = await db.execute(
                "INSERT INTO discord_previews (table_id, table_version, channel_id, user_id, "
                "action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, table_version, channel_id, user_id, action, stored_time(now)),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def preview(self, preview_id: int) -> PreviewRecord | None:
        row = await self.database.fetch_one(
            "SELECT id, table_id, table_version, channel_id, user_id, action, status "
            "FROM discord_previews WHERE id = ?",
            (preview_id,),
        )
        return None if row is None else record(PreviewRecord, row)

    async def close_preview(self, preview_id: int, status: PreviewStatus) -> bool:
        """Mark an open preview used or dismissed; False if it was no longer open (a second
        click), so each preview is acted on once."""
        async with self.database.write() as db:
            cursor = await db.execute(
                "UPDATE discord_previews SET status = ? WHERE id = ? AND status = 'open'",
                (status, preview_id),
            )
            return cursor.rowcount == 1
