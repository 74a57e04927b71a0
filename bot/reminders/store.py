"""Reminder data in the bot's database (migrations 0002 and 0005).

It reads the tables, seats and positions the game store writes, and owns `table_reminders`,
`reminder_progress`, `notification_prefs` and, of the tables, only `remind_at` — when it
should look at a table next (see `bot/store/reminder_due.py`). It works on a connection of
its own (WAL mode and the busy timeout let it share the file, as two processes can) or on
the game store's `Database`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, time, timedelta
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from ..store import Store
from ..store.claims import DEFAULT_LEASE, process_owner, to_micros_delta
from ..store.database import Database, Row, Transaction
from ..store.dialect import DatabaseTarget, Dialect
from ..store.migrations import MIGRATIONS_DIR
from ..store.reminder_due import from_micros, to_micros
from ..store.values import read_time, required_time, stored_time
from .model import (
    Awaited,
    Looked,
    NotificationPrefs,
    Progress,
    ReminderSettings,
    WatchedTable,
)
from .policy import plan
from .quiet import QuietHours

_WATCHED = """
SELECT t.id AS table_id, t.channel_id, t.guild_id, t.game_key, t.creator_id,
       c.display_name AS creator_name, t.version, t.updated_at, t.waiting_since,
       r.enabled, r.interval_seconds, r.changed_at, r.stalled_version,
       s.user_id, s.display_name, p.dm, p.quiet_start, p.quiet_end, p.time_zone,
       g.table_version AS reminded_version, g.sent, g.last_sent_at, a.until AS away_until,
       t.language, ul.language AS user_language
FROM game_tables AS t
LEFT JOIN table_reminders AS r ON r.table_id = t.id
LEFT JOIN seats AS c ON c.table_id = t.id AND c.user_id = t.creator_id
LEFT JOIN seats AS s
       ON s.table_id = t.id AND s.seat IN ({to_act})
       -- a bot plays bots' seats and covered ones: nobody there to remind
       AND s.bot_level IS NULL AND s.covered_level IS NULL
LEFT JOIN absences AS a ON a.user_id = s.user_id
LEFT JOIN notification_prefs AS p ON p.user_id = s.user_id
LEFT JOIN reminder_progress AS g ON g.table_id = t.id AND g.user_id = s.user_id
LEFT JOIN user_languages AS ul ON ul.user_id = s.user_id
WHERE t.status = 'active' {extra}
ORDER BY t.remind_at NULLS FIRST, t.id, s.seat
"""


@dataclass(frozen=True, slots=True)
class ChannelTable:
    """The open table of a channel, as `/remind` needs it."""

    table_id: int
    status: str
    game_key: str
    creator_id: str
    creator_name: str
    #: The table's language (None: the default).
    language: str | None = None


_PREFS = "SELECT user_id, dm, quiet_start, quiet_end, time_zone FROM notification_prefs"


class ReminderStore:
    """Use `open(path)` for a connection of its own, or `sharing(store)` to work on the game
    store's connection (the bot does: the same file for sure, and writes serialised with
    the moves)."""

    def __init__(
        self,
        database: Database,
        *,
        owns_database: bool = True,
        owner: str | None = None,
        lease: timedelta = DEFAULT_LEASE,
    ) -> None:
        self.database = database
        self._owns_database = owns_database
        #: This process, as the owner of the tables its passes claim, and how long it holds
        #: them (see `claim_due`).
        self.owner = owner or process_owner()
        self.lease = lease

    @classmethod
    def sharing(cls, store: Store) -> Self:
        """On the game store's database (it has applied the migrations), claiming as the
        game store's owner; closing this leaves the game store open."""
        claims = store.claims
        return cls(store.database, owns_database=False, owner=claims.owner, lease=claims.lease)

    @classmethod
    async def open(
        cls, target: DatabaseTarget | Path | str, *, migrations_dir: Path = MIGRATIONS_DIR
    ) -> Self:
        """A connection of its own to the bot's database (migrations applied)."""
        return cls(await Database.open(target, migrations_dir=migrations_dir))

    async def close(self) -> None:
        if self._owns_database:
            await self.database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    # -- what the scheduler watches -------------------------------------------------------------

    async def claim_due(self, now: datetime, limit: int) -> list[WatchedTable]:
        """Claim the running tables due by `now` (at most `limit`, the earliest first) for
        this process, and return them with whom they await.

        One atomic UPDATE … RETURNING moves each one's `remind_at` on by the lease and names
        this process in `remind_owner`: no other process finds it due meanwhile, and should
        this one die before `record_pass`, it is due again — for any process — once the lease
        has run out. Found through the index on `remind_at`, so this costs the same however
        many tables there are."""
        at = to_micros(now)
        async with self.database.write() as db:
            rows = await db.fetch_all(
                "UPDATE game_tables SET remind_at = ?, remind_owner = ? "
                "WHERE status = 'active' AND remind_at <= ? AND id IN (SELECT id FROM game_tables "
                "WHERE status = 'active' AND remind_at <= ? ORDER BY remind_at, id LIMIT ?) "
                "RETURNING id",
                (at + to_micros_delta(self.lease), self.owner, at, at, limit),
            )
            claimed = [row["id"] for row in rows]
        if not claimed:
            return []
        marks = ", ".join("?" for _ in claimed)
        rows = await self.database.fetch_all(
            _watched_sql(self.database.dialect, f"AND t.id IN ({marks})"), claimed
        )
        return _watched_tables(rows)

    async def watched_tables(self, table_id: int | None = None) -> list[WatchedTable]:
        """The running table `table_id` (None: every running table) with whom it awaits."""
        extra, params = ("AND t.id = ?", (table_id,)) if table_id is not None else ("", ())
        sql = _watched_sql(self.database.dialect, extra)
        return _watched_tables(await self.database.fetch_all(sql, params))

    async def next_due(self) -> datetime | None:
        """When the reminders should look at a table next (None: at none, as things stand)."""
        row = await self.database.fetch_one(
            "SELECT remind_at FROM game_tables WHERE status = 'active' "
            "AND remind_at IS NOT NULL ORDER BY remind_at LIMIT 1"
        )
        return None if row is None else from_micros(row["remind_at"])

    async def open_table_in(self, channel_id: str) -> ChannelTable | None:
        """The channel's lobby or active table."""
        row = await self.database.fetch_one(
            "SELECT t.id, t.status, t.game_key, t.creator_id, c.display_name, t.language "
            "FROM game_tables AS t "
            "LEFT JOIN seats AS c ON c.table_id = t.id AND c.user_id = t.creator_id "
            "WHERE t.channel_id = ? AND t.status IN ('lobby', 'active')",
            (channel_id,),
        )
        if row is None:
            return None
        return ChannelTable(
            table_id=row["id"],
            status=row["status"],
            game_key=row["game_key"],
            creator_id=row["creator_id"],
            creator_name=row["display_name"] or row["creator_id"],
            language=row["language"],
        )

    async def settings(self, table_id: int) -> ReminderSettings:
        row = await self.database.fetch_one(
            "SELECT enabled, interval_seconds, changed_at FROM table_reminders WHERE table_id = ?",
            (table_id,),
        )
        return ReminderSettings() if row is None else _settings(row)

    # -- writes -------------------------------------------------------------------------------

    async def set_reminders(
        self, table_id: int, *, enabled: bool, interval: timedelta, by: str, now: datetime
    ) -> None:
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO table_reminders (table_id, enabled, interval_seconds, changed_at, "
                "changed_by) VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET "
                "enabled = excluded.enabled, interval_seconds = excluded.interval_seconds, "
                "changed_at = excluded.changed_at, changed_by = excluded.changed_by",
                (table_id, int(enabled), int(interval.total_seconds()), stored_time(now), by),
            )
            await _look_again(db, "id = ?", (table_id,), now)

    async def record_pass(self, looked: Sequence[Looked], now: datetime) -> None:
        """After the scheduler looked at tables: count the reminders it sent (forgetting
        those about older positions), mark the stalls it declared, and store when each table
        it looked at is next due, releasing their claims — all in one transaction."""
        async with self.database.write() as db:
            for table in looked:
                if table.stalled:
                    await db.execute(
                        "INSERT INTO table_reminders (table_id, stalled_version, stalled_at) "
                        "VALUES (?, ?, ?) ON CONFLICT (table_id) DO UPDATE SET "
                        "stalled_version = excluded.stalled_version, "
                        "stalled_at = excluded.stalled_at",
                        (table.table_id, table.table_version, stored_time(now)),
                    )
                if table.reminded:
                    await _count_sent(db, table, now)
            await _reschedule(db, [table.table_id for table in looked], now)

    # -- notification preferences ---------------------------------------------------------------

    async def prefs(self, user_id: str) -> NotificationPrefs:
        row = await self.database.fetch_one(f"{_PREFS} WHERE user_id = ?", (user_id,))
        return NotificationPrefs(user_id) if row is None else _prefs(row)

    async def save_prefs(self, prefs: NotificationPrefs, now: datetime) -> None:
        quiet = prefs.quiet
        async with self.database.write() as db:
            await db.execute(
                "INSERT INTO notification_prefs (user_id, dm, quiet_start, quiet_end, time_zone, "
                "updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET "
                "dm = excluded.dm, quiet_start = excluded.quiet_start, "
                "quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, "
                "updated_at = excluded.updated_at",
                (
                    prefs.user_id,
                    int(prefs.dm),
                    f"{quiet.start:%H:%M}" if quiet else None,
                    f"{quiet.end:%H:%M}" if quiet else None,
                    quiet.zone if quiet else prefs.zone,
                    stored_time(now),
                ),
            )
            await _look_again(
                db, "id IN (SELECT table_id FROM seats WHERE user_id = ?)", (prefs.user_id,), now
            )


def _watched_tables(rows: Iterable[Row]) -> list[WatchedTable]:
    """The tables of `_WATCHED`'s rows (one per awaited player) with whom each awaits."""
    tables: dict[int, WatchedTable] = {}
    awaited: dict[int, list[Awaited]] = {}
    for row in rows:
        table_id = row["table_id"]
        if table_id not in tables:
            tables[table_id] = _watched(row)
            awaited[table_id] = []
        if row["user_id"] is not None:
            awaited[table_id].append(_awaited(row))
    return [replace(table, awaited=tuple(awaited[key])) for key, table in tables.items()]


def _watched_sql(dialect: Dialect, extra: str) -> str:
    """`_WATCHED` narrowed by `extra`, in `dialect`."""
    return _WATCHED.format(extra=extra, to_act=dialect.seat_list("t.to_act_json"))


async def _count_sent(db: Transaction, looked: Looked, now: datetime) -> None:
    """One more reminder for each player reminded about this position of the table."""
    await db.execute(
        "DELETE FROM reminder_progress WHERE table_id = ? AND table_version <> ?",
        (looked.table_id, looked.table_version),
    )
    await db.executemany(
        "INSERT INTO reminder_progress (table_id, user_id, table_version, sent, last_sent_at) "
        "VALUES (?, ?, ?, 1, ?) ON CONFLICT (table_id, user_id) DO UPDATE "
        "SET sent = reminder_progress.sent + 1, last_sent_at = excluded.last_sent_at",
        [
            (looked.table_id, user_id, looked.table_version, stored_time(now))
            for user_id in looked.reminded
        ],
    )


async def _reschedule(db: Transaction, table_ids: Sequence[int], now: datetime) -> None:
    """Store when each of these tables is next due, as `policy.plan` works it out from what
    they are like now — unless a move changed the table since it was read here (on
    PostgreSQL one may commit meanwhile): that move has set when it is due itself.
    Releases the reminders' claim on them (a move has ended it already)."""
    if not table_ids:
        return
    marks = ", ".join("?" for _ in table_ids)
    rows = await db.fetch_all(_watched_sql(db.dialect, f"AND t.id IN ({marks})"), table_ids)
    updates: list[tuple[int | None, int, int]] = []
    for table in _watched_tables(rows):
        due = plan(table, now).next_due
        updates.append((None if due is None else to_micros(due), table.table_id, table.version))
    await db.executemany(
        "UPDATE game_tables SET remind_at = ?, remind_owner = NULL WHERE id = ? AND version = ?",
        updates,
    )


async def _look_again(
    db: Transaction, condition: str, params: Sequence[Any], now: datetime
) -> None:
    """A setting changed that may bring reminders forward: have the scheduler look at these
    running tables at once (it then stores when they are really due). A table a pass holds
    keeps its lease: that pass stores its next due time from the settings as they are then."""
    await db.execute(
        "UPDATE game_tables SET remind_at = ? WHERE status = 'active' AND remind_owner IS NULL "
        f"AND {condition}",
        (to_micros(now), *params),
    )


def _settings(row: Row) -> ReminderSettings:
    return ReminderSettings(
        enabled=bool(row["enabled"]),
        interval=timedelta(seconds=row["interval_seconds"]),
        changed_at=read_time(row["changed_at"]),
    )


def _prefs(row: Row) -> NotificationPrefs:
    """The preferences of a row with `user_id`, `dm`, `quiet_start`, `quiet_end`, `time_zone`."""
    start, end, zone = row["quiet_start"], row["quiet_end"], row["time_zone"]
    quiet = (
        QuietHours(time.fromisoformat(start), time.fromisoformat(end), zone)
        if start is not None and end is not None and zone is not None
        else None
    )
    return NotificationPrefs(row["user_id"], dm=bool(row["dm"]), quiet=quiet, zone=zone)


def _watched(row: Row) -> WatchedTable:
    settings = ReminderSettings() if row["enabled"] is None else _settings(row)
    return WatchedTable(
        table_id=row["table_id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        game_key=row["game_key"],
        creator_id=row["creator_id"],
        creator_name=row["creator_name"] or row["creator_id"],
        version=row["version"],
        changed_at=required_time(row["updated_at"]),
        waiting_since=read_time(row["waiting_since"]),
        settings=settings,
        stalled=row["stalled_version"] is not None and row["stalled_version"] == row["version"],
        language=row["language"],
    )


def _awaited(row: Row) -> Awaited:
    """The awaited player of a `_WATCHED` row."""
    user_id = row["user_id"]
    prefs = NotificationPrefs(user_id) if row["dm"] is None else _prefs(row)
    last_sent = read_time(row["last_sent_at"])
    progress = (
        Progress(table_version=row["reminded_version"], sent=row["sent"], last_sent_at=last_sent)
        if row["reminded_version"] is not None and last_sent is not None
        else None
    )
    return Awaited(
        user_id=user_id,
        name=row["display_name"],
        prefs=prefs,
        progress=progress,
        away_until=read_time(row["away_until"]),
        language=row["user_language"],
    )
