"""One SQLite connection shared by every part of the bot that keeps data.

The game store, the Discord ledger and the reminder store all work through a `Database`,
so their writes are serialised by one lock, land in one file, and see one schema.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from .migrations import MIGRATIONS_DIR, migrate, schema_version


class Database:
    """A connection in WAL mode with the migrations applied. Safe to share between the
    coroutines of one process; writes are IMMEDIATE transactions taken one at a time."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._connection = connection
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str, *, migrations_dir: Path = MIGRATIONS_DIR) -> Self:
        """Connect (creating the file and its folder if needed) and apply pending migrations."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            await connection.execute("PRAGMA busy_timeout = 10000")
            await connection.execute("PRAGMA journal_mode = WAL")
            # FULL: a commit is on disk before the move is announced, even after a power cut.
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await migrate(connection, migrations_dir)
        except BaseException:
            await connection.close()
            raise
        return cls(connection)

    async def close(self) -> None:
        await self._connection.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One IMMEDIATE transaction: committed when the block ends, rolled back on error."""
        async with self._lock:
            await self._connection.execute("BEGIN IMMEDIATE")
            try:
                yield self._connection
            except BaseException:
                await self._connection.rollback()
                raise
            await self._connection.commit()

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        async with self._lock, self._connection.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Any:
        async with self._lock, self._connection.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def schema_version(self) -> int:
        async with self._lock:
            return await schema_version(self._connection)
