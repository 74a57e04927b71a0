"""`python -m bot migrate-store`: a populated SQLite store copied into an empty PostgreSQL
database — every table, the counts checked, the sequences set — whose games then continue
there; a target holding data is refused."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path

import pytest

from bot.__main__ import migrate_store
from bot.reminders import ReminderStore
from bot.reminders.model import NotificationPrefs
from bot.service import Channel, Service
from bot.store import Store
from bot.store.transfer import table_names
from bot.store.values import stored_messages
from engine.core import msg
from tests.bot.helpers import ALICE, BOB, CAROL, ManualClock, fake_renderer, pile_catalog
from tests.records.games import play_to_the_end
from tests.support.pile_game import PileGame
from tests.support.postgres_server import PostgresServer

FINISHED = Channel("finished", "guild-1")
RUNNING = Channel("running", "guild-1")
LOBBY = Channel("lobby", "guild-2")


@pytest.fixture
async def postgres_url(postgres_server: PostgresServer) -> AsyncIterator[str]:
    url = await postgres_server.new_database()
    yield url
    await postgres_server.drop_database(url)


async def _play_first_legal(service: Service, channel: Channel) -> None:
    table = await service.store.tables.open_table(channel.id)
    assert table is not None and table.state_json is not None
    seats = {seat.seat: seat.user_id for seat in await service.store.tables.seats(table.id)}
    seat = table.to_act[0]
    user = next(u for u in (ALICE, BOB, CAROL) if u.id == seats[seat])
    game = PileGame()
    text = game.legal_actions(game.load_state(table.state_json), seat)[0]
    await service.act(channel, user, text)


async def _populate(path: Path, clock: ManualClock) -> None:
    """A store using every table: a finished, rated game; a running one with a move, an open
    undo request, a preview, standing answers and reminder settings; a lobby; the ledger;
    an absence and notification preferences."""
    async with await Store.open(path) as store:
        service = Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
        await play_to_the_end(service, FINISHED, [ALICE, BOB], "pile", {"size": "9"}, 3)
        await service.create_table(RUNNING, ALICE, "pile", {"size": "40"}, 5)
        await service.join(RUNNING, BOB)
        await service.join(RUNNING, CAROL)
        await service.start(RUNNING, ALICE)
        for _ in range(3):
            clock.advance(minutes=5)
            await _play_first_legal(service, RUNNING)
        running = await store.tables.open_table(RUNNING.id)
        assert running is not None
        await store.answers.set_answer(running.id, 1, "pass", True, clock())
        await store.confirmations.create(
            kind="move",
            table_id=running.id,
            table_version=running.version,
            channel_id=RUNNING.id,
            user_id=ALICE.id,
            action="take 1",
            now=clock(),
        )
        last = (await store.actions.recent_actions(running.id, 1))[0]
        mover = next(u for u in (ALICE, BOB, CAROL) if u.id == last.user_id)
        await service.request_undo(RUNNING, mover)
        voter = next(u for u in (ALICE, BOB, CAROL) if u is not mover)
        await service.approve_undo(RUNNING, voter)
        reminders = ReminderStore.sharing(store)
        await reminders.save_prefs(
            NotificationPrefs(BOB.id, dm=True, zone="Europe/Berlin"), clock()
        )
        await store.ledger.remember_lobby(running.id, RUNNING.id, "message-1")
        await reminders.set_reminders(
            running.id, enabled=True, interval=timedelta(hours=6), by=ALICE.id, now=clock()
        )
        await service.create_table(LOBBY, CAROL, "pile", {"size": "12"}, 9)
        for user in (ALICE, BOB):  # joined in this order at the same moment
            await service.join(LOBBY, user)
        await store.ledger.claim_interaction(1234, clock())
        await store.ledger.set_meta("commands_hash:global", "abc", clock())
        await store.absences.set_away(BOB.id, clock() + timedelta(days=3), clock())
    # The finished game's first action as versions before migration 0019 kept its events.
    with sqlite3.connect(path) as db:
        db.execute(
            "UPDATE actions SET events_json = ? WHERE number = 1 AND table_id = "
            "(SELECT MIN(id) FROM game_tables)",
            (stored_messages([msg("{player} takes {count}", player="alice", count=2)]),),
        )


async def test_a_populated_sqlite_store_moves_to_postgresql_and_plays_on(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = ManualClock()
    path = tmp_path / "data" / "meeple.db"
    await _populate(path, clock)

    assert await migrate_store(f"sqlite:///{path}", postgres_url) == 0
    printed = capsys.readouterr().out

    async with await Store.open(path) as old, await Store.open(postgres_url) as new:
        names = await table_names(old.database)
        assert names == await table_names(new.database)
        for name in names:
            count = "SELECT COUNT(*) FROM " + name
            before, after = await old.database.fetch_one(count), await new.database.fetch_one(count)
            assert before is not None and after is not None and before[0] == after[0], name
        assert "Copied" in printed and "undo_votes" in printed
        for channel in (FINISHED, RUNNING, LOBBY):
            was, now = (
                await old.tables.latest_table(channel.id),
                await new.tables.latest_table(channel.id),
            )
            assert was == now
            assert was is not None
            assert await old.tables.seats(was.id) == await new.tables.seats(was.id)
            assert await old.actions.recent_actions(was.id, 99) == await new.actions.recent_actions(
                was.id, 99
            )
        lobby = await new.tables.open_table(LOBBY.id)
        assert lobby is not None
        joined = [seat.user_id for seat in await new.tables.seats(lobby.id)]
        assert joined == [CAROL.id, ALICE.id, BOB.id]
        old_board = await old.results.leaderboard("guild-1", "pile", 10)
        assert old_board and old_board == await new.results.leaderboard("guild-1", "pile", 10)
        assert await new.ledger.claim_interaction(1234, clock()) is False
        assert await new.ledger.meta("commands_hash:global") == "abc"

    # The games continue on PostgreSQL; new rows number on after the copied ones.
    async with await Store.open(postgres_url) as store:
        service = Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
        running = await store.tables.open_table(RUNNING.id)
        assert running is not None
        clock.advance(minutes=5)
        await _play_first_legal(service, RUNNING)
        after = await store.tables.open_table(RUNNING.id)
        assert after is not None and after.move_count == running.move_count + 1
        await service.start(LOBBY, CAROL)
        fresh = Channel("fresh", "guild-1")
        await play_to_the_end(service, fresh, [BOB, CAROL], "pile", {"size": "7"}, 11)
        newest = await store.tables.latest_table(fresh.id)
        assert newest is not None and running.id < newest.id
        confirmation = await store.confirmations.create(
            kind="resign", table_id=running.id, table_version=after.version,
            channel_id=RUNNING.id, user_id=BOB.id, action="", now=clock(),
        )  # fmt: skip
        assert confirmation > 1


async def test_a_target_holding_data_is_refused(
    tmp_path: Path, postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "meeple.db"
    await _populate(path, ManualClock())
    async with await Store.open(postgres_url) as store:
        await store.ledger.set_meta("already", "here", ManualClock()())

    assert await migrate_store(f"sqlite:///{path}", postgres_url) == 2
    assert "already holds data (in discord_meta)" in caplog.text
    async with await Store.open(postgres_url) as store:
        assert await store.tables.latest_table(RUNNING.id) is None
