"""Tables and their seats: opening a table in a channel, taking and leaving seats, starting
and ending it, and reading tables — one, a channel's, or listings with their seats."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from .checkpoints import drop_all_but_start, keep_start
from .database import Database, Row, UniqueViolation
from .errors import StoreError
from .records import (
    DEFAULT_SKIP_AFTER,
    OPEN_STATUSES,
    ListedTable,
    SeatRecord,
    TableRecord,
    TableStatus,
    TableUpdate,
)
from .undo import lapse_open_requests
from .values import (
    read_json,
    read_state,
    read_time,
    record,
    required_time,
    stored_json,
    stored_time,
)
from .versions import bump, move


class ChannelBusy(StoreError):
    """The channel already has an open (lobby or active) table."""


_TABLE_COLUMNS = (
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
    "skip_after_seconds",
    "clock_seconds",
    "language",
)


def _table_columns(alias: str = "", *, with_state: bool = True) -> str:
    """The columns `table_record` reads; listings leave the state snapshot out."""
    return ", ".join(
        f"{alias}{column}" if with_state or column != "state_json" else f"NULL AS {column}"
        for column in _TABLE_COLUMNS
    )


_WITH_STATE = _table_columns()
_SEAT_COLUMNS = (
    "s.table_id, s.user_id, s.display_name, s.joined_at, s.seat, s.bot_level, s.covered_level"
)
_SEAT_ORDER = "s.seat, s.joined_at, s.rowid"
_INSERT_SEAT = "INSERT INTO seats (table_id, user_id, display_name, joined_at) VALUES (?, ?, ?, ?)"
_OPEN = "('lobby', 'active')"


class TableStore:
    def __init__(self, database: Database) -> None:
        self.database = database

    # -- reading ----------------------------------------------------------------------------

    async def table(self, table_id: int) -> TableRecord | None:
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE id = ?", (table_id,)
        )
        return table_record(row) if row else None

    async def open_table(self, channel_id: str) -> TableRecord | None:
        """The channel's lobby or active table, with its state snapshot."""
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE channel_id = ? AND status IN {_OPEN}",
            (channel_id,),
        )
        return table_record(row) if row else None

    async def latest_table(self, channel_id: str) -> TableRecord | None:
        """The channel's most recent table, open or not, with its state snapshot."""
        row = await self.database.fetch_one(
            f"SELECT {_WITH_STATE} FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        return table_record(row) if row else None

    async def open_tables(self, guild_id: str | None) -> list[ListedTable]:
        """Every lobby or active table of a guild (None: tables outside any guild), with its
        seats — in one query, however many tables there are."""
        return await self._listed(
            "FROM game_tables AS t LEFT JOIN seats AS s ON s.table_id = t.id "
            f"WHERE t.guild_id IS NOT DISTINCT FROM ? AND t.status IN {_OPEN} "
            f"ORDER BY t.id, {_SEAT_ORDER}",
            (guild_id,),
        )

    async def tables_awaiting(self, user_id: str) -> list[ListedTable]:
        """Every active table, in any guild, that waits for this user to act, with its seats
        — in one query."""
        to_act = self.database.dialect.seat_list("t.to_act_json")
        return await self._listed(
            "FROM game_tables AS t JOIN seats AS me ON me.table_id = t.id AND me.user_id = ? "
            "LEFT JOIN seats AS s ON s.table_id = t.id "
            f"WHERE t.status = 'active' AND me.seat IN ({to_act}) "
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
        for row in rows:
            entry = listed.get(row["id"])
            if entry is None:
                entry = listed[row["id"]] = ListedTable(table_record(row), [])
            if row["user_id"] is not None:
                entry.seats.append(seat_record(row))
        return list(listed.values())

    async def stalled(self, table: TableRecord) -> bool:
        """Whether the reminders declared the table stalled at its current position (they
        keep the mark in `table_reminders`; any change of position lifts it)."""
        row = await self.database.fetch_one(
            "SELECT 1 FROM table_reminders WHERE table_id = ? AND stalled_version = ?",
            (table.id, table.version),
        )
        return row is not None

    async def played_by_bots(self) -> list[ListedTable]:
        """Every active table a bot may have to play at: with a bot's seat, a seat the bot
        covers, or a move clock — with its seats, without its state, in one query."""
        return await self._listed(
            "FROM game_tables AS t LEFT JOIN seats AS s ON s.table_id = t.id "
            "WHERE t.status = 'active' AND (t.clock_seconds IS NOT NULL OR t.id IN (SELECT "
            "table_id FROM seats WHERE bot_level IS NOT NULL OR covered_level IS NOT NULL)) "
            f"ORDER BY t.id, {_SEAT_ORDER}",
            (),
        )

    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The table's seats: in seat order once started, in joining order in the lobby."""
        rows = await self.database.fetch_all(
            f"SELECT {_SEAT_COLUMNS} FROM seats AS s WHERE s.table_id = ? ORDER BY {_SEAT_ORDER}",
            (table_id,),
        )
        return [seat_record(row) for row in rows]

    # -- writing ----------------------------------------------------------------------------

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
        skip_after: timedelta = DEFAULT_SKIP_AFTER,
        clock: timedelta | None = None,
        language: str | None = None,
    ) -> TableRecord:
        """A new table in the lobby with its creator seated; ChannelBusy if one is open."""
        async with self.database.write() as db:
            try:
                row = await db.fetch_one(
                    "INSERT INTO game_tables (channel_id, guild_id, game_key, options_json, seed, "
                    "creator_id, created_at, updated_at, skip_after_seconds, clock_seconds, "
                    "language) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                    (
                        channel_id,
                        guild_id,
                        game_key,
                        stored_json(options),
                        seed,
                        creator_id,
                        stored_time(now),
                        stored_time(now),
                        int(skip_after.total_seconds()),
                        None if clock is None else int(clock.total_seconds()),
                        language,
                    ),
                )
            except UniqueViolation as error:
                raise ChannelBusy(channel_id) from error
            assert row is not None
            table_id = int(row["id"])
            await db.execute(_INSERT_SEAT, (table_id, creator_id, creator_name, stored_time(now)))
        table = await self.table(table_id)
        assert table is not None
        return table

    async def add_seat(
        self, table: TableRecord, user_id: str, display_name: str, now: datetime
    ) -> None:
        async with self.database.write() as db:
            await bump(db, table, now, ("lobby",))
            await db.execute(_INSERT_SEAT, (table.id, user_id, display_name, stored_time(now)))

    async def add_bot_seat(
        self, table: TableRecord, display_name: str, level: str, now: datetime
    ) -> str:
        """Seat a bot of `level` in the lobby; returns its user id (`bot:<n>`)."""
        async with self.database.write() as db:
            await bump(db, table, now, ("lobby",))
            rows = await db.fetch_all(
                "SELECT user_id FROM seats WHERE table_id = ? AND user_id LIKE 'bot:%'",
                (table.id,),
            )
            used = {row[0] for row in rows}
            number = next(n for n in range(1, len(used) + 2) if f"bot:{n}" not in used)
            user_id = f"bot:{number}"
            await db.execute(
                "INSERT INTO seats (table_id, user_id, display_name, joined_at, bot_level) "
                "VALUES (?, ?, ?, ?, ?)",
                (table.id, user_id, display_name, stored_time(now), level),
            )
        return user_id

    async def cover_seat(
        self, table: TableRecord, user_id: str, level: str | None, now: datetime
    ) -> None:
        """Hand a person's seat to the bot at `level` (None: give it back to them)."""
        async with self.database.write() as db:
            await bump(db, table, now, ("active",))
            await db.execute(
                "UPDATE seats SET covered_level = ? WHERE table_id = ? AND user_id = ?",
                (level, table.id, user_id),
            )

    async def uncover_after_move(self, table_id: int, user_id: str) -> None:
        """The player moved again: their seat is theirs again (no version bump: the move
        that took it back was the change)."""
        async with self.database.write() as db:
            await db.execute(
                "UPDATE seats SET covered_level = NULL WHERE table_id = ? AND user_id = ?",
                (table_id, user_id),
            )

    async def remove_seat(self, table: TableRecord, user_id: str, now: datetime) -> None:
        async with self.database.write() as db:
            await bump(db, table, now, ("lobby",))
            await db.execute(
                "DELETE FROM seats WHERE table_id = ? AND user_id = ?", (table.id, user_id)
            )

    async def start(
        self, table: TableRecord, seat_order: Sequence[str], update: TableUpdate, now: datetime
    ) -> None:
        """Seat the users in `seat_order` (user ids) and store the initial position (as the
        table's state and its first checkpoint)."""
        async with self.database.write() as db:
            started = {"status": "active", "started_at": stored_time(now)}
            await move(db, table, now, ("lobby",), update, **started)
            await keep_start(db, table.id, update.state_json)
            await db.executemany(
                "UPDATE seats SET seat = ? WHERE table_id = ? AND user_id = ?",
                [(seat, table.id, user_id) for seat, user_id in enumerate(seat_order)],
            )

    async def end(self, table: TableRecord, status: TableStatus, now: datetime) -> None:
        """Close an open table as `status` (abandoned, say)."""
        async with self.database.write() as db:
            ended = {"status": status, "ended_at": stored_time(now), "remind_at": None}
            await bump(db, table, now, OPEN_STATUSES, **ended)
            await lapse_open_requests(db, table.id, now)
            await drop_all_but_start(db, table.id)


def table_record(row: Row) -> TableRecord:
    return record(
        TableRecord,
        row,
        options=read_json(row["options_json"]),
        state_json=None if row["state_json"] is None else read_state(row["state_json"]),
        created_at=required_time(row["created_at"]),
        updated_at=required_time(row["updated_at"]),
        started_at=read_time(row["started_at"]),
        ended_at=read_time(row["ended_at"]),
        to_act=read_json(row["to_act_json"]),
        waiting_since=read_time(row["waiting_since"]),
        round_seats=read_json(row["round_seats_json"]),
        skip_after=timedelta(seconds=row["skip_after_seconds"]),
        clock=None if row["clock_seconds"] is None else timedelta(seconds=row["clock_seconds"]),
    )


def seat_record(row: Row) -> SeatRecord:
    return record(SeatRecord, row, joined_at=required_time(row["joined_at"]))
