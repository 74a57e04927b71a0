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
async def store(db_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
async def reminders(db_path: Path, store: Store) -> AsyncIterator[ReminderStore]:
    reminders = await ReminderStore.open(db_path)
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
