"""The database every part of the bot that keeps data works through: SQLite (one file, the
default) or PostgreSQL (a server several bot processes share), chosen by where it is
(`DatabaseTarget`: `DATABASE_URL`, else `DATABASE_PATH`).

The game store, the Discord ledger and the reminder store all work through a `Database`, so
they see one schema and one set of migrations, and write one SQL text for both dialects
(`?` placeholders; see dialect.py). Writes are transactions (`write()`), each yielding a
`Transaction`; reads outside one are single statements.

Rows come back addressable by column name (`row["seat"]`; by position too), so the store
modules map them to records by name. A storage fault (disk full, database locked or busy,
read-only or damaged, server unreachable) comes out of every method as `StorageFault` — at
`open` as `DatabaseUnavailable` — with the transaction rolled back; see `faults.py`. A
unique constraint refusing a row comes out as `UniqueViolation`, for the store modules to
word (a channel's second open table, a table's second open undo request).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol, Self

from .dialect import DatabaseTarget, Dialect
from .migrations import MIGRATIONS_DIR, applied_version

#: How long a write waits for another process's write (SQLite) or lock (PostgreSQL) before
#: it gives up (busy).
BUSY_TIMEOUT = 10.0


class Row(Protocol):
    """A row read: its columns by name (or by position)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


class UniqueViolation(Exception):
    """A unique constraint (or primary key) refused the row; the transaction is rolled back
    when the error leaves `write()`."""


class Transaction(ABC):
    """The statements of one write transaction (what `Database.write()` yields)."""

    dialect: Dialect

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement once per parameter row."""

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...


class Database(ABC):
    """An open database with the migrations applied, safe to share between the coroutines of
    one process. `open` picks the backend from the target."""

    dialect: Dialect
    #: Where it is (the file, or the server's URL without its password).
    target: DatabaseTarget

    @classmethod
    async def open(
        cls,
        target: DatabaseTarget | Path | str,
        *,
        migrations_dir: Path = MIGRATIONS_DIR,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> Database:
        """Connect and apply pending migrations: a SQLite file (created with its folder if
        needed) or a PostgreSQL server (its database must exist).

        Raises DatabaseUnavailable when it cannot be opened or brought up to date. Without a
        pending migration no write lock is taken, so a start-up is not held up by another
        process writing."""
        if not isinstance(target, DatabaseTarget):
            target = DatabaseTarget.parse(target)
        if target.dialect is Dialect.POSTGRESQL:
            from .postgres import PostgresDatabase

            return await PostgresDatabase.connect(
                target, migrations_dir=migrations_dir, busy_timeout=busy_timeout
            )
        from .sqlite import SqliteDatabase

        return await SqliteDatabase.connect(
            target, migrations_dir=migrations_dir, busy_timeout=busy_timeout
        )

    @property
    def path(self) -> Path:
        """The SQLite file (only a SQLite database has one)."""
        if self.target.path is None:
            raise AttributeError(f"{self.target} is not a SQLite file")
        return self.target.path

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    def write(self, *, serialized: bool = False) -> AbstractAsyncContextManager[Transaction]:
        """One write transaction: committed when the block ends, rolled back on error (a
        storage fault then surfaces as StorageFault) and when the task is cancelled.

        Every write sees the rows as they are when it runs, and a table's writes are ordered
        by its version row (`versions.py`). `serialized=True` also runs it one at a time with
        every other serialized write, of any process — a write that reads rows another
        write might be changing at the same moment and computes from them (the ratings):
        on SQLite every write is, on PostgreSQL a transaction-level advisory lock does it.
        """

    @abstractmethod
    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]: ...

    @abstractmethod
    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None: ...

    async def schema_version(self) -> int:
        return await applied_version(self)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
