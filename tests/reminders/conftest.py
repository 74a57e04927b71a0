from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.reminders import ReminderScheduler, ReminderStore
from bot.store import Store
from tests.reminders.clock import TestClock
from tests.reminders.support import RecordingDeliverer


@pytest.fixture
def clock() -> TestClock:
    return TestClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "meeple.db"


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    store = await Store.open(database_url)
    yield store
    await store.close()


@pytest.fixture
async def reminders(database_url: str, store: Store) -> AsyncIterator[ReminderStore]:
    reminders = await ReminderStore.open(database_url)
    yield reminders
    await reminders.close()


@pytest.fixture
def deliverer(clock: TestClock) -> RecordingDeliverer:
    return RecordingDeliverer(clock)


@pytest.fixture
async def scheduler(
    reminders: ReminderStore, deliverer: RecordingDeliverer, clock: TestClock
) -> AsyncIterator[ReminderScheduler]:
    scheduler = ReminderScheduler(
        reminders, deliverer, clock=clock, sleep=clock.sleep, game_name=lambda key: "Pile"
    )
    scheduler.start()
    yield scheduler
    await scheduler.stop()
