from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import Service
from bot.store import Store
from tests.bot.helpers import ManualClock, fake_renderer, pile_catalog


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "meeple.db"


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    store = await Store.open(database_url)
    yield store
    await store.close()


@pytest.fixture
def service(store: Store, clock: ManualClock) -> Service:
    return Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
