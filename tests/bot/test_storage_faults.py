"""Faults of the storage, reproduced for real: a damaged file, a read-only data folder, a
database locked by another process, a full disk (SQLite's `max_page_count` gives the very
SQLITE_FULL a full file system gives). Start-up says in one line what is wrong and exits
with status 2; a write that fails says so and changes nothing."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.console import ConsoleTable, Outcome
from bot.service import Service
from bot.store import MIGRATIONS_DIR, Database, Store
from tests.bot.helpers import fake_renderer, pile_catalog
from tests.support.sqlite_lock import lock_held

REPO = Path(__file__).resolve().parents[2]

#: The command lines of `python -m bot` (with the pile game) that open the database.
ENTRY_POINTS = {
    "console": (["console", "--script", "script.txt"], False),
    "discord": ([], True),
    "sync": (["sync"], True),
}


def run_bot(
    folder: Path,
    entry: str,
    script: list[str] | None = None,
    database: Path | None = None,
    prefix: list[str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """`python -m bot …` (with the pile game) in `folder`, its database by default at
    data/meeple.db there."""
    args, with_token = ENTRY_POINTS[entry]
    (folder / "script.txt").write_text("\n".join(script or ["alice> /board"]) + "\n")
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env.update(
        PYTHONPATH=str(REPO),
        DATABASE_PATH=str(database or folder / "data" / "meeple.db"),
        BOARD_DIR=str(folder / "boards"),
        DATABASE_BUSY_TIMEOUT="0.5",
    )
    if with_token:
        env["DISCORD_TOKEN"] = "not-a-real-token"
    return subprocess.run(
        [*(prefix or []), sys.executable, "-m", "tests.bot.pile_console", *args],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def assert_refused_start(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit status 2 and one line on stderr with `words`; no traceback, nothing else."""
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    assert result.returncode == 2, output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, output
    assert "Cannot start:" in lines[0]
    for word in words:
        assert word in lines[0], lines[0]


def setup_game(folder: Path) -> None:
    """A started solo pile table in the console channel of data/meeple.db."""
    result = run_bot(folder, "console", ["alice> /newgame game:pile seed:5", "alice> /start"])
    assert result.returncode == 0, result.stderr


# -- start-up ----------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_damaged_database_file_stops_the_start_with_one_line(tmp_path: Path, entry: str) -> None:
    database = tmp_path / "data" / "meeple.db"
    database.parent.mkdir()
    database.write_bytes(bytes(range(256)) * 64)  # garbage, not SQLite
    result = run_bot(tmp_path, entry)
    assert_refused_start(
        result, str(database), "not a readable SQLite database", "Restore it from a backup"
    )
    assert database.read_bytes() == bytes(range(256)) * 64


@pytest.fixture
def writable_again(tmp_path: Path) -> Iterator[Path]:
    """`tmp_path`, whose folders are made writable again afterwards, so it can be removed."""
    yield tmp_path
    for path in (tmp_path, *tmp_path.rglob("*")):
        if path.is_dir():
            path.chmod(0o755)


#: Runs argv[1:] without the capabilities that let root ignore file permissions.
WITHOUT_ROOT_POWERS = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
for capability in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
    if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP: gone after exec
        sys.exit(f"cannot drop capability {capability}: {os.strerror(ctypes.get_errno())}")
os.execv(sys.argv[1], sys.argv[1:])
"""


def unprivileged() -> list[str]:
    """The command prefix under which file permissions count: none for an ordinary user; for
    root (whom permissions do not stop), dropping the capabilities that override them."""
    if os.geteuid() != 0:
        return []
    prefix = [sys.executable, "-c", WITHOUT_ROOT_POWERS]
    probe = subprocess.run([*prefix, "/bin/true"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        pytest.skip(f"running as root, and {probe.stderr.strip()}")
    return prefix


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_a_read_only_data_folder_stops_the_start_with_one_line(
    writable_again: Path, entry: str
) -> None:
    folder = writable_again
    setup_game(folder)
    data = folder / "data"
    for path in data.iterdir():  # only the database itself: WAL files are not left over
        assert path.name == "meeple.db"
        path.chmod(0o666)  # the file may be written; its folder may not
    data.chmod(0o555)
    result = run_bot(folder, entry, prefix=unprivileged())
    assert_refused_start(result, str(data / "meeple.db"), "cannot be created or written")


def test_a_data_folder_that_cannot_be_created_stops_the_start(writable_again: Path) -> None:
    (writable_again / "data").mkdir(mode=0o555)
    database = writable_again / "data" / "new" / "meeple.db"
    result = run_bot(writable_again, "console", database=database, prefix=unprivileged())
    assert_refused_start(result, str(database), "Permission denied", "writable")


async def older_schema(path: Path, folder: Path) -> None:
    """A database with every migration but the last applied."""
    portable = [m for m in MIGRATIONS_DIR.glob("*.sql") if not m.name.endswith(".postgresql.sql")]
    *earlier, _ = sorted(portable)
    folder.mkdir()
    for migration in earlier:
        shutil.copy(migration, folder / migration.name)
    database = await Database.open(path, migrations_dir=folder)
    await database.close()


async def test_a_pending_migration_on_a_locked_database_stops_with_one_line(
    tmp_path: Path,
) -> None:
    database = tmp_path / "data" / "meeple.db"
    await older_schema(database, tmp_path / "older")
    with lock_held(database):
        result = run_bot(tmp_path, "console")
    assert_refused_start(result, str(database), "locked by another process", "start again")


def test_a_start_with_nothing_to_migrate_takes_no_lock(tmp_path: Path) -> None:
    setup_game(tmp_path)
    database = tmp_path / "data" / "meeple.db"
    with lock_held(database):
        result = run_bot(tmp_path, "console", ["alice> /board", "alice> /move action:take 1"])
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert "board: " in result.stdout  # the read went through at once
    assert (
        "error: Could not save (the database is busy); nothing changed, please try again."
        in result.stdout
    )
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT version, move_count FROM game_tables").fetchall() == [(1, 0)]
        assert db.execute("SELECT COUNT(*) FROM actions").fetchone() == (0,)


async def test_a_new_database_that_another_bot_is_setting_up_is_waited_for(
    tmp_path: Path,
) -> None:
    """Two bots starting at once on a new file: while one holds the lock of the file, not yet
    in WAL mode, the other waits for it (SQLite itself refuses at once to switch to WAL)."""
    path = tmp_path / "meeple.db"
    first = sqlite3.connect(path, isolation_level=None)
    first.execute("BEGIN IMMEDIATE")
    first.execute("CREATE TABLE being_set_up (x)")
    second = sqlite3.connect(path, timeout=5)
    with pytest.raises(sqlite3.OperationalError, match="locked"):  # at once, timeout or not
        second.execute("PRAGMA journal_mode = WAL")
    second.close()
    asyncio.get_running_loop().call_later(0.3, first.execute, "ROLLBACK")
    database = await Database.open(path, migrations_dir=MIGRATIONS_DIR, busy_timeout=5)
    try:
        assert [tuple(row) for row in await database.fetch_all("PRAGMA journal_mode")] == [("wal",)]
    finally:
        await database.close()
        first.close()


# -- writes while playing ----------------------------------------------------------------------


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[ConsoleTable]:
    store = await Store.open(tmp_path / "data" / "meeple.db", busy_timeout=0.3)
    service = Service(store, games=pile_catalog(), renderer=fake_renderer)
    table = ConsoleTable(service, tmp_path / "boards", out=io.StringIO())
    for line in ("alice> /newgame game:pile options:size:99 seed:3", "bob> /join", "alice> /start"):
        assert await table.handle(line) is Outcome.DONE
    yield table
    await store.close()


async def snapshot(store: Store) -> tuple[Any, ...]:
    """Everything a move writes: the table row (state, version, …) and the whole log."""
    table = await store.tables.open_table("console")
    assert table is not None
    return table, await store.actions.recent_actions(table.id, 1000)


async def mover(store: Store) -> str:
    table = await store.tables.open_table("console")
    assert table is not None
    seats = await store.tables.seats(table.id)
    return next(seat.display_name for seat in seats if seat.seat in table.to_act)


async def set_page_limit(store: Store, pages: int | None) -> None:
    """Let the database file grow to `pages` pages at most (None: as far as SQLite allows)."""
    if pages is None:
        pages = 2**31 - 2
    async with store.database.write() as db:
        await db.execute(f"PRAGMA max_page_count = {pages}")


def output(table: ConsoleTable) -> str:
    assert isinstance(table.out, io.StringIO)
    return table.out.getvalue()


async def test_a_full_disk_during_a_move_changes_nothing_and_says_so(
    console: ConsoleTable, caplog: pytest.LogCaptureFixture
) -> None:
    store = console.service.store
    (pages,) = await store.database.fetch_one("PRAGMA page_count")
    await set_page_limit(store, pages)
    # Moves fit on the pages there are, until one needs a new page: the disk is full then
    # (an action takes about a fortieth of a page; the pile of 99 lasts 99 moves).
    for _ in range(95):
        before = await snapshot(store)
        line = f"{await mover(store)}> /move action:take 1"
        if await console.handle(line) is Outcome.REFUSED:
            break
    else:
        pytest.fail("the database never filled up")
    assert output(console).endswith(
        "error: Could not save (the disk is full); nothing changed, please try again.\n"
    )
    assert await snapshot(store) == before
    table, log = before
    [record] = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert f"table {table.id}" in record and "database or disk is full" in record
    assert line.split(">")[0] in record and "/move action:take 1" in record

    await set_page_limit(store, None)  # space freed: the same move goes through
    assert await console.handle(line) is Outcome.DONE
    after, log_after = await snapshot(store)
    assert (after.version, after.move_count, len(log_after)) == (
        table.version + 1,
        table.move_count + 1,
        len(log) + 1,
    )


async def test_a_database_busy_in_another_process_during_a_move_changes_nothing(
    console: ConsoleTable, caplog: pytest.LogCaptureFixture
) -> None:
    store = console.service.store
    before = await snapshot(store)
    line = f"{await mover(store)}> /move action:take 2"
    with lock_held(store.database.path):
        assert await console.handle(line) is Outcome.REFUSED
        assert output(console).endswith(
            "error: Could not save (the database is busy); nothing changed, please try again.\n"
        )
    assert await snapshot(store) == before
    [record] = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert f"table {before[0].id}" in record.getMessage()
    assert "the database is busy" in record.getMessage()
    assert await console.handle(line) is Outcome.DONE


async def test_a_full_disk_outside_a_move_changes_nothing_either(console: ConsoleTable) -> None:
    store = console.service.store
    assert await console.handle("alice> /abandon") is Outcome.DONE
    assert await console.handle("alice> /confirm") is Outcome.DONE
    (pages,) = await store.database.fetch_one("PRAGMA page_count")
    await set_page_limit(store, pages)
    # New tables, abandoned at once, until one of those writes finds the disk full.
    for _ in range(200):
        before = await store.tables.latest_table("console")
        if await console.handle("alice> /newgame game:pile") is Outcome.REFUSED:
            assert await store.tables.latest_table("console") == before
            break
        opened = await store.tables.open_table("console")
        for line in ("alice> /abandon", "alice> /confirm"):
            if await console.handle(line) is Outcome.REFUSED:
                assert await store.tables.open_table("console") == opened
                break
        else:
            continue
        break
    else:
        pytest.fail("the database never filled up")
    assert output(console).endswith(
        "error: Could not save (the disk is full); nothing changed, please try again.\n"
    )


async def test_a_write_cancelled_while_it_waits_for_the_lock_leaves_no_transaction_open(
    tmp_path: Path,
) -> None:
    store = await Store.open(tmp_path / "data" / "meeple.db", busy_timeout=5)

    async def set_version(version: int) -> None:
        async with store.database.write() as db:
            await db.execute(f"PRAGMA user_version = {version}")

    try:
        with lock_held(store.database.path):
            waiting = asyncio.create_task(set_version(1))
            await asyncio.sleep(0.3)  # its BEGIN waits for the other process's lock
            waiting.cancel()
            with pytest.raises(asyncio.CancelledError):
                await waiting
        # The BEGIN went through once the lock was free; it must have been rolled back.
        await set_version(7)
        assert tuple(await store.database.fetch_one("PRAGMA user_version") or ()) == (7,)
    finally:
        await store.close()
