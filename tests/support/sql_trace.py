"""What SQL a piece of code makes SQLite run, and how SQLite plans to run it."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.store import Database

_READS_AND_WRITES = re.compile(r"^\s*(SELECT|UPDATE|INSERT|DELETE|WITH)\b", re.IGNORECASE)


@asynccontextmanager
async def statements_run(database: Database) -> AsyncIterator[list[str]]:
    """Every statement `database` runs meanwhile, as SQLite ran it (parameters filled in)."""
    statements: list[str] = []
    connection = database._connection  # tests look under the hood: no API exposes this
    await connection.set_trace_callback(statements.append)
    try:
        yield statements
    finally:
        await connection.set_trace_callback(None)


def queries(statements: list[str]) -> list[str]:
    """The statements that read or write rows (not BEGIN, COMMIT, PRAGMA …)."""
    return [statement for statement in statements if _READS_AND_WRITES.match(statement)]


def plan(database: Database, statement: str) -> list[str]:
    """The steps of SQLite's plan for `statement` (`EXPLAIN QUERY PLAN`)."""
    with sqlite3.connect(database.path) as connection:
        steps = connection.execute(f"EXPLAIN QUERY PLAN {statement}").fetchall()
    return [step[3] for step in steps]


def full_scans(database: Database, statement: str, table: str, *aliases: str) -> list[str]:
    """The steps of SQLite's plan for `statement` that go through all of `table` (named
    `table` or one of `aliases` in it), rather than searching an index."""
    names = "|".join(re.escape(name) for name in (table, *aliases))
    scan = re.compile(rf"^SCAN (TABLE )?({names})\b")
    return [step for step in plan(database, statement) if scan.match(step)]
