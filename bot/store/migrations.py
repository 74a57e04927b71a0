"""Numbered SQL migrations (`migrations/NNNN_name.sql`), applied in order at start-up, the
same numbers on SQLite and PostgreSQL.

A migration is one portable file, written in SQLite's words; PostgreSQL reads it with its own
column types (`dialect.schema_sql`). Where the two truly differ, `NNNN_name.postgresql.sql`
beside it is what PostgreSQL runs instead (both are recorded under the portable name).

The applied versions are recorded in the table `schema_version` (one row per migration, with
its file name and when it ran); the schema version is the highest recorded number. Each
migration runs in its own serialized write transaction together with its `schema_version`
row, so a crash leaves it either fully applied or not at all, and two processes starting at
once cannot both apply it. A start with nothing pending only reads, so it is not held up by
another process that is writing.
"""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from .dialect import Dialect, schema_sql

if TYPE_CHECKING:
    from .database import Database, Transaction

#: `migrations/` at the top of the repository (the package is installed editable).
MIGRATIONS_DIR = Path(__file__).resolve().parents[2] / "migrations"

_FILE_NAME = re.compile(r"^(\d{4})_[\w-]+?(\.postgresql)?\.sql$")
_POSTGRES_SUFFIX = ".postgresql.sql"

_BOOTSTRAP = {
    Dialect.SQLITE: """
CREATE TABLE IF NOT EXISTS schema_version (
    version     INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
)
""",
    Dialect.POSTGRESQL: """
CREATE TABLE IF NOT EXISTS schema_version (
    version     BIGINT PRIMARY KEY,
    name        TEXT NOT NULL,
    applied_at  TEXT NOT NULL
)
""",
}

#: Whether a table exists (a read: no write lock, unlike CREATE TABLE IF NOT EXISTS).
_HAS_TABLE = {
    Dialect.SQLITE: "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
    Dialect.POSTGRESQL: (
        "SELECT 1 FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_name = ?"
    ),
}


class MigrationError(Exception):
    """The migrations folder is missing or holds a badly named or duplicate file."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def discover(
    directory: Path = MIGRATIONS_DIR, dialect: Dialect = Dialect.SQLITE
) -> list[Migration]:
    """Every migration in `directory` as `dialect` runs it, in version order; versions must
    be unique, and a dialect's own file needs the portable one beside it."""
    if not directory.is_dir():
        raise MigrationError(
            f"No migrations folder at {directory}: install the project editable "
            "(`pip install -e .`) from a checkout of the repository."
        )
    found: dict[int, Migration] = {}
    own: dict[int, Path] = {}
    for path in sorted(directory.glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if not match:
            raise MigrationError(
                f"Migration file {path.name} must be named NNNN_name.sql "
                "(or NNNN_name.postgresql.sql beside it)."
            )
        version = int(match.group(1))
        if match.group(2):
            own[version] = path
            continue
        if version in found:
            raise MigrationError(f"Two migrations share version {version}: {path.name}.")
        text = path.read_text(encoding="utf-8")
        found[version] = Migration(version, path.name, schema_sql(text, dialect))
    for version, path in own.items():
        portable = found.get(version)
        if portable is None or path.name != portable.name.removesuffix(".sql") + _POSTGRES_SUFFIX:
            raise MigrationError(
                f"{path.name} has no portable migration of the same name beside it."
            )
        if dialect is Dialect.POSTGRESQL:
            found[version] = Migration(version, portable.name, path.read_text(encoding="utf-8"))
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


async def applied_version(database: Database) -> int:
    """The highest applied migration (0 for an empty database) — a read, which takes no
    write lock."""
    if await database.fetch_one(_HAS_TABLE[database.dialect], ("schema_version",)) is None:
        return 0
    return await _recorded_version(database)


async def _recorded_version(reader: Database | Transaction) -> int:
    row = await reader.fetch_one("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(row[0]) if row else 0


async def migrate(database: Database, directory: Path = MIGRATIONS_DIR) -> list[int]:
    """Apply the pending migrations in order; returns the versions applied (empty: none due).

    Only a pending migration takes the write lock (another process may hold it for a
    while), and whether it is still pending is checked again under the lock.
    """
    current = await applied_version(database)
    applied: list[int] = []
    for migration in discover(directory, database.dialect):
        if migration.version <= current:
            continue
        async with database.write(serialized=True) as db:
            await db.execute(_BOOTSTRAP[database.dialect])
            if await _recorded_version(db) >= migration.version:
                continue
            for statement in statements(migration.sql):
                await db.execute(statement)
            await db.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, datetime.now(UTC).isoformat()),
            )
        applied.append(migration.version)
    return applied
