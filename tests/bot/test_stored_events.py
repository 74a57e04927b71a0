"""An action's events are stored compact (bot/store/events.py, migration 0019) and read back
exactly as the engine said them — worded alike in every language — and the rows older
versions wrote (JSON text of message data, or plain English) still read back."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

import engine
from bot.store import NewAction, Store, TableRecord, TableUpdate
from bot.store.dialect import Dialect
from bot.store.migrations import MIGRATIONS_DIR
from bot.store.values import stored_messages
from engine.core import Message, msg, plural_msg, term
from engine.core.i18n import LANGUAGES, word
from engine.core.messages import comma_chain
from engine.core.playout import choose_by_kind
from engine.core.rng import Rng
from tests.bot.helpers import started_store_table
from tests.support.postgres_server import PostgresServer

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)

#: Events of every shape a parameter can take.
SHAPES = [
    msg("{player} takes {goods}", player="bob", goods=[term("wood", "resource"), "Zölle"]),
    plural_msg("{count} point", "{count} points", count=1, why=term("stone", "resource")),
    plural_msg("{count} point", "{count} points", count=3),
    msg("{first}", first=comma_chain([term("wood", "resource"), term("brick", "resource")])),
    msg("round {round} begins", round=0),
    msg("empty list {items}", items=[]),
    msg("nested {items}", items=[["a", 1], [msg("x {y}", y="z")]]),
    Message("no parameters"),
    Message("a word", context="a context"),
]


def _words(events: list[Message]) -> list[list[str]]:
    return [[word(event, language) for event in events] for language in LANGUAGES]


async def _started(store: Store) -> TableRecord:
    return await started_store_table(store, "{}", NOW)


async def _log(store: Store, table: TableRecord, events: list[Message]) -> TableRecord:
    action = NewAction(0, "u1", "move", "act", events, False)
    await store.actions.commit_action(table, action, TableUpdate("{}", [0], NOW, False), NOW)
    moved = await store.tables.table(table.id)
    assert moved is not None
    return moved


async def test_every_shape_of_message_reads_back_exactly(store: Store, database_url: str) -> None:
    table = await _log(store, await _started(store), SHAPES)
    (logged,) = await store.actions.recent_actions(table.id, 1)
    assert logged.events == SHAPES
    assert [event.to_data() for event in logged.events] == [e.to_data() for e in SHAPES]
    assert _words(logged.events) == _words(SHAPES)
    # A fresh store on the same database (another process) knows no ids yet: it reads them.
    async with await Store.open(database_url) as other:
        (again,) = await other.actions.recent_actions(table.id, 1)
    assert again.events == SHAPES


@pytest.mark.parametrize("key", [game.info.key for game in engine.all_games()])
async def test_a_games_events_read_back_in_every_language(store: Store, key: str) -> None:
    """The events of a random game's first 80 actions, logged and read back: equal messages,
    worded alike in English and German."""
    game = engine.get(key)
    state = game.new_game(["alice", "bob", "carol"][: max(2, game.info.min_players)], 5)
    rng = Rng(seed=5)
    played: list[list[Message]] = []
    table = await _started(store)
    while len(played) < 80 and not game.is_over(state):
        seat = min(game.to_act(state))
        action = choose_by_kind(rng, game.legal_acting(state, seat), lambda a: a.kind)
        state, events = game.play_listed(state, seat, action)
        played.append([event.message for event in events])
        table = await _log(store, table, played[-1])
    logged = await store.actions.actions_from(table.id, 1)
    assert [action.events for action in logged] == played
    assert [_words(action.events) for action in logged] == [_words(e) for e in played]


async def test_stored_events_are_small(store: Store) -> None:
    """Each template is kept once per database; a row holds ids and parameters, compressed."""
    table = await _started(store)
    for _ in range(3):
        table = await _log(store, table, SHAPES)
    rows = await store.database.fetch_all(
        "SELECT events_json FROM actions WHERE table_id = ?", (table.id,)
    )
    assert all(len(row["events_json"]) < len(stored_messages(SHAPES)) / 3 for row in rows)
    templates = await store.database.fetch_one("SELECT COUNT(*) FROM message_templates")
    assert templates is not None and templates[0] == 13  # the distinct templates of SHAPES, once


@pytest.fixture
async def unmigrated_url(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> AsyncIterator[str]:
    """A database without any migration yet, on the test's backend."""
    if backend == "sqlite":
        yield f"sqlite:///{tmp_path / 'older.db'}"
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = await server.new_database(migrated=False)
    yield url
    await server.drop_database(url)


async def test_rows_written_before_migration_0019_still_read(
    unmigrated_url: str, tmp_path: Path
) -> None:
    """A database made by the migrations before 0019, with events as older versions wrote
    them, migrated to the current schema: those rows read back as they were written, and new
    ones are kept compact beside them."""
    older = tmp_path / "older-migrations"
    older.mkdir()
    for path in MIGRATIONS_DIR.glob("*.sql"):
        if int(path.name[:4]) < 19:
            shutil.copy(path, older)
    as_data = stored_messages(SHAPES)
    plain = '["bob took wood", "the round ends"]'
    async with await Store.open(unmigrated_url, migrations_dir=older) as store:
        table = await _started(store)
        async with store.database.write() as db:
            for number, text in enumerate([as_data, plain], start=1):
                await db.execute(
                    "INSERT INTO actions (table_id, number, seat, user_id, kind, text, "
                    "events_json, reveals, created_at) VALUES (?, ?, 0, 'u1', 'move', 'act', "
                    "?, 0, ?)",
                    (table.id, number, text, NOW.isoformat()),
                )
            await db.execute("UPDATE game_tables SET move_count = 2 WHERE id = ?", (table.id,))
    async with await Store.open(unmigrated_url) as store:
        moved = await store.tables.table(table.id)
        assert moved is not None
        await _log(store, moved, SHAPES)
        first, second, third = await store.actions.actions_from(table.id, 1)
        column = await store.database.fetch_one(
            "SELECT events_json FROM actions WHERE table_id = ? AND number = 1", (table.id,)
        )
    assert first.events == SHAPES and _words(first.events) == _words(SHAPES)
    assert second.events == [Message("bob took wood"), Message("the round ends")]
    assert third.events == SHAPES
    assert column is not None
    if store.database.dialect is Dialect.POSTGRESQL:
        assert column[0] == as_data.encode()  # BYTEA now, the JSON kept as its bytes
    else:
        assert column[0] == as_data
