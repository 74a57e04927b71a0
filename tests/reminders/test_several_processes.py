"""Two schedulers on one database file — as two bot processes run them — send each reminder
once; a table claimed by a process that died is reminded by the other once the claim's lease
has run out, and only then."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

from bot.reminders import ReminderScheduler, ReminderStore
from bot.store import Store
from bot.store.database import Database
from tests.reminders.clock import TestClock, settled
from tests.reminders.support import ALICE, BOB, RecordingDeliverer, open_table

LEASE = timedelta(minutes=2)


@asynccontextmanager
async def process(
    database_url: str, clock: TestClock, deliverer: RecordingDeliverer, owner: str
) -> AsyncIterator[ReminderScheduler]:
    """A scheduler on a connection of its own, claiming as `owner`."""
    store = ReminderStore(await Database.open(database_url), owner=owner, lease=LEASE)
    scheduler = ReminderScheduler(
        store, deliverer, clock=clock, sleep=clock.sleep, game_name=lambda key: "Pile"
    )
    scheduler.start()
    try:
        yield scheduler
    finally:
        await scheduler.stop()
        await store.close()


async def test_two_processes_send_each_reminder_once(
    store: Store, database_url: str, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    tables = [
        await open_table(store, clock.now, [ALICE, BOB], to_act=[n % 2], channel=f"c{n}")
        for n in range(30)
    ]
    async with (
        process(database_url, clock, deliverer, "one") as one,
        process(database_url, clock, deliverer, "two") as two,
    ):
        for hours in (24, 24):
            await settled((one, two), clock)
            clock.advance(hours=hours)
            await settled((one, two), clock)

    sent = [(notice.table_id, notice.number) for notice in deliverer.reminders()]
    assert sorted(sent) == sorted((table, number) for table in tables for number in (1, 2))


async def test_a_table_claimed_by_a_process_that_died_is_reminded_after_the_lease(
    store: Store, database_url: str, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    clock.advance(hours=24)
    died = ReminderStore(await Database.open(database_url), owner="died", lease=LEASE)
    try:
        (claimed,) = await died.claim_due(clock.now, 100)  # … and the process is killed
    finally:
        await died.close()
    assert claimed.table_id == table_id

    async with process(database_url, clock, deliverer, "alive") as alive:
        await settled(alive, clock)
        clock.advance(seconds=LEASE.total_seconds() - 1)
        await settled(alive, clock)
        assert deliverer.sent == []
        clock.advance(seconds=1)
        await settled(alive, clock)

    (sent,) = deliverer.reminders()
    assert (sent.table_id, sent.number, [m.name for m in sent.recipients]) == (table_id, 1, ["bob"])
