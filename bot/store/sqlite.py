"""The SQLite backend: one connection in WAL mode shared by the coroutines of a process, its
writes IMMEDIATE transactions taken one at a time (other processes on the same file wait up
to the busy timeout for the file's write lock).

The connection lives in aiosqlite's thread, and every call into it is a handoff to that
thread and back (the event loop and it wait for each other's turn at the interpreter). A
statement that reads rows therefore runs and fetches them in one call
(`execute_fetchall`), not three (execute, fetch, close the cursor): a move makes a third as
many handoffs, and waits less behind another coroutine's statement on the shared connection
(bench/README.md, `store`)."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, NoReturn, Self

import aiosqlite

from .database import Database, Row, Transaction, UniqueViolation
from .dialect import DatabaseTarget, Dialect
from .faults import DatabaseUnavailable, StorageFault, problem_of
from .migrations import migrate

#: How long to wait before asking again for WAL mode on a file another process is setting up.
WAL_RETRY_SECONDS = 0.02

_UNIQUE_CODES = frozenset({sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY})


class SqliteDatabase(Database):
    dialect = Dialect.SQLITE

    def __init__(self, connection: aiosqlite.Connection, target: DatabaseTarget) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()
        self.target = target

    @classmethod
    async def connect(
        cls, target: DatabaseTarget, *, migrations_dir: Path, busy_timeout: float
    ) -> Self:
        path = target.path
        assert path is not None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            connection = await aiosqlite.connect(path, isolation_level=None)
        except (OSError, sqlite3.Error) as error:
            _raise_unavailable(error, target)
        connection.row_factory = sqlite3.Row
        database = cls(connection, target)
        try:
            await connection.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            await _use_wal(connection, busy_timeout)
            # FULL: a commit is on disk before the move is announced, even after a power cut.
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await migrate(database, migrations_dir)
        except BaseException as error:
            await connection.close()
            if isinstance(error, StorageFault):
                raise DatabaseUnavailable(error.problem, error.detail, target) from error
            if isinstance(error, OSError | sqlite3.Error):
                _raise_unavailable(error, target)
            raise
        return database

    async def close(self) -> None:
        await self._connection.close()

    @asynccontextmanager
    async def write(self, *, serialized: bool = False) -> AsyncIterator[Transaction]:
        """An IMMEDIATE transaction (so every write is serialized); rolled back on error and
        when the task is cancelled — even while it waits for the lock in BEGIN, whose
        statement still runs afterwards."""
        async with self._lock:
            try:
                try:
                    await self._connection.execute("BEGIN IMMEDIATE")
                    yield _SqliteTransaction(self._connection)
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
                return await _rows(self._connection, sql, params)
            except sqlite3.Error as error:
                self._raise_fault(error, saving=False)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row (the statement's rows are all read: for statements giving one)."""
        return _first(await self.fetch_all(sql, params))

    def _raise_fault(self, error: sqlite3.Error, *, saving: bool = True) -> NoReturn:
        """Raise the StorageFault `error` reports, or `error` itself if it is none (a bug)."""
        problem = problem_of(error)
        if problem is None:
            raise error
        raise StorageFault(problem, str(error), self.target, saving=saving) from error


async def _use_wal(connection: aiosqlite.Connection, busy_timeout: float) -> None:
    """Put the file in WAL mode, waiting up to `busy_timeout` for it. Switching a new file
    to WAL needs its lock, and SQLite refuses at once, without waiting out its own busy
    timeout, while another connection holds the lock of a file not yet in WAL: two processes
    (sharded bots, say) starting at once on a new database."""
    waited_until = asyncio.get_running_loop().time() + busy_timeout
    while True:
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            busy = getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_BUSY
            if not busy or asyncio.get_running_loop().time() >= waited_until:
                raise
            await asyncio.sleep(WAL_RETRY_SECONDS)


class _SqliteTransaction(Transaction):
    dialect = Dialect.SQLITE

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _unique_violations():
            async with self._connection.execute(sql, params) as cursor:
                return int(cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        with _unique_violations():
            await self._connection.executemany(sql, rows)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with _unique_violations():
            return await _rows(self._connection, sql, params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        return _first(await self.fetch_all(sql, params))


async def _rows(connection: aiosqlite.Connection, sql: str, params: Sequence[Any]) -> list[Row]:
    """Run `sql` and fetch all its rows in one call into the connection's thread."""
    return list(await connection.execute_fetchall(sql, params))


def _first(rows: list[Row]) -> Row | None:
    return rows[0] if rows else None


@contextmanager
def _unique_violations() -> Iterator[None]:
    """Turns SQLite's unique and primary key violations into UniqueViolation."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        if getattr(error, "sqlite_errorcode", None) in _UNIQUE_CODES:
            raise UniqueViolation(str(error)) from error
        raise


def _raise_unavailable(error: OSError | sqlite3.Error, target: DatabaseTarget) -> NoReturn:
    """Raise DatabaseUnavailable for a storage fault at start-up, or `error` itself."""
    problem = problem_of(error)
    if problem is None:
        raise error
    detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    raise DatabaseUnavailable(problem, detail, target) from error
