"""What a transport remembers besides the games (migration 0003): the interactions it has
handled (so a repeated delivery is carried out once), small named values (the hash of the
last synced command tree), and where each table's lobby message was posted."""

from __future__ import annotations

from datetime import datetime, timedelta

from .database import Database
from .records import LobbyMessage
from .values import record, stored_time

#: How long handled interaction ids are kept: Discord never delivers one again that late.
HANDLED_IDS_KEPT = timedelta(days=1)


class Ledger:
    def __init__(self, database: Database) -> None:
        self.database = database

    # -- interactions delivered more than once ------------------------------------------

    async def claim_interaction(self, interaction_id: int, now: datetime) -> bool:
        """Record the interaction as handled; False if it was already (a repeated delivery,
        to this process or to another: the row's primary key is the claim).

        Ids older than `HANDLED_IDS_KEPT` are dropped in the same transaction (an indexed
        delete), so the table stays small however long the bot runs.
        """
        async with self.database.write() as db:
            await db.execute(
                "DELETE FROM discord_interactions WHERE received_at < ?",
                (stored_time(now - HANDLED_IDS_KEPT),),
            )
            added = await db.execute(
                "INSERT INTO discord_interactions (id, received_at) VALUES (?, ?) "
                "ON CONFLICT (id) DO NOTHING",
                (str(interaction_id), stored_time(now)),
            )
            return added == 1

    # -- named values --------------------------------------------------------------------

    async def meta(self, key: str) -> str | None:
        row = await self.database.fetch_one("SELECT value FROM discord_meta WHERE key = ?", (key,))
        return None if row is None else str(row["value"])

    async def set_meta(self, key: str, value: str, now: datetime) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO discord_meta (key, value, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value, "
                "updated_at = excluded.updated_at",
                (key, value, stored_time(now)),
            )

    # -- lobby messages ------------------------------------------------------------------

    async def remember_lobby(self, table_id: int, channel_id: str, message_id: str) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO discord_lobbies (table_id, channel_id, message_id) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id) DO UPDATE SET channel_id = excluded.channel_id, "
                "message_id = excluded.message_id",
                (table_id, channel_id, message_id),
            )

    async def lobby(self, table_id: int) -> LobbyMessage | None:
        row = await self.database.fetch_one(
            "SELECT table_id, channel_id, message_id FROM discord_lobbies WHERE table_id = ?",
            (table_id,),
        )
        return None if row is None else record(LobbyMessage, row)
