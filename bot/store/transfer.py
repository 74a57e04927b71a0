"""Copying the whole store from one database to another (`python -m bot migrate-store`): from
the SQLite file to a PostgreSQL server when the bot outgrows one process — or back, or
between two servers.

Both databases are opened as the bot opens them (so both are at the current schema). Every
table of the schema is copied — found in the databases' catalogs, not listed here, so a table
a later migration adds is copied too — parents before the tables whose foreign keys point at
them, in one transaction on the target, with every column the target has (a PostgreSQL seat's
`rowid` reads SQLite's). Then the target's row counts are checked against the source's, and
its identity sequences are set past the copied ids, so new tables, confirmations and undo
requests number on. A target that holds any row already is refused, and so is a pair at
different schema versions: nothing is ever overwritten or merged.
"""

from __future__ import annotations

import graphlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .database import Database, Transaction
from .dialect import Dialect
from .errors import StoreError
from .values import stored_state

#: Rows read from the source at a time.
BATCH = 2_000
#: Tables the copy leaves alone: each database records its own migrations.
_OWN = frozenset({"schema_version"})


class TransferRefused(StoreError):
    """The copy cannot be made (a non-empty target, different schemas); nothing changed."""


@dataclass(frozen=True)
class Column:
    name: str
    #: The declared type, lower case (`bigint`, `bytea`, `text` … or SQLite's words).
    kind: str
    #: Its place in the primary key (1, 2 …); 0 if not in it.
    key: int = 0
    #: PostgreSQL: filled from an identity sequence (which the copy sets past the ids).
    identity: bool = False


async def transfer(source: Database, target: Database) -> dict[str, int]:
    """Copy every row of `source` into the empty `target`; returns the rows per table.

    Raises TransferRefused (changing nothing) when the target holds rows or the schemas
    differ, and StoreError when the counts do not match after copying (rolled back)."""
    versions = (await source.schema_version(), await target.schema_version())
    if versions[0] != versions[1]:
        raise TransferRefused(
            f"The databases are at different schema versions ({versions[0]} and "
            f"{versions[1]}): update the bot on both sides first."
        )
    names = await table_names(source)
    if names != await table_names(target):
        raise TransferRefused("The two databases do not have the same tables.")
    filled = [name for name in sorted(names) if await _count(target, name)]
    if filled:
        raise TransferRefused(
            f"The target already holds data (in {', '.join(filled)}); copy only into an empty "
            "database — create a new one (createdb) or empty it first."
        )
    order = await _parents_first(target, names)
    copied: dict[str, int] = {}
    async with target.write() as db:
        for name in order:
            source_columns = await columns(source, name)
            target_columns = await columns(target, name)
            copied[name] = await _copy_table(source, db, name, source_columns, target_columns)
            found = await _count(db, name)
            if found != copied[name] or found != await _count(source, name):
                raise StoreError(
                    f"{name}: {copied[name]} rows read but {found} found in the target; "
                    "nothing was copied."
                )
        if target.dialect is Dialect.POSTGRESQL:
            await _set_sequences(db, {name: await columns(target, name) for name in order})
    return copied


async def table_names(database: Database) -> set[str]:
    """The schema's tables (without the migrations' own record)."""
    if database.dialect is Dialect.SQLITE:
        sql = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    else:
        sql = (
            "SELECT table_name AS name FROM information_schema.tables "
            "WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
        )
    return {str(row["name"]) for row in await database.fetch_all(sql)} - _OWN


async def columns(database: Database, table: str) -> list[Column]:
    """The table's columns in their order."""
    if database.dialect is Dialect.SQLITE:
        rows = await database.fetch_all(f'PRAGMA table_info("{table}")')
        return [Column(row["name"], str(row["type"]).lower(), int(row["pk"])) for row in rows]
    rows = await database.fetch_all(
        "SELECT c.column_name, c.data_type, c.is_identity, "
        "COALESCE(k.ordinal_position, 0) AS key FROM information_schema.columns AS c "
        "LEFT JOIN information_schema.key_column_usage AS k ON k.table_schema = c.table_schema "
        "AND k.table_name = c.table_name AND k.column_name = c.column_name AND k.constraint_name "
        "IN (SELECT constraint_name FROM information_schema.table_constraints WHERE "
        "table_schema = c.table_schema AND table_name = c.table_name "
        "AND constraint_type = 'PRIMARY KEY') "
        "WHERE c.table_schema = current_schema() AND c.table_name = ? "
        "ORDER BY c.ordinal_position",
        (table,),
    )
    return [
        Column(
            row["column_name"],
            str(row["data_type"]).lower(),
            int(row["key"]),
            row["is_identity"] == "YES",
        )
        for row in rows
    ]


async def _parents_first(database: Database, names: set[str]) -> list[str]:
    """The tables in an order that inserts every row after the rows it references."""
    if database.dialect is Dialect.SQLITE:
        links = [
            (name, str(row["table"]))
            for name in names
            for row in await database.fetch_all(f'PRAGMA foreign_key_list("{name}")')
        ]
    else:
        rows = await database.fetch_all(
            "SELECT child.relname AS child, parent.relname AS parent FROM pg_constraint AS c "
            "JOIN pg_class AS child ON child.oid = c.conrelid "
            "JOIN pg_class AS parent ON parent.oid = c.confrelid "
            "JOIN pg_namespace AS n ON n.oid = child.relnamespace "
            "WHERE c.contype = 'f' AND n.nspname = current_schema()"
        )
        links = [(str(row["child"]), str(row["parent"])) for row in rows]
    graph: dict[str, set[str]] = {name: set() for name in sorted(names)}
    for child, parent in links:
        if child in graph and parent in graph and parent != child:
            graph[child].add(parent)
    return list(graphlib.TopologicalSorter(graph).static_order())


async def _copy_table(
    source: Database,
    target: Transaction,
    table: str,
    source_columns: Sequence[Column],
    target_columns: Sequence[Column],
) -> int:
    """Copy the table's rows in batches ordered by the source's primary key; returns how many."""
    known = {column.name for column in source_columns}
    missing = [c.name for c in target_columns if c.name not in known and c.name != "rowid"]
    if missing:
        raise TransferRefused(f"{table}: the source has no column {', '.join(missing)}.")
    names = [column.name for column in target_columns]
    listed = ", ".join(f'"{name}"' if name != "rowid" else "rowid" for name in names)
    key = [c.name for c in sorted(source_columns, key=lambda c: c.key) if c.key] or ["rowid"]
    order = ", ".join(name if name == "rowid" else f'"{name}"' for name in key)
    convert = [_converter(column, target.dialect) for column in target_columns]
    marks = ", ".join("?" for _ in names)
    insert = f'INSERT INTO "{table}" ({listed}) VALUES ({marks})'
    copied = 0
    while True:
        rows = await source.fetch_all(
            f'SELECT {listed} FROM "{table}" ORDER BY {order} LIMIT ? OFFSET ?', (BATCH, copied)
        )
        if not rows:
            return copied
        await target.executemany(
            insert, [[change(row[i]) for i, change in enumerate(convert)] for row in rows]
        )
        copied += len(rows)


def _converter(column: Column, dialect: Dialect) -> Callable[[Any], Any]:
    """How a value read from the source is written into `column` of the target: PostgreSQL
    types its columns, SQLite keeps what it is given. A state SQLite still keeps as JSON text
    (written before migration 0011) is compressed into a BYTEA column, as the store writes
    states; an action's events SQLite still keeps as JSON text (written before migration 0019)
    become its UTF-8 bytes, which read back as that JSON; integers stored in a REAL column
    become floats."""
    if dialect is Dialect.SQLITE:
        return _same
    if column.kind == "bytea" and column.name == "events_json":
        return _utf8
    if column.kind == "bytea":
        return _bytes
    if column.kind in ("double precision", "real"):
        return _float
    return _same


def _same(value: Any) -> Any:
    return value


def _bytes(value: Any) -> Any:
    return stored_state(value) if isinstance(value, str) else value


def _utf8(value: Any) -> Any:
    return value.encode() if isinstance(value, str) else value


def _float(value: Any) -> Any:
    return float(value) if isinstance(value, int) else value


async def _count(reader: Database | Transaction, table: str) -> int:
    row = await reader.fetch_one(f'SELECT COUNT(*) FROM "{table}"')
    return int(row[0]) if row else 0


async def _set_sequences(db: Transaction, tables: dict[str, list[Column]]) -> None:
    """Set each identity column's sequence past the largest id copied."""
    for table, table_columns in tables.items():
        for column in table_columns:
            if column.identity:
                await db.fetch_one(
                    f"SELECT setval(pg_get_serial_sequence(?, ?), "
                    f'COALESCE((SELECT MAX("{column.name}") FROM "{table}"), 0) + 1, false)',
                    (table, column.name),
                )
