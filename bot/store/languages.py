"""Who reads which language (migration 0018): a server's language for new tables, and the
language each user last used. A table's own language is a column of its row (`tables.py`)."""

from __future__ import annotations

from datetime import datetime

from .database import Database
from .records import TableRecord
from .values import stored_time


class LanguageStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def server_language(self, guild_id: str) -> str | None:
        row = await self.database.fetch_one(
            "SELECT language FROM server_languages WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else str(row["language"])

    async def set_server_language(self, guild_id: str, language: str, now: datetime) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO server_languages (guild_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at",
                (guild_id, language, stored_time(now)),
            )

    async def user_language(self, user_id: str) -> str | None:
        row = await self.database.fetch_one(
            "SELECT language FROM user_languages WHERE user_id = ?", (user_id,)
        )
        return None if row is None else str(row["language"])

    async def remember_user_language(self, user_id: str, language: str, now: datetime) -> None:
        """Keep `language` as the user's (a write only when it changed)."""
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO user_languages (user_id, language, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, "
                "updated_at = excluded.updated_at "
                "WHERE user_languages.language != excluded.language",
                (user_id, language, stored_time(now)),
            )

    async def set_table_language(self, table: TableRecord, language: str) -> None:
        """The table's channel reads `language` from now on. Not a change of position: the
        table's version stays, so previews and confirmations asked before stay valid."""
        async with self.database.write() as db:
            await db.execute(
                "UPDATE game_tables SET language = ? WHERE id = ?", (language, table.id)
            )
