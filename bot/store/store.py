"""The SQLite store (aiosqlite): tables, seats, the action log, snapshots and undo requests.

Every write is one IMMEDIATE transaction guarded by the table's `version`: it only succeeds
if the version the caller read is still current (`UPDATE ... WHERE id = ? AND version = ?`),
otherwise `StaleVersion` is raised and nothing changes. A move stores the new snapshot, the
action row (with the snapshot it started from, for undo) and the version bump together, and
sets when the reminders should next look at the table (`remind_at`, see reminder_due.py).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import aiosqlite

from .database import BUSY_TIMEOUT, Database
from .errors import StoreError
from .migrations import MIGRATIONS_DIR
from .records import (
    OPEN_STATUSES,
    ActionKind,
    ActionRecord,
    ListedTable,
    NewAction,
    SeatRecord,
    TableRecord,
    TableStatus,
    TableUpdate,
    UndoRequestRecord,
    UndoStatus,
)
from .reminder_due import REMIND_AT_AFTER_CHANGE, to_micros


class StaleVersion(StoreError):
    """The table changed (or left the expected status) since the caller read it."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        super().__init__(f"table {table_id} changed since it was read")


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or active) table."""


class UndoAlreadyOpen(StoreError):
    """The table already has an open undo request."""


_TABLE_COLUMNS = [
    "id",
    "channel_id",
    "guild_id",
    "game_key",
    "options_json",
    "seed",
    "creator_id",
    "status",
    "created_at",
    "updated_at",
    "started_at",
    "ended_at",
    "version",
    "move_count",
    "state_json",
    "to_act_json",
    "waiting_since",
    "round_seats_json",
]


def _table_columns(alias: str = "", *, with_state: bool = True) -> str:
    """The column list `_table` reads; the state snapshot is left out of listings."""
    return ", ".join(
        f"{alias}{column}" if with_state or column != "state_json" else "NULL"
        for column in _TABLE_COLUMNS
    )


_WITH_STATE = _table_columns()
_SEAT_COLUMNS = "s.table_id, s.user_id, s.display_name, s.joined_at, s.seat"
_SEAT_ORDER = "s.seat, s.joined_at, s.rowid"
_INSERT_SEAT = "INSERT INTO seats (table_id, user_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
_OPEN = "('lobby', 'active')"


class Store:
    """One connection to the database. Safe to share between coroutines of one process; other
    processes (or other Store objects) on the same file are kept consistent by the versions."""

    def __init__(self, database: Database) -> None:
        self.database = database

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        migrations_dir: Path = MIGRATIONS_DIR,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> Self:
        """Connect (creating the file and its folder if needed) and apply pending migrations;
        DatabaseUnavailable if that cannot be done (see `Database.open`)."""
        return cls(
            await Database.open(path, migrations_dir=migrations_dir, busy_timeout=busy_timeout)
        )

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    # -- plumbing ---------------------------------------------------------------------------

    @staticmethod
    async def _bump(
        db: aiosqlite.Connection,
        table_id: int,
        expected_version: int,
        now: datetime,
        statuses: Sequence[TableStatus],
        assignments: str = "",
        params: Sequence[Any] = (),
    ) -> None:
        """Bump the version (and set `assignments`) if it is still `expected_version`."""
        marks = ", ".join("?" for _ in statuses)
        cursor = await db.execute(
            f"UPDATE game_tables SET version = version + 1, updated_at = ?{assignments} "
            f"WHERE id = ? AND version = ? AND status IN ({marks})",
            (_ts(now), *params, table_id, expected_version, *statuses),
        )
        if cursor.rowcount != 1:
            raise StaleVersion(table_id)

    async def schema_version(self) -> int:
        return await self.database.schema_version()

    # -- tables and seats -------------------------------------------------------------------

    async def create_table(
        self,
        *,
        channel_id: str,
        guild_id: str | None,
        game_key: str,
        options: dict[str, Any],
        seed: int,
        creator_id: str,
        creator_name: str,
        now: datetime,
    ) -> TableRecord:
        """A new table in the lobby with its creator seated; ChannelBusy if one is open."""
        async with self.database.write() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO game_tables (channel_id, guild_id, game_key, options_json, seed, "
                    "creator_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        channel_id,
                        guild_id,
                        game_key,
                        json.dumps(options, sort_keys=True),
                        seed,
                        creator_id,
                        _ts(now),
                        _ts(now),
                    ),
                )
            except sqlite3.IntegrityError as error:
                raise ChannelBusy(channel_id) from error
            table_id = cursor.lastrowid
            await db.execute(
                _INSERT_SEAT,
                (table_id, creator_id, creator_name, _ts(now)),
            )
        assert table_id is not None
        table = await self.table(table_id)
        assert table is not None
        return table

    async def table(self, table_id: int) -> TableRecord | None:
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE id = ?", (table_id,)
        )
        return _table(row) if row else None

    async def open_table(self, channel_id: str) -> TableRecord | None:
        """The channel's lobby or active table, with its state snapshot."""
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE channel_id = ? AND status IN {_OPEN}",
            (channel_id,),
        )
        return _table(row) if row else None

    async def latest_table(self, channel_id: str) -> TableRecord | None:
        """The channel's most recent table, open or not, with its state snapshot."""
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return _table(row) if row else None

    async def open_tables(self, guild_id: str | None) -> list[ListedTable]:
        """Every lobby or active table of a guild (None: tables outside any guild), with its
        seats — in one query, however many tables there are."""
        return await self._listed(
            "FROM game_tables AS t LEFT JOIN seats AS s ON s.table_id = t.id "
            f"WHERE t.guild_id IS ? AND t.status IN {_OPEN} ORDER BY t.id, {_SEAT_ORDER}",
            (guild_id,),
        )

    async def tables_awaiting(self, user_id: str) -> list[ListedTable]:
        """Every active table, in any guild, that waits for this user to act, with its seats
        — in one query."""
        return await self._listed(
            "FROM game_tables AS t JOIN seats AS me ON me.table_id = t.id AND me.user_id = ? "
            "LEFT JOIN seats AS s ON s.table_id = t.id "
            "WHERE t.status = 'active' "
            "AND EXISTS (SELECT 1 FROM json_each(t.to_act_json) WHERE value = me.seat) "
            f"ORDER BY t.waiting_since, t.id, {_SEAT_ORDER}",
            (user_id,),
        )

    async def _listed(self, joins_and_order: str, params: Sequence[Any]) -> list[ListedTable]:
        """Tables (without their state) joined with their seats as `s`, one row per seat."""
        rows = await self.database.fetch_all(
            f"SELECT {_table_columns('t.', with_state=False)}, {_SEAT_COLUMNS} {joins_and_order}",
            params,
        )
        listed: dict[int, ListedTable] = {}
        width = len(_TABLE_COLUMNS)
        for row in rows:
            entry = listed.get(row[0])
            if entry is None:
                entry = listed[row[0]] = ListedTable(_table(row[:width]), [])
            if row[width] is not None:
                entry.seats.append(_seat(row[width:]))
        return list(listed.values())

    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats: in seat order once started, in joining order in the lobby."""
        rows = await self.database.fetch_all(
            f"SELECT {_SEAT_COLUMNS} FROM seats AS s WHERE s.table_id = ? ORDER BY {_SEAT_ORDER}",
            (table_id,),
        )
        return [_seat(row) for row in rows]

    async def add_seat(
        self, table: TableRecord, user_id: str, display_name: str, now: datetime
    ) -> None:
        async with self.database.write() as db:
            await self._bump(db, table.id, table.version, now, ("lobby",))
            await db.execute(
                _INSERT_SEAT,
                (table.id, user_id, display_name, _ts(now)),
            )

    async def remove_seat(self, table: TableRecord, user_id: str, now: datetime) -> None:
        async with self.database.write() as db:
            await self._bump(db, table.id, table.version, now, ("lobby",))
            await db.execute(
                "DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table.id, user_id)
            )

    async def start(
        self, table: TableRecord, seat_order: Sequence[str], update: TableUpdate, now: datetime
    ) -> None:
        """Seat the users in `seat_order` (user ids) and store the initial position."""
        async with self.database.write() as db:
            await self._bump(
                db,
                table.id,
                table.version,
                now,
                ("lobby",),
                ", status = 'active', started_at = ?, state_json = ?, to_act_json = ?, "
                f"waiting_since = ?, round_seats_json = ?, remind_at = {REMIND_AT_AFTER_CHANGE}",
                (
                    _ts(now),
                    update.state_json,
                    json.dumps(update.to_act),
                    _ts(update.waiting_since),
                    json.dumps(update.round),
                    to_micros(now),
                ),
            )
            await db.executemany(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?",
                [(seat, table.id, user_id) for seat, user_id in enumerate(seat_order)],
            )

    async def end(self, table: TableRecord, status: TableStatus, now: datetime) -> None:
        """Close an open table as `status` (abandoned, say)."""
        async with self.database.write() as db:
            await self._bump(
                db,
                table.id,
                table.version,
                now,
                OPEN_STATUSES,
                ", status = ?, ended_at = ?, remind_at = NULL",
                (status, _ts(now)),
            )
            await _lapse_undo_requests(db, table.id, now)

    # -- the action log ---------------------------------------------------------------------

    async def commit_action(
        self, table: TableRecord, action: NewAction, update: TableUpdate, now: datetime
    ) -> int:
        """Log the action and store the new position atomically; returns the action's number.

        Raises StaleVersion (and changes nothing) if the table moved on since `table` was read.
        """
        number = table.move_count + 1
        status: TableStatus = "finished" if update.finished else "active"
        async with self.database.write() as db:
            await self._bump(
                db,
                table.id,
                table.version,
                now,
                ("active",),
                ", move_count = ?, state_json = ?, to_act_json = ?, waiting_since = ?, "
                "round_seats_json = ?, status = ?, ended_at = ?, "
                f"remind_at = CASE WHEN ? THEN NULL ELSE {REMIND_AT_AFTER_CHANGE} END",
                (
                    number,
                    update.state_json,
                    json.dumps(update.to_act),
                    _ts(update.waiting_since),
                    json.dumps(update.round),
                    status,
                    _ts(now) if update.finished else None,
                    int(update.finished),
                    to_micros(now),
                ),
            )
            await _lapse_undo_requests(db, table.id, now)
            await db.execute(
                "INSERT INTO actions (table_id, number, seat, user_id, kind, text, events_json, "
                "reveals, created_at, state_before_json, public_text) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    number,
                    action.seat,
                    action.user_id,
                    action.kind,
                    action.text,
                    json.dumps(action.events),
                    int(action.reveals),
                    _ts(now),
                    action.state_before_json,
                    None if action.public_text == action.text else action.public_text,
                ),
            )
        return number

    async def recent_actions(self, table_id: int, limit: int) -> list[ActionRecord]:
        """The last `limit` actions, oldest first."""
        rows = await self.database.fetch_all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? "
            "ORDER BY number DESC LIMIT ?",
            (table_id, limit),
        )
        return [_action(row) for row in reversed(rows)]

    async def actions_from(self, table_id: int, first_number: int) -> list[ActionRecord]:
        """Every action from number `first_number` on, oldest first."""
        rows = await self.database.fetch_all(
            f"SELECT {_ACTION_COLUMNS} FROM actions WHERE table_id = ? AND number >= ? "
            "ORDER BY number",
            (table_id, first_number),
        )
        return [_action(row) for row in rows]

    async def has_action(self, table_id: int, seat: int, kind: ActionKind) -> bool:
        row = await self.database.fetch_one(
            "SELECT 1 FROM actions WHERE table_id = ? AND seat = ? AND kind = ? LIMIT 1",
            (table_id, seat, kind),
        )
        return row is not None

    async def state_before(self, table_id: int, number: int) -> str | None:
        row = await self.database.fetch_one(
            "SELECT state_before_json FROM actions WHERE table_id = ? AND number = ?",
            (table_id, number),
        )
        return str(row[0]) if row else None

    # -- undo -------------------------------------------------------------------------------

    async def open_undo_request(self, table_id: int) -> UndoRequestRecord | None:
        return await self._undo_request("table_id = ? AND status = 'open'", (table_id,))

    async def last_undo_request(
        self, table_id: int, request_id: int | None = None
    ) -> UndoRequestRecord | None:
        """The table's request `request_id`, or its latest request, whatever its status."""
        if request_id is None:
            return await self._undo_request("table_id = ? ORDER BY id DESC LIMIT 1", (table_id,))
        return await self._undo_request("table_id = ? AND id = ?", (table_id, request_id))

    async def _undo_request(
        self, condition: str, params: Sequence[Any]
    ) -> UndoRequestRecord | None:
        row = await self.database.fetch_one(
            "SELECT id, table_id, requester_id, from_number, table_version, status, created_at, "
            f"expires_at FROM undo_requests WHERE {condition}",
            params,
        )
        if row is None:
            return None
        votes = await self.database.fetch_all(
            "SELECT user_id, approve FROM undo_votes WHERE request_id = ?", (row[0],)
        )
        return UndoRequestRecord(
            id=row[0],
            table_id=row[1],
            requester_id=row[2],
            from_number=row[3],
            table_version=row[4],
            status=row[5],
            created_at=_dt_required(row[6]),
            expires_at=_dt_required(row[7]),
            votes={user_id: bool(approve) for user_id, approve in votes},
        )

    async def create_undo_request(
        self,
        table: TableRecord,
        requester_id: str,
        from_number: int,
        now: datetime,
        expires_at: datetime,
    ) -> int:
        """Open a request to take back actions `from_number`… as of `table.version`."""
        async with self.database.write() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO undo_requests (table_id, requester_id, from_number, "
                    "table_version, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (table.id, requester_id, from_number, table.version, _ts(now), _ts(expires_at)),
                )
            except sqlite3.IntegrityError as error:
                raise UndoAlreadyOpen(table.id) from error
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def vote(self, request_id: int, user_id: str, approve: bool, now: datetime) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO undo_votes (request_id, user_id, approve, voted_at) "
                "VALUES (?, ?, ?, ?) "
                "ON CONFLICT (request_id, user_id) DO UPDATE SET approve = excluded.approve, "
                "voted_at = excluded.voted_at",
                (request_id, user_id, int(approve), _ts(now)),
            )

    async def close_undo_request(self, request_id: int, status: UndoStatus, now: datetime) -> bool:
        """Mark an open request declined or lapsed; False if it was no longer open."""
        async with self.database.write() as db:
            cursor = await db.execute(
                "UPDATE undo_requests SET status = ?, resolved_at = ? "
                "WHERE id = ? AND status = 'open'",
                (status, _ts(now), request_id),
            )
            return cursor.rowcount == 1

    async def undo(
        self,
        table: TableRecord,
        request_id: int | None,
        from_number: int,
        restored: TableUpdate,
        undone: list[str],
        now: datetime,
    ) -> None:
        """Take back actions `from_number`… : restore the snapshot, drop them from the log and
        close the request (if any) as done — atomically, and only if the table is unchanged."""
        async with self.database.write() as db:
            await self._bump(
                db,
                table.id,
                table.version,
                now,
                ("active",),
                ", move_count = ?, state_json = ?, to_act_json = ?, waiting_since = ?, "
                f"round_seats_json = ?, remind_at = {REMIND_AT_AFTER_CHANGE}",
                (
                    from_number - 1,
                    restored.state_json,
                    json.dumps(restored.to_act),
                    _ts(restored.waiting_since),
                    json.dumps(restored.round),
                    to_micros(now),
                ),
            )
            await db.execute(
                "DELETE FROM actions WHERE table_id = ? AND number >= ?", (table.id, from_number)
            )
            if request_id is not None:
                await db.execute(
                    "UPDATE undo_requests SET status = 'done', resolved_at = ?, undone_json = ? "
                    "WHERE id = ?",
                    (_ts(now), json.dumps(undone), request_id),
                )


async def _lapse_undo_requests(db: aiosqlite.Connection, table_id: int, now: datetime) -> None:
    """The game moved on (or ended): an open undo request no longer applies."""
    await db.execute(
        "UPDATE undo_requests SET status = 'lapsed', resolved_at = ? "
        "WHERE table_id = ? AND status = 'open'",
        (_ts(now), table_id),
    )


_ACTION_COLUMNS = (
    "table_id, number, seat, user_id, kind, text, events_json, reveals, created_at, "
    "COALESCE(public_text, text)"
)


def _ts(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def _dt(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _dt_required(text: str) -> datetime:
    return datetime.fromisoformat(text)


def _table(row: Sequence[Any]) -> TableRecord:
    return TableRecord(
        id=row[0],
        channel_id=row[1],
        guild_id=row[2],
        game_key=row[3],
        options=json.loads(row[4]),
        seed=row[5],
        creator_id=row[6],
        status=row[7],
        created_at=_dt_required(row[8]),
        updated_at=_dt_required(row[9]),
        started_at=_dt(row[10]),
        ended_at=_dt(row[11]),
        version=row[12],
        move_count=row[13],
        state_json=row[14],
        to_act=json.loads(row[15]),
        waiting_since=_dt(row[16]),
        round_seats=json.loads(row[17]),
    )


def _seat(row: Sequence[Any]) -> SeatRecord:
    return SeatRecord(row[0], row[1], row[2], _dt_required(row[3]), row[4])


def _action(row: Sequence[Any]) -> ActionRecord:
    return ActionRecord(
        table_id=row[0],
        number=row[1],
        seat=row[2],
        user_id=row[3],
        kind=row[4],
        text=row[5],
        events=json.loads(row[6]),
        reveals=bool(row[7]),
        created_at=_dt_required(row[8]),
        public_text=row[9],
    )
