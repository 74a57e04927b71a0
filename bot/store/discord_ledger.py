"""What the Discord adapter keeps in the database besides the games (migration 0003).

The ledger works on the game store's own connection and transactions, so its writes are
serialised with the moves and land in the same file (and in the same backups).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from .store import Store

PreviewStatus = Literal["open", "used", "dismissed"]

#: How long handled interaction ids are kept: Discord never delivers one again that late.
HANDLED_IDS_KEPT = timedelta(days=1)


@dataclass(frozen=True, slots=True)
class LobbyMessage:
    """The message with a table's Join / Leave / Start / Cancel buttons."""

    table_id: int
    channel_id: str
    message_id: str


@dataclass(frozen=True, slots=True)
class PreviewRecord:
    """A previewed move waiting for its Confirm (or Cancel) click."""

    id: int
    table_id: int
    table_version: int
    channel_id: str
    user_id: str
    action: str
    status: PreviewStatus


class DiscordLedger:
    def __init__(self, store: Store) -> None:
        self._store = store

    # -- interactions delivered more than once ------------------------------------------

    async def claim_interaction(self, interaction_id: int, now: datetime) -> bool:
        """Record the interaction as handled; False if it was already (a repeated delivery).

        Ids older than `HANDLED_IDS_KEPT` are dropped in the same transaction (an indexed
        delete), so the table stays small however long the bot runs.
        """
        async with self._store.database.write() as db:
            await db.execute(
                "DELETE FROM discord_interactions WHERE received_at < ?",
                ((now - HANDLED_IDS_KEPT).isoformat(),),
            )
            cursor = await db.execute(
                "INSERT OR IGNORE INTO discord_interactions (id, received_at) VALUES (?, ?)",
                (str(interaction_id), now.isoformat()),
            )
            return cursor.rowcount == 1

    # -- named values --------------------------------------------------------------------

    async def meta(self, key: str) -> str | None:
        row = await self._store.database.fetch_one(
            "SELECT value FROM discord_meta WHERE key = ?", (key,)
        )
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str, now: datetime) -> None:
        async with self._store.database.write() as db:
            await db.execute(
                "INSERT INTO discord_meta (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, now.isoformat()),
            )

    # -- lobby messages ------------------------------------------------------------------

    async def remember_lobby(self, table_id: int, channel_id: str, message_id: str) -> None:
        async with self._store.database.write() as db:
            await db.execute(
                "INSERT INTO discord_lobbies (table_id, channel_id, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                (table_id, channel_id, message_id),
            )

    async def lobby(self, table_id: int) -> LobbyMessage | None:
        row = await self._store.database.fetch_one(
            "SELECT table_id, channel_id, message_id FROM discord_lobbies WHERE table_id = ?",
            (table_id,),
        )
        return None if row is None else LobbyMessage(row[0], row[1], row[2])

    # -- move previews -------------------------------------------------------------------

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
        async with self._store.database.write() as db:
            cursor = await db.execute(
                "INSERT INTO discord_previews (table_id, table_version, channel_id, user_id, "
                "action, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (table_id, table_version, channel_id, user_id, action, now.isoformat()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def preview(self, preview_id: int) -> PreviewRecord | None:
        row = await self._store.database.fetch_one(
            "SELECT id, table_id, table_version, channel_id, user_id, action, status "
            "FROM discord_previews WHERE id = ?",
            (preview_id,),
        )
        return None if row is None else PreviewRecord(*row)

    async def close_preview(self, preview_id: int, status: PreviewStatus) -> bool:
        """Mark an open preview used or dismissed; False if it was no longer open (a second
        click), so each preview is acted on once."""
        async with self._store.database.write() as db:
            cursor = await db.execute(
                "UPDATE discord_previews SET status = ? WHERE id = ? AND status = 'open'",
                (status, preview_id),
            )
            return cursor.rowcount == 1
