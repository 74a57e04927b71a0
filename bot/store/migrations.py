"""Numbered SQL migrations (`migrations/NNNN_name.sql`), applied in order at start-up.

The applied versions are recorded in the table `schema_version` (one row per migration, with
its file name and when it ran); the schema version is the highest recorded number. Each
migration runs in its own IMMEDIATE transaction together with its `schema_version` row, so a
crash leaves it either fully applied or not at all, and two processes starting at once cannot
both apply it. A start with nothing pending only reads, so it is not held up by another
process that is writing.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

#: `migrations/` at the top of the repository (the package is installed editable).
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"

_FILE_NAME = re.compile(r"^(\d{4})_[\w-]+\.sql$")

_BOOTSTRAP = """
CREATE TABLE IF NOT EXISTS schema_version (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
)
"""


class MigrationError(Exception):
    """The migrations folder is missing or holds a badly named or duplicate file."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration in `directory`, in version order; versions must be unique."""
    if not directory.is_dir():
        raise MigrationError(
            f"No migrations folder at {directory}: install the project editable "
            "(`pip install -e .`) from a checkout of the repository."
        )
    found: dict[int, Migration] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if not match:
            raise MigrationError(f"Migration file {path.name} must be named NNNN_name.sql.")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"Two migrations share version {version}: {path.name}.")
        found[version] = Migration(version, path.name, path.read_text(encoding="utf-8"))
    return [found[version] for version in sorted(found)]


def statements(sql: str) -> list[str]:
    """Split a script into complete statements (triggers with inner `;` stay whole)."""
    result: list[str] = []
    buffer = ""
    for line in sql.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            if _has_code(buffer):
                result.append(buffer.strip())
            buffer = ""
    if _has_code(buffer):
        raise MigrationError(f"Incomplete SQL statement at the end: {buffer.strip()[:80]}")
    return result


def _has_code(text: str) -> bool:
    """Whether `text` holds more than comments, blank lines and semicolons."""
    code = "\n".join(line for line in text.splitlines() if not line.strip().startswith("--"))
    return bool(code.strip(" \t\r\n;"))


async def schema_version(db: aiosqlite.Connection) -> int:
    """The highest applied migration (0 for an empty database)."""
    await db.execute(_BOOTSTRAP)
    return await _applied_version(db)


async def _applied_version(db: aiosqlite.Connection) -> int:
    """`schema_version` without creating its table: a read, which takes no write lock."""
    async with db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ) as cursor:
        if await cursor.fetchone() is None:
            return 0
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_version") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


async def migrate(db: aiosqlite.Connection, directory: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply the pending migrations in order; returns the versions applied (empty: none due).

    Only a pending migration takes the write lock (another process may hold it for a
    while), and whether it is still pending is checked again under the lock.
    `db` must be in autocommit mode (isolation_level=None): transactions are explicit here.
    """
    current = await _applied_version(db)
    applied: list[int] = []
    for migration in discover(directory):
        if migration.version <= current:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            if await schema_version(db) >= migration.version:
                await db.rollback()
                continue
            for statement in statements(migration.sql):
                await db.execute(statement)
            await db.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, datetime.now(UTC).isoformat()),
            )
            await db.commit()
        except BaseException:
            await db.rollback()
            raise
        applied.append(migration.version)
    return applied
