"""The guard of every write to a table: it applies only if the table is still at the version
(and in a status) the caller read — `UPDATE ... WHERE id = ? AND version = ?` bumps the
version in the same transaction — otherwise `StaleVersion` is raised and nothing changes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from .database import Transaction
from .errors import StoreError
from .records import TableRecord, TableStatus, TableUpdate
from .reminder_due import REMIND_AT_AFTER_CHANGE, to_micros
from .values import stored_json, stored_state, stored_time


class StaleVersion(StoreError):
    """The table changed (or left the expected status) since the caller read it."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id} changed since it was read")


async def bump(
    db: Transaction,
    table: TableRecord,
    now: datetime,
    statuses: Sequence[TableStatus],
    **columns: Any,
) -> None:
    """Bump the table's version and set `columns` (name=value) if it is still at the version
    `table` was read at, and in one of `statuses`."""
    await _write(db, table, now, statuses, columns)


async def move(
    db: Transaction,
    table: TableRecord,
    now: datetime,
    statuses: Sequence[TableStatus],
    update: TableUpdate,
    **columns: Any,
) -> None:
    """`bump`, storing the position `update` leaves behind too, and when the reminders should
    look at the table next: one interval after `now`, never once the game is over (see
    reminder_due.py)."""
    position = {
        "state_json": stored_state(update.state_json),
        "to_act_json": stored_json(update.to_act),
        "waiting_since": stored_time(update.waiting_since),
        "round_seats_json": stored_json(update.round),
        # A new position ends any reminder pass's claim on the old one (claims.py).
        "remind_owner": None,
    }
    if update.finished:
        await _write(db, table, now, statuses, {**columns, **position, "remind_at": None})
    else:
        reminders = (REMIND_AT_AFTER_CHANGE, to_micros(now))
        await _write(db, table, now, statuses, {**columns, **position}, reminders)


async def _write(
    db: Transaction,
    table: TableRecord,
    now: datetime,
    statuses: Sequence[TableStatus],
    columns: dict[str, Any],
    remind_at: tuple[str, int] | None = None,
) -> None:
    """The guarded UPDATE; `remind_at`: an SQL expression for the column and its parameter."""
    assignments = "".join(f", {name} = ?" for name in columns)
    params = [*columns.values()]
    if remind_at is not None:
        assignments += f", remind_at = {remind_at[0]}"
        params.append(remind_at[1])
    marks = ", ".join("?" for _ in statuses)
    changed = await db.execute(
        f"UPDATE game_tables SET version = version + 1, updated_at = ?{assignments} "
        f"WHERE id = ? AND version = ? AND status IN ({marks})",
        (stored_time(now), *params, table.id, table.version, *statuses),
    )
    if changed != 1:
        raise StaleVersion(table.id)
