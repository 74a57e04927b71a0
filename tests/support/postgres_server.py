"""A throw-away PostgreSQL server for the tests: `initdb` in a temporary folder, started with
`pg_ctl` on a free port of 127.0.0.1 (durability off: its data dies with the test session),
one template database with the migrations applied, and a fresh database per test copied
from it (`CREATE DATABASE … TEMPLATE`, much faster than migrating each).

The server binaries are found on PATH or in Debian's /usr/lib/postgresql/<version>/bin
(`apt-get install postgresql`). PostgreSQL refuses to run as root: as root, the server runs
as the `postgres` user the Debian package creates.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import asyncpg

from bot.store import Database

TEMPLATE = "meeple_template"


def server_binaries() -> Path | None:
    """The folder holding initdb and pg_ctl, or None if PostgreSQL is not installed."""
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parent.parent.name) if path.parent.parent.name.isdigit() else 0,
    )
    return versions[-1].parent if versions else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    """One server for a test session; `new_database()` gives each test its own database."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self._names = itertools.count(1)
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.binaries / tool), *args]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder)

    def start(self) -> None:
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
            "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync",
        )  # fmt: skip
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=200 -c shared_buffers=32MB"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"),
            "-w", "start",
        )  # fmt: skip
        # In a thread of its own: the session may start the server from a running loop.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, self._make_template()).result()

    async def _make_template(self) -> None:
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await admin.close()
        await (await Database.open(self.url(TEMPLATE))).close()

    async def new_database(self, *, migrated: bool = True) -> str:
        """A fresh database, migrated (or empty: `migrated=False`); returns its URL."""
        name = f"test_{next(self._names)}"
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(
                f"CREATE DATABASE {name} TEMPLATE {TEMPLATE if migrated else 'template0'}"
            )
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        admin = await asyncpg.connect(self.url("postgres"))
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
