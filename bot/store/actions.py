"""The action log: each action with its public text, written together with the new position
and the checkpoints that follow from it (checkpoints.py) — or not at all when the table moved
on meanwhile (`StaleVersion`). An earlier position is the nearest checkpoint before it with
the actions after that played again."""

from __future__ import annotations

from datetime import datetime

from .checkpoints import keep_after_action
from .database import Database, Row
from .events import EventsCodec, Template
from .records import (
    ActionKind,
    ActionRecord,
    Checkpoint,
    NewAction,
    TableRecord,
    TableStatus,
    TableUpdate,
    UndoFate,
)
from .undo import settle_open_requests
from .values import read_state, record, required_time, stored_time
from .versions import move

_ACTION_COLUMNS = (
    "table_id, number, seat, user_id, kind, text, events_json, reveals, created_at, "
    "COALESCE(public_text, text) AS public_text, automatic, bot_level"
)


#: An action that touches whatever an open undo request would take back.
MOVED_ON = UndoFate()


class ActionLog:
    def __init__(self, database: Database, events: EventsCodec) -> None:
        self.database = database
        self.events = events

    async def commit_action(
        self,
        table: TableRecord,
        action: NewAction,
        update: TableUpdate,
        now: datetime,
        undo: UndoFate = MOVED_ON,
    ) -> int:
        """Log the action and store the new position atomically, keeping or lapsing the
        table's open undo request as `undo` says; returns the action's number.

        Raises StaleVersion (and changes nothing) if the table moved on since `table` was read.
        """
        number = table.move_count + 1
        status: TableStatus = "finished" if update.finished else "active"
        ended_at = stored_time(now) if update.finished else None
        logged = {"move_count": number, "status": status, "ended_at": ended_at}
        learnt: dict[Template, int] = {}
        async with self.database.write() as db:
            await move(db, table, now, ("active",), update, **logged)
            await settle_open_requests(db, table, now, undo)
            await db.execute(
                "INSERT INTO actions (table_id, number, seat, user_id, kind, text, events_json, "
                "reveals, created_at, public_text, automatic, bot_level) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    number,
                    action.seat,
                    action.user_id,
                    action.kind,
                    action.text,
                    await self.events.stored(db, action.events, learnt),
                    int(action.reveals),
                    stored_time(now),
                    None if action.public_text == action.text else action.public_text,
                    action.automatic,
                    action.bot_level,
                ),
            )
            await keep_after_action(
                db,
                table.id,
                number,
                update.state_json,
                reveals=action.reveals,
                finished=update.finished,
            )
        self.events.remember(learnt)
        return number

    async def recent_actions(self, table_id: int, limit: int) -> list[ActionRecord]:
        """The last `limit` actions, oldest first."""
        rows = await self.database.fetch_all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? "
            "ORDER BY number DESC LIMIT ?",
            (table_id, limit),
        )
        return await self._records(list(reversed(rows)))

    async def actions_from(self, table_id: int, first_number: int) -> list[ActionRecord]:
        """Every action from number `first_number` on, oldest first."""
        rows = await self.database.fetch_all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? AND number >= ? "
            "ORDER BY number",
            (table_id, first_number),
        )
        return await self._records(rows)

    async def actions_between(self, table_id: int, first: int, last: int) -> list[ActionRecord]:
        """The actions numbered `first` to `last`, oldest first."""
        rows = await self.database.fetch_all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? AND number BETWEEN ? AND ? "
            "ORDER BY number",
            (table_id, first, last),
        )
        return await self._records(rows)

    async def chosen_numbers(self, table_id: int, count: int) -> list[int]:
        """The numbers of the latest `count` actions their players chose (not those played
        for them), latest first; fewer if fewer were played."""
        rows = await self.database.fetch_all(
            "SELECT number FROM actions WHERE table_id = ? AND automatic IS NULL "
            "ORDER BY number DESC LIMIT ?",
            (table_id, count),
        )
        return [int(row["number"]) for row in rows]

    async def has_action(self, table_id: int, seat: int, kind: ActionKind) -> bool:
        row = await self.database.fetch_one(
            "SELECT 1 FROM actions WHERE table_id = ? AND seat = ? AND kind = ? LIMIT 1",
            (table_id, seat, kind),
        )
        return row is not None

    async def checkpoint_before(self, table_id: int, number: int) -> Checkpoint | None:
        """The latest position the table keeps from before action `number` (the position
        after action `number - 1` at the latest); None if it keeps none that early."""
        row = await self.database.fetch_one(
            "SELECT number, state FROM checkpoints WHERE table_id = ? AND number < ? "
            "ORDER BY number DESC LIMIT 1",
            (table_id, number),
        )
        return None if row is None else Checkpoint(row["number"], read_state(row["state"]))

    async def _records(self, rows: list[Row]) -> list[ActionRecord]:
        events = await self.events.read([row["events_json"] for row in rows])
        return [
            record(
                ActionRecord,
                row,
                events=row_events,
                reveals=bool(row["reveals"]),
                created_at=required_time(row["created_at"]),
            )
            for row, row_events in zip(rows, events, strict=True)
        ]
