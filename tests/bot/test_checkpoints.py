"""Which positions a table keeps (bot/store/checkpoints.py), and how states are stored."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection
from datetime import UTC, datetime

import pytest

from bot.store import NewAction, Store, TableRecord, TableUpdate
from bot.store.checkpoints import CHECKPOINT_EVERY
from bot.store.values import read_state
from tests.bot.helpers import started_store_table

NOW = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _state(number: int) -> str:
    return json.dumps({"n": number})


async def _started(store: Store) -> TableRecord:
    return await started_store_table(store, _state(0), NOW)


async def _play(
    store: Store,
    table: TableRecord,
    count: int,
    *,
    reveals: Collection[int] = (),
    end: int = 0,
) -> TableRecord:
    """`count` actions after `table`'s last; those numbered in `reveals` reveal something,
    the one numbered `end` ends the game."""
    for number in range(table.move_count + 1, table.move_count + count + 1):
        action = NewAction(0, "u1", "move", f"take {number}", [], number in reveals)
        update = TableUpdate(_state(number), [0], NOW, finished=number == end)
        await store.actions.commit_action(table, action, update, NOW)
        table = await store.tables.table(table.id) or table
    return table


async def _kept(store: Store, table_id: int) -> dict[int, str]:
    rows = await store.database.fetch_all(
        "SELECT number, state FROM checkpoints WHERE table_id = ? ORDER BY number", (table_id,)
    )
    return {row["number"]: read_state(row["state"]) for row in rows}


async def test_a_running_table_keeps_its_start_and_every_32nd_position(store: Store) -> None:
    table = await _play(store, await _started(store), 2 * CHECKPOINT_EVERY + 5)
    kept = await _kept(store, table.id)
    assert kept == {n: _state(n) for n in (0, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY)}
    # The nearest position kept before an action: at the latest the one after the action
    # before it.
    for number, nearest in ((1, 0), (CHECKPOINT_EVERY, 0), (CHECKPOINT_EVERY + 1, 32), (70, 64)):
        checkpoint = await store.actions.checkpoint_before(table.id, number)
        assert checkpoint is not None
        assert (checkpoint.number, checkpoint.state_json) == (nearest, _state(nearest))


async def test_a_revealing_action_drops_the_positions_before_it_but_the_start(
    store: Store,
) -> None:
    table = await _play(store, await _started(store), 40, reveals={35})
    assert list(await _kept(store, table.id)) == [0, 35]
    table = await _play(store, table, 30)
    assert list(await _kept(store, table.id)) == [0, 35, 2 * CHECKPOINT_EVERY]
    nearest = await store.actions.checkpoint_before(table.id, 50)
    assert nearest is not None and (nearest.number, nearest.state_json) == (35, _state(35))


async def test_a_table_that_no_longer_runs_keeps_only_its_start(store: Store) -> None:
    finished = await _play(store, await _started(store), 40, end=40)
    assert finished.status == "finished"
    assert list(await _kept(store, finished.id)) == [0]

    abandoned = await _play(store, await _started(store), 40)
    await store.tables.end(abandoned, "abandoned", NOW)
    assert await _kept(store, abandoned.id) == {0: _state(0)}


async def test_an_undo_drops_the_positions_after_the_one_it_restores(store: Store) -> None:
    table = await _play(store, await _started(store), 40)
    restored = TableUpdate(_state(29), [0], NOW, False)
    await store.undo.take_back(table, None, 30, restored, ["#30 …"], NOW)
    assert list(await _kept(store, table.id)) == [0]
    assert [a.number for a in await store.actions.actions_from(table.id, 1)] == list(range(1, 30))


@pytest.mark.backends("sqlite")  # SQLite's own file, and the JSON text it kept before 0011
async def test_states_are_stored_compressed_and_json_text_still_reads(store: Store) -> None:
    table = await _play(store, await _started(store), CHECKPOINT_EVERY)
    with sqlite3.connect(store.database.path) as db:
        kinds = db.execute(
            "SELECT typeof(state_json) FROM game_tables UNION ALL "
            "SELECT typeof(state) FROM checkpoints"
        ).fetchall()
        assert kinds == [("blob",)] * 3
        # As older versions stored it (and migration 0011 leaves it): JSON text.
        db.execute("UPDATE game_tables SET state_json = ?", (_state(99),))
    current = await store.tables.table(table.id)
    assert current is not None and current.state_json == _state(99)
