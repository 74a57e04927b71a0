"""The guard of every write to a table: it applies only if the table is still at the version
(and in a status) the caller read — `UPDATE ... WHERE id = ? AND version = ?` bumps the
version in the same transaction — otherwise `StaleVersion` is raised and nothing changes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from .errors import StoreError
from .records import TableStatus, TableUpdate
from .reminder_due import REMIND_AT_AFTER_CHANGE, to_micros
from .values import stored_json, stored_time


class StaleVersion(StoreError):
    """The table changed (or left the expected status) since the caller read it."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id} changed since it was read")


async def bump(
    db: aiosqlite.Connection,
    table_id: int,
    expected_version: int,
    now: datetime,
    statuses: Sequence[TableStatus],
    assignments: str = "",
    params: Sequence[Any] = (),
) -> None:
    """Bump the version (and set `assignments`, each starting with `, `) if it is still
    `expected_version` and the table in one of `statuses`."""
    marks = ", ".join("?" for _ in statuses)
    cursor = await db.execute(
        f"UPDATE game_tables SET version = version + 1, updated_at = ?{assignments} "
        f"WHERE id = ? AND version = ? AND status IN ({marks})",
        (stored_time(now), *params, table_id, expected_version, *statuses),
    )
    if cursor.rowcount != 1:
        raise StaleVersion(table_id)


def position(update: TableUpdate, now: datetime) -> tuple[str, tuple[Any, ...]]:
    """The assignments (for `bump`) that store the position `update` leaves behind at `now`,
    and when the reminders should look at the table next: one interval later, or never once
    the game is over (see reminder_due.py)."""
    remind_at = "NULL" if update.finished else REMIND_AT_AFTER_CHANGE
    return (
        ", state_json = ?, to_act_json = ?, waiting_since = ?, round_seats_json = ?, "
        f"remind_at = {remind_at}",
        (
            update.state_json,
            stored_json(update.to_act),
            stored_time(update.waiting_since),
            stored_json(update.round),
            *(() if update.finished else (to_micros(now),)),
        ),
    )
