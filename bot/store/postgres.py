"""The PostgreSQL backend (asyncpg): a pool of connections, shared by the coroutines of a
process and by as many processes as the server admits.

Transactions run at READ COMMITTED, PostgreSQL's default, which is what each write needs:
- a write that changes a table first bumps the table's version with `UPDATE … WHERE id = ?
  AND version = ?` (`versions.py`); a second, simultaneous one waits for the first's row lock,
  then finds the version changed and updates nothing (`StaleVersion`) — so two moves never
  both apply, as on SQLite;
- once-only rows are kept by unique keys (`ON CONFLICT DO NOTHING`, a unique violation);
- the few writes that compute from rows another write may change meanwhile (the ratings)
  ask for `serialized=True`: a transaction-level advisory lock runs them one at a time.
A write waits at most the busy timeout for a lock (`lock_timeout`), then fails as busy.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, NoReturn, Self

import asyncpg

from .database import Database, Row, Transaction, UniqueViolation
from .dialect import DatabaseTarget, Dialect, postgres_sql
from .faults import DatabaseUnavailable, Problem, StorageFault, problem_of
from .migrations import migrate

#: Connections a process keeps open at most (reads run beside a write; more only queue).
POOL_SIZE = 10
#: The advisory lock key of serialized writes (any constant; "meeple" in ASCII).
SERIALIZED_LOCK = 0x6D6565706C65


class PostgresDatabase(Database):
    dialect = Dialect.POSTGRESQL

    def __init__(self, pool: asyncpg.Pool, target: DatabaseTarget) -> None:
        self._pool = pool
        self.target = target

    @classmethod
    async def connect(
        cls, target: DatabaseTarget, *, migrations_dir: Path, busy_timeout: float
    ) -> Self:
        settings = {
            "lock_timeout": str(int(busy_timeout * 1000)),
            "application_name": "meeple-post",
        }
        try:
            pool = await asyncpg.create_pool(
                target.url, min_size=1, max_size=POOL_SIZE, server_settings=settings
            )
        except (OSError, TimeoutError, asyncpg.PostgresError) as error:
            problem = problem_of(error)
            if problem is None and not isinstance(error, OSError):
                raise
            raise DatabaseUnavailable(
                problem or Problem.UNREACHABLE, str(error) or type(error).__name__, target
            ) from error
        database = cls(pool, target)
        try:
            await migrate(database, migrations_dir)
        except BaseException as error:
            await pool.close()
            if isinstance(error, StorageFault):
                raise DatabaseUnavailable(error.problem, error.detail, target) from error
            raise
        return database

    async def close(self) -> None:
        await self._pool.close()

    @asynccontextmanager
    async def write(self, *, serialized: bool = False) -> AsyncIterator[Transaction]:
        try:
            async with self._pool.acquire() as connection:
                transaction = connection.transaction()
                await transaction.start()
                try:
                    if serialized:
                        await connection.execute(
                            "SELECT pg_advisory_xact_lock($1)", SERIALIZED_LOCK
                        )
                    yield _PostgresTransaction(connection)
                    await transaction.commit()
                except BaseException as error:
                    await _roll_back(connection, transaction, error)
                    if isinstance(error, _CLIENT_ERRORS) and _lost(connection):
                        problem, detail = Problem.UNREACHABLE, f"connection lost: {error}"
                        raise StorageFault(problem, detail, self.target) from error
                    raise
        except (OSError, TimeoutError, asyncpg.PostgresError) as error:
            self._raise_fault(error)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._pool.fetch(postgres_sql(sql), *params))
        except (OSError, TimeoutError, asyncpg.PostgresError) as error:
            self._raise_fault(error, saving=False)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = await self._pool.fetchrow(postgres_sql(sql), *params)
            return row
        except (OSError, TimeoutError, asyncpg.PostgresError) as error:
            self._raise_fault(error, saving=False)

    def _raise_fault(self, error: BaseException, *, saving: bool = True) -> NoReturn:
        """Raise the StorageFault `error` reports, or `error` itself if it is none (a bug)."""
        problem = problem_of(error)
        if problem is None and isinstance(error, OSError):
            problem = Problem.UNREACHABLE
        if problem is None:
            raise error
        detail = str(error) or type(error).__name__
        raise StorageFault(problem, detail, self.target, saving=saving) from error


#: What asyncpg raises when a statement is sent on a connection the server has closed.
_CLIENT_ERRORS = (asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError)


def _lost(connection: asyncpg.Connection) -> bool:
    """Whether the server closed the connection (the pool then detaches it from us)."""
    try:
        return bool(connection.is_closed())
    except asyncpg.InterfaceError:
        return True


async def _roll_back(
    connection: asyncpg.Connection,
    transaction: asyncpg.transaction.Transaction,
    error: BaseException,
) -> None:
    """Roll the transaction back. When the task was cancelled (a statement may still be
    running) or the rollback itself fails, the connection is closed instead: the server
    rolls back what a lost connection had begun, and the pool opens a new one."""
    try:
        if isinstance(error, Exception):
            try:
                await transaction.rollback()
                return
            except Exception:
                pass
        connection.terminate()
    except asyncpg.InterfaceError:
        pass  # already closed and detached: the server has rolled back


class _PostgresTransaction(Transaction):
    dialect = Dialect.POSTGRESQL

    def __init__(self, connection: asyncpg.Connection) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        try:
            status: str = await self._connection.execute(postgres_sql(sql), *params)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
        # "UPDATE 3", "INSERT 0 1", "DELETE 0", "CREATE TABLE": the count is the last word.
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._connection.executemany(postgres_sql(sql), list(rows))
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._connection.fetch(postgres_sql(sql), *params))
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        try:
            row: Row | None = await self._connection.fetchrow(postgres_sql(sql), *params)
            return row
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error
