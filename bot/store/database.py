"""One SQLite connection shared by every part of the bot that keeps data.

The game store, the Discord ledger and the reminder store all work through a `Database`,
so their writes are serialised by one lock, land in one file, and see one schema.

Rows come back addressable by column name (`row["seat"]`; by position too), so the store
modules map them to records by name. A storage fault (disk full, file locked by another
process, read-only or damaged file) comes out of every method as `StorageFault` — at `open`
as `DatabaseUnavailable` — with the transaction rolled back; see `faults.py`.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NoReturn, Protocol, Self

import aiosqlite

from .faults import DatabaseUnavailable, StorageFault, problem_of
from .migrations import MIGRATIONS_DIR, migrate, schema_version

#: How long a write waits for another process's write to finish before it gives up (busy).
BUSY_TIMEOUT = 10.0


class Row(Protocol):
    """A row read: its columns by name (or by position)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


class Database:
    """A connection in WAL mode with the migrations applied. Safe to share between the
    coroutines of one process; writes are IMMEDIATE transactions taken one at a time."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.path = path

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        migrations_dir: Path = MIGRATIONS_DIR,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> Self:
        """Connect (creating the file and its folder if needed) and apply pending migrations.

        Raises DatabaseUnavailable when the file cannot be created, opened, read or brought up
        to date. Without a pending migration no write lock is taken, so a start-up is not held
        up by another process writing."""
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            _raise_unavailable(error, path)
        connection.row_factory = sqlite3.Row
        try:
            await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            await connection.execute("PRAGMA journal_mode = WAL")
            # FULL: a commit is on disk before the move is announced, even after a power cut.
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await migrate(connection, migrations_dir)
        except BaseException as error:
            await connection.close()
            if isinstance(error, OSError | sqlite3.Error):
                _raise_unavailable(error, path)
            raise
        return cls(connection, path)

    async def close(self) -> None:
        await self._connection.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction: committed when the block ends, rolled back on error
        (a storage fault then surfaces as StorageFault) and when the task is cancelled —
        even while it waits for the lock in BEGIN, whose statement still runs afterwards."""
        async with self._lock:
            try:
                try:
                    await self._connection.execute("BEGIN IMMEDIATE")
                    yield self._connection
                    await self._connection.commit()
                except BaseException:
                    # Queued after whatever the worker thread still runs; shielded, so that
                    # a second cancellation cannot leave the connection in a transaction.
                    await asyncio.shield(self._connection.rollback())
                    raise
            except sqlite3.Error as error:
                self._raise_fault(error)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        async with self._lock:
            try:
                async with self._connection.execute(sql, params) as cursor:
                    return list(await cursor.fetchall())
            except sqlite3.Error as error:
                self._raise_fault(error, saving=False)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._lock:
            try:
                async with self._connection.execute(sql, params) as cursor:
                    return await cursor.fetchone()
            except sqlite3.Error as error:
                self._raise_fault(error, saving=False)

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self._connection)

    def _raise_fault(self, error: sqlite3.Error, *, saving: bool = True) -> NoReturn:
        """Raise the StorageFault `error` reports, or `error` itself if it is none (a bug)."""
        problem = problem_of(error)
        if problem is None:
            raise error
        raise StorageFault(problem, str(error), self.path, saving=saving) from error


def _raise_unavailable(error: OSError | sqlite3.Error, path: Path) -> NoReturn:
    """Raise DatabaseUnavailable for a storage fault at start-up, or `error` itself."""
    problem = problem_of(error)
    if problem is None:
        raise error
    detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    raise DatabaseUnavailable(problem, detail, path) from error
