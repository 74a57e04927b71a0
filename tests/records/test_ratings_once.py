"""Issue 14: a finished game's result and ratings are recorded exactly once — when its end is
delivered twice, by two processes at once, and when the process dies in between (the next
start records it)."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import Service
from bot.service import rating as ratings
from bot.store import Store
from tests.bot.helpers import ALICE, BOB, CHANNEL, fake_renderer, pile_catalog, start_table

ROOT = Path(__file__).resolve().parents[2]


def service_on(store: Store) -> Service:
    return Service(store, games=pile_catalog(), renderer=fake_renderer)


async def finish_pile_game(service: Service) -> int:
    """Play a pile game to its end (taking one counter each turn); the table's id."""
    seated = await start_table(service, [ALICE, BOB], size=5)
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None
    turn = 0
    while await service.store.tables.open_table(CHANNEL.id) is not None:
        await service.act(CHANNEL, seated[turn % 2], "take 1")
        turn += 1
    return table.id


async def rows(store: Store, sql: str) -> list[tuple[object, ...]]:
    return [tuple(row) for row in await store.database.fetch_all(sql)]


async def assert_rated_once(store: Store, table_id: int) -> None:
    """One result, two player results, each player's rating from exactly one game — the
    ratings openskill gives two new players after this game."""
    assert await rows(store, "SELECT table_id, rated FROM game_results") == [(table_id, 1)]
    players = await rows(store, "SELECT user_id, place FROM player_results ORDER BY seat")
    assert len(players) == 2
    outcomes = [
        ratings.Outcome(seat, str(user), int(str(place)), False)
        for seat, (user, place) in enumerate(players)
    ]
    expected = ratings.rate(outcomes, {})
    stored = await rows(store, "SELECT user_id, mu, sigma, games FROM ratings ORDER BY user_id")
    assert stored == sorted((user, *expected[user], 1) for user in expected)


async def test_the_end_is_recorded_when_the_last_move_is_saved(store: Store) -> None:
    table_id = await finish_pile_game(service_on(store))
    await assert_rated_once(store, table_id)


async def test_an_end_delivered_twice_changes_nothing(store: Store) -> None:
    service = service_on(store)
    table_id = await finish_pile_game(service)
    assert await service.record_result(table_id) is False
    assert await service.record_result(table_id) is False
    assert await service.catch_up_results() == 0
    await assert_rated_once(store, table_id)


async def test_two_processes_delivering_the_same_end_at_once_record_it_once(
    db_path: Path,
) -> None:
    async with await Store.open(db_path) as store:
        table_id = await finish_pile_game(service_on(store))
        # Forget the result recorded with the last move: both "processes" find none.
        async with store.database.write() as db:
            await db.execute("DELETE FROM game_results")
            await db.execute("DELETE FROM ratings")
    async with await Store.open(db_path) as one, await Store.open(db_path) as other:
        done = await asyncio.gather(
            *(service_on(s).record_result(table_id) for s in (one, other, one, other))
        )
        assert sorted(done) == [False, False, False, True]
        await assert_rated_once(one, table_id)


@pytest.mark.parametrize("when", ["before", "during"])
async def test_a_process_killed_at_the_end_leaves_it_to_the_next_start(
    db_path: Path, when: str
) -> None:
    db_path.parent.mkdir(parents=True, exist_ok=True)
    dying = subprocess.run(
        [sys.executable, "-m", "tests.records.dying_worker", str(db_path), when],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert dying.returncode == -signal.SIGKILL, dying.stderr
    async with await Store.open(db_path) as store:
        (table,) = await rows(store, "SELECT id, status FROM game_tables")
        assert table[1] == "finished"
        assert await rows(store, "SELECT * FROM game_results") == []
        assert await rows(store, "SELECT * FROM ratings") == []
        service = service_on(store)
        await service.record_past_results()  # the next start
        await assert_rated_once(store, int(str(table[0])))
        assert await service.record_result(int(str(table[0]))) is False
    async with await Store.open(db_path) as store:  # and the one after
        await service_on(store).record_past_results()
        await assert_rated_once(store, int(str(table[0])))
