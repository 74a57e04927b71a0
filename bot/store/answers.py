"""Standing answers: per seat, the questions of its game the service answers for it
(migration 0007). They change no position, so they are written without the table's version
guard; the service looks at them again after every change of position, and a player who
sets one looks at the position again afterwards, so neither misses the other."""

from __future__ import annotations

from datetime import datetime

from .database import Database
from .values import stored_time


class AnswerStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    async def set_answer(
        self, table_id: int, seat: int, answer: str, on: bool, now: datetime
    ) -> bool:
        """Set (`on`) or clear the seat's standing answer; False if it already was so."""
        async with self.database.write() as db:
            if on:
                changed = await db.execute(
                    "INSERT INTO standing_answers (table_id, seat, answer, set_at) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (table_id, seat, answer, stored_time(now)),
                )
            else:
                changed = await db.execute(
                    "DELETE FROM standing_answers WHERE table_id = ? AND seat = ? AND answer = ?",
                    (table_id, seat, answer),
                )
            return changed == 1

    async def answers(self, table_id: int) -> dict[int, list[str]]:
        """Every seat's standing answers at the table (seats without any left out)."""
        rows = await self.database.fetch_all(
            "SELECT seat, answer FROM standing_answers WHERE table_id = ? ORDER BY seat, answer",
            (table_id,),
        )
        found: dict[int, list[str]] = {}
        for row in rows:
            found.setdefault(int(row["seat"]), []).append(str(row["answer"]))
        return found
