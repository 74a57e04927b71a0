"""Announced absences (`/away until:<date>`): a player away gets no turn reminders until then,
at any table; the tables' move clocks decide whether the bot covers their turns."""

from __future__ import annotations

from datetime import datetime

from .database import Database
from .values import required_time, stored_time


class Absences:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def set_away(self, user_id: str, until: datetime, now: datetime) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO absences (user_id, until, set_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET until = excluded.until, "
                "set_at = excluded.set_at",
                (user_id, stored_time(until), stored_time(now)),
            )

    async def clear(self, user_id: str) -> bool:
        """End the user's absence; whether they had announced one."""
        async with self.database.write() as db:
            return await db.execute("DELETE FROM absences WHERE user_id = ?", (user_id,)) > 0

    async def away_until(self, user_id: str, now: datetime) -> datetime | None:
        """Until when the user is away, if they are at `now`."""
        row = await self.database.fetch_one(
            "SELECT until FROM absences WHERE user_id = ?", (user_id,)
        )
        if row is None:
            return None
        until = required_time(row["until"])
        return until if until > now else None
