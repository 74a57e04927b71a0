"""PostgreSQL's storage faults come out as SQLite's do: a lock held too long by another
process is "busy", a server gone away "cannot be reached" — each a StorageFault after the
transaction was rolled back, nothing changed — and a server that cannot be reached at start
a DatabaseUnavailable with one line for the operator."""

from __future__ import annotations

import asyncio
import socket

import asyncpg
import pytest

from bot.service import Service
from bot.store import DatabaseUnavailable, Problem, StorageFault, Store
from tests.bot.helpers import ALICE, BOB, CHANNEL, fake_renderer, pile_catalog, start_table

pytestmark = pytest.mark.backends("postgresql")


async def _playing(database_url: str) -> tuple[Store, Service]:
    store = await Store.open(database_url, busy_timeout=0.3)
    service = Service(store, games=pile_catalog(), renderer=fake_renderer)
    await start_table(service, [ALICE, BOB])
    return store, service


async def test_a_lock_held_by_another_process_is_busy_and_changes_nothing(
    database_url: str,
) -> None:
    store, service = await _playing(database_url)
    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    seats = {seat.seat: seat.user_id for seat in await store.tables.seats(table.id)}
    mover = ALICE if seats[table.to_act[0]] == ALICE.id else BOB
    other = await asyncpg.connect(database_url)
    try:
        async with other.transaction():
            await other.execute("SELECT 1 FROM game_tables WHERE id = $1 FOR UPDATE", table.id)
            with pytest.raises(StorageFault) as caught:
                await service.act(CHANNEL, mover, "take 1")
        assert caught.value.problem is Problem.BUSY
        assert str(caught.value) == (
            "Could not save (the database is busy); nothing changed, please try again."
        )
        assert await store.tables.open_table(CHANNEL.id) == table
        assert await store.actions.recent_actions(table.id, 5) == []
        await service.act(CHANNEL, mover, "take 1")  # the lock is gone: it goes through
        assert len(await store.actions.recent_actions(table.id, 5)) == 1
    finally:
        await other.close()
        await store.close()


async def test_a_connection_lost_mid_write_cannot_be_reached_and_changes_nothing(
    database_url: str,
) -> None:
    store, _ = await _playing(database_url)
    before = await store.tables.open_table(CHANNEL.id)
    admin = await asyncpg.connect(database_url)
    try:
        with pytest.raises(StorageFault) as caught:
            async with store.database.write() as db:
                await db.execute("UPDATE game_tables SET version = version + 1")
                row = await db.fetch_one("SELECT pg_backend_pid()")
                assert row is not None
                await admin.execute("SELECT pg_terminate_backend($1)", row[0])
                await asyncio.sleep(0.2)  # the server's goodbye arrives
                await db.execute("UPDATE game_tables SET move_count = 99")
    finally:
        await admin.close()
    assert caught.value.problem is Problem.UNREACHABLE
    assert str(caught.value).startswith("Could not save (the database server cannot be reached)")
    assert await store.tables.open_table(CHANNEL.id) == before  # the pool connects again
    await store.close()


async def test_a_server_that_cannot_be_reached_at_start_stops_with_one_line() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free, so nothing listens there
    with pytest.raises(DatabaseUnavailable) as caught:
        await Store.open(f"postgresql://meeple:secret@127.0.0.1:{port}/meeple")
    text = caught.value.startup_text()
    where = f"postgresql://meeple:***@127.0.0.1:{port}/meeple"
    assert text.startswith(f"Cannot start: the PostgreSQL server at {where} cannot be reached")
    assert "secret" not in text and "\n" not in text
