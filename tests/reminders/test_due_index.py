"""Due reminders are found through an indexed due time on each table (`remind_at`): a scan
reads only the tables due, never every table, never a state snapshot; every write that
changes when a table is due keeps the column true."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest

from bot.reminders import NotificationPrefs, QuietHours, ReminderScheduler, ReminderStore
from bot.store import MIGRATIONS_DIR, Database, Store
from bot.store.reminder_due import from_micros
from tests.reminders.clock import TestClock, pass_time
from tests.reminders.support import ALICE, BOB, RecordingDeliverer, move, open_table
from tests.support.sql_trace import full_scans, plan, queries, statements_run

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


async def remind_at(store: Store, table_id: int) -> datetime | None:
    (value,) = await store.database.fetch_one(
        "SELECT remind_at FROM game_tables WHERE id = ?", (table_id,)
    )
    return None if value is None else from_micros(value)


def quiet_scheduler(
    reminders: ReminderStore, deliverer: RecordingDeliverer, clock: TestClock
) -> ReminderScheduler:
    """A scheduler the test runs pass by pass (`run_once`), never in the background."""
    return ReminderScheduler(reminders, deliverer, clock=clock, sleep=clock.sleep)


@pytest.mark.backends("sqlite")  # SQLite's trace and query plans
async def test_a_scan_reads_only_the_tables_due_and_searches_them_by_index(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    first_start = clock.now
    for number in range(20):  # started an hour apart: one is due at a time
        await open_table(store, clock.now, [ALICE, BOB], to_act=[1], channel=f"chan-{number}")
        clock.advance(hours=1)
    clock.set(first_start + DAY)
    scheduler = quiet_scheduler(reminders, deliverer, clock)

    async with statements_run(reminders.database) as statements:
        next_due = await scheduler.run_once()

    assert [(n.channel_id, n.number) for n in deliverer.reminders()] == [("chan-0", 1)]
    assert next_due == first_start + DAY + HOUR  # the next table, an hour later
    ran = queries(statements)
    assert ran, "the scan ran no query"
    for statement in ran:
        assert "state_json" not in statement
        assert full_scans(reminders.database, statement, "game_tables", "t") == [], statement


@pytest.mark.backends("sqlite")  # SQLite's trace and query plans
async def test_the_next_due_time_is_read_from_the_index_too(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    for number in range(5):
        await open_table(store, clock.now, [ALICE, BOB], to_act=[1], channel=f"chan-{number}")
    async with statements_run(reminders.database) as statements:
        assert await reminders.next_due() == clock.now + DAY
    [statement] = queries(statements)
    [step] = plan(reminders.database, statement)
    assert step.startswith("SEARCH game_tables USING COVERING INDEX game_tables_by_remind_at")


async def test_moves_and_ends_keep_the_due_time_true(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    assert await remind_at(store, table_id) == clock.now + DAY
    clock.advance(hours=5)
    await move(store, clock.now, table_id, seat=1, to_act=[0])
    assert await remind_at(store, table_id) == clock.now + DAY
    clock.advance(hours=1)
    await move(store, clock.now, table_id, seat=0, to_act=[])  # the game ends
    assert await remind_at(store, table_id) is None

    other = await open_table(store, clock.now, [ALICE, BOB], to_act=[0], channel="chan-2")
    record = await store.tables.table(other)
    assert record is not None
    await store.tables.end(record, "abandoned", clock.now)
    assert await remind_at(store, other) is None
    assert await reminders.next_due() is None


async def test_remind_brings_the_look_forward_and_the_scan_stores_the_exact_time(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    scheduler = quiet_scheduler(reminders, deliverer, clock)
    clock.advance(hours=3)
    await reminders.set_reminders(
        table_id, enabled=True, interval=2 * HOUR, by=ALICE, now=clock.now
    )
    assert await remind_at(store, table_id) == clock.now  # look at it now
    assert await scheduler.run_once() == clock.now + 2 * HOUR
    assert await remind_at(store, table_id) == clock.now + 2 * HOUR
    assert deliverer.sent == []

    clock.advance(hours=1)
    await move(store, clock.now, table_id, seat=1, to_act=[0])
    assert await remind_at(store, table_id) == clock.now + 2 * HOUR  # the table's interval

    await reminders.set_reminders(
        table_id, enabled=False, interval=2 * HOUR, by=ALICE, now=clock.now
    )
    assert await scheduler.run_once() is None
    assert await remind_at(store, table_id) is None
    await move(store, clock.now, table_id, seat=0, to_act=[1])
    assert await remind_at(store, table_id) is None  # reminders are off


async def test_quiet_hours_set_later_are_taken_into_account(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    # Due at 12:00 UTC, 21:00 in Tokyo, where bob now sleeps from 20:00 to 08:00.
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    scheduler = quiet_scheduler(reminders, deliverer, clock)
    tokyo = QuietHours(time(20), time(8), "Asia/Tokyo")
    await reminders.save_prefs(NotificationPrefs(BOB, quiet=tokyo, zone=tokyo.zone), clock.now)
    assert await remind_at(store, table_id) == clock.now
    assert await scheduler.run_once() == datetime(2026, 1, 6, 23, 0, tzinfo=UTC)
    assert await remind_at(store, table_id) == datetime(2026, 1, 6, 23, 0, tzinfo=UTC)


async def test_a_stalled_table_is_not_looked_at_again_until_it_moves(
    store: Store, reminders: ReminderStore, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    scheduler = quiet_scheduler(reminders, deliverer, clock)
    for _ in range(6):
        clock.advance(days=1)
        await scheduler.run_once()
    assert len(deliverer.reminders()) == 5 and len(deliverer.stalls()) == 1
    assert await remind_at(store, table_id) is None
    await move(store, clock.now, table_id, seat=1, to_act=[0])
    assert await remind_at(store, table_id) == clock.now + DAY


async def test_the_migration_fills_the_due_time_of_running_tables(
    tmp_path: Path, clock: TestClock
) -> None:
    path = tmp_path / "old.db"
    older = tmp_path / "older"
    older.mkdir()
    for migration in sorted(MIGRATIONS_DIR.glob("*.sql"))[:4]:
        (older / migration.name).write_text(migration.read_text())
    await (await Database.open(path, migrations_dir=older)).close()
    moved = datetime(2026, 1, 5, 9, 30, 15, 123456, tzinfo=UTC)
    with sqlite3.connect(path) as db:
        for status, seed in (("active", 1), ("finished", 2), ("lobby", 3)):
            db.execute(
                "INSERT INTO game_tables (channel_id, game_key, seed, creator_id, status, "
                "created_at, updated_at, to_act_json) VALUES (?, 'pile', ?, ?, ?, ?, ?, '[1]')",
                (f"chan-{seed}", seed, ALICE, status, moved.isoformat(), moved.isoformat()),
            )
        db.execute("INSERT INTO table_reminders (table_id, interval_seconds) VALUES (1, 7200)")

    store = await Store.open(path)
    try:
        due = await remind_at(store, 1)
        assert due is not None
        assert moved + 2 * HOUR - timedelta(seconds=2) <= due <= moved + 2 * HOUR
        assert await remind_at(store, 2) is None and await remind_at(store, 3) is None
    finally:
        await store.close()


async def test_more_tables_due_than_one_pass_takes_are_all_reminded_once(
    store: Store,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.reminders.scheduler.PASS_SIZE", 3)
    for number in range(8):
        await open_table(store, clock.now, [ALICE, BOB], to_act=[1], channel=f"chan-{number}")
    await pass_time(scheduler, clock, hours=24)
    assert sorted(n.channel_id for n in deliverer.reminders()) == [f"chan-{n}" for n in range(8)]
    assert {n.number for n in deliverer.reminders()} == {1}
