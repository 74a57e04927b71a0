"""A fresh database of either backend for a bench: a SQLite file in a temporary folder, or a
database on a throw-away PostgreSQL server on 127.0.0.1 (the tests' own,
tests/support/postgres_server.py), removed afterwards. `Store.open(target)` opens either."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.support.postgres_server import PostgresServer, server_binaries

BACKENDS = ("sqlite", "postgresql")


def postgres_installed() -> bool:
    return server_binaries() is not None


@asynccontextmanager
async def bench_database(backend: str) -> AsyncIterator[str]:
    """Where a fresh, migrated database of `backend` is (`sqlite:///…` or `postgresql://…`).
    PostgreSQL must be installed (`postgres_installed`)."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'bench.db'}"
        return
    binaries = server_binaries()
    if binaries is None:
        raise RuntimeError("PostgreSQL is not installed (Debian: apt-get install -y postgresql)")
    server = PostgresServer(binaries)
    await asyncio.to_thread(server.start)
    try:
        yield await server.new_database()
    finally:
        await asyncio.to_thread(server.stop)
