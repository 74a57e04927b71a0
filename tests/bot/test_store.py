"""The store: migrations, one open table per channel, versioned writes."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.store import (
    ChannelBusy,
    Database,
    MigrationError,
    NewAction,
    StaleVersion,
    Store,
    TableRecord,
    TableUpdate,
    applied_version,
    migrate,
)
from bot.store.dialect import Dialect
from bot.store.migrations import discover, statements
from engine.core import Message, msg, term

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return db.execute(
            "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name"
        ).fetchall()


async def test_migrations_build_the_schema_from_an_empty_database(db_path: Path) -> None:
    store = await Store.open(db_path)
    migrations = discover()
    assert await store.schema_version() == migrations[-1].version
    await store.close()
    with sqlite3.connect(db_path) as db:
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
        recorded = db.execute("SELECT version, name FROM schema_version ORDER BY version")
        assert recorded.fetchall() == [(m.version, m.name) for m in migrations]
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert {"game_tables", "seats", "actions", "undo_requests", "undo_votes"} <= names
    assert "game_tables_one_open_per_channel" in names


async def test_both_backends_record_the_same_migrations(store: Store) -> None:
    recorded = await store.database.fetch_all(
        "SELECT version, name FROM schema_version ORDER BY version"
    )
    expected = [(m.version, m.name) for m in discover(dialect=store.database.dialect)]
    assert [(row["version"], row["name"]) for row in recorded] == expected
    assert expected == [(m.version, m.name) for m in discover()]


async def test_running_the_migrations_again_changes_nothing(db_path: Path) -> None:
    await (await Store.open(db_path)).close()
    before = _schema(db_path)
    async with await Database.open(db_path) as database:
        assert await migrate(database) == []
        assert await applied_version(database) == discover()[-1].version
    await (await Store.open(db_path)).close()
    assert _schema(db_path) == before


async def test_migrations_run_in_order_and_a_failing_one_leaves_no_trace(tmp_path: Path) -> None:
    folder = tmp_path / "migrations"
    folder.mkdir()
    (folder / "0002_fill.sql").write_text("INSERT INTO numbers VALUES (2);\n")
    (folder / "0001_create.sql").write_text("CREATE TABLE numbers (n INTEGER);\n")
    (folder / "0003_broken.sql").write_text(
        "CREATE TABLE doomed (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\n"
    )
    path = tmp_path / "t.db"
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        await Database.open(path, migrations_dir=folder)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT MAX(version) FROM schema_version").fetchone() == (2,)
        assert db.execute("SELECT name FROM sqlite_master WHERE name = 'doomed'").fetchall() == []
        assert db.execute("SELECT n FROM numbers").fetchall() == [(2,)]
    (folder / "0003_broken.sql").write_text("CREATE TABLE fixed (x INTEGER);\n")
    async with await Database.open(path, migrations_dir=folder) as database:
        assert await applied_version(database) == 3
        assert await migrate(database, folder) == []
        assert await database.fetch_all("SELECT x FROM fixed") == []


def test_a_badly_named_migration_is_refused(tmp_path: Path) -> None:
    (tmp_path / "1_initial.sql").write_text("SELECT 1;")
    with pytest.raises(MigrationError, match=r"NNNN_name\.sql"):
        discover(tmp_path)


def test_statements_keep_triggers_whole_and_drop_comments() -> None:
    sql = (
        "-- a comment; with a semicolon\n"
        "CREATE TABLE t (x INTEGER);\n"
        "CREATE TRIGGER t_guard BEFORE INSERT ON t BEGIN\n"
        "  SELECT RAISE(ABORT, 'no');\n"
        "END;\n"
        "-- trailing comment\n"
    )
    parts = statements(sql)
    assert len(parts) == 2
    assert parts[1].startswith("CREATE TRIGGER") and parts[1].endswith("END;")


async def _new_table(store: Store, channel: str = "c1") -> TableRecord:
    return await store.tables.create_table(
        channel_id=channel,
        guild_id="g1",
        game_key="pile",
        options={"size": 10},
        seed=7,
        creator_id="u1",
        creator_name="alice",
        now=NOW,
    )


async def test_a_channel_has_at_most_one_open_table(store: Store) -> None:
    first = await _new_table(store, "c1")
    with pytest.raises(ChannelBusy):
        await _new_table(store, "c1")
    await _new_table(store, "c2")
    await store.tables.end(first, "abandoned", NOW)
    replacement = await _new_table(store, "c1")
    assert replacement.id != first.id
    open_table = await store.tables.open_table("c1")
    assert open_table is not None and open_table.id == replacement.id


async def _started(store: Store) -> TableRecord:
    table = await _new_table(store)
    await store.tables.add_seat(table, "u2", "bob", NOW)
    table = await store.tables.table(table.id) or table
    await store.tables.start(table, ["u2", "u1"], TableUpdate('{"n": 0}', [0], NOW, False), NOW)
    started = await store.tables.table(table.id)
    assert started is not None
    return started


def _action(text: str) -> NewAction:
    return NewAction(0, "u2", "move", text, [msg("bob plays {text}", text=text)], False)


async def test_a_write_from_a_stale_version_changes_nothing(store: Store) -> None:
    table = await _started(store)
    assert [seat.user_id for seat in await store.tables.seats(table.id)] == ["u2", "u1"]
    number = await store.actions.commit_action(
        table, _action("one"), TableUpdate('{"n": 1}', [1], NOW, False), NOW
    )
    assert number == 1
    with pytest.raises(StaleVersion):
        await store.actions.commit_action(
            table, _action("two"), TableUpdate('{"n": 2}', [1], NOW, False), NOW
        )
    current = await store.tables.table(table.id)
    assert current is not None
    assert (current.version, current.move_count, current.state_json) == (
        table.version + 1,
        1,
        '{"n": 1}',
    )
    assert [action.text for action in await store.actions.recent_actions(table.id, 10)] == ["one"]


async def test_a_finishing_move_closes_the_table(store: Store) -> None:
    table = await _started(store)
    await store.actions.commit_action(
        table, _action("last"), TableUpdate("{}", [], None, True), NOW
    )
    finished = await store.tables.table(table.id)
    assert finished is not None and finished.status == "finished"
    assert finished.ended_at == NOW
    assert await store.tables.open_table(table.channel_id) is None


async def test_an_action_keeps_its_real_text_and_a_public_one_for_the_others(
    store: Store,
) -> None:
    table = await _started(store)
    secret = NewAction(0, "u2", "move", "keep statue", [], False, public_text="keep a card")
    await store.actions.commit_action(
        table, secret, TableUpdate("{}", [1], NOW, False, [0, 1]), NOW
    )
    table = await store.tables.table(table.id) or table
    assert (table.to_act, table.round_seats) == ([1], [0, 1])
    await store.actions.commit_action(
        table, _action("done"), TableUpdate("{}", [0], NOW, False), NOW
    )

    kept, done = await store.actions.recent_actions(table.id, 10)
    assert (kept.text, kept.public_text) == ("keep statue", "keep a card")
    assert [kept.text_for(seat) for seat in (0, 1, None)] == [
        "keep statue",
        "keep a card",
        "keep a card",
    ]
    assert done.public_text == done.text == "done"
    current = await store.tables.table(table.id)
    assert current is not None and current.round_seats == [0]  # by default: the seats owed now


async def test_migration_0004_keeps_older_tables_and_actions_readable(tmp_path: Path) -> None:
    old = tmp_path / "old-migrations"
    old.mkdir()
    for migration in discover()[:3]:
        (old / migration.name).write_text(migration.sql)
    path = tmp_path / "upgraded.db"
    await (await Store.open(path, migrations_dir=old)).close()
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO game_tables (id, channel_id, game_key, seed, creator_id, status, "
            "created_at, updated_at, state_json, to_act_json, waiting_since) VALUES "
            "(1, 'c1', 'pile', 7, 'u1', 'active', ?, ?, '{}', '[1, 2]', ?)",
            (NOW.isoformat(),) * 3,
        )
        db.execute(
            "INSERT INTO actions (table_id, number, seat, user_id, kind, text, events_json, "
            "reveals, created_at, state_before_json) VALUES "
            "(1, 1, 0, 'u1', 'move', 'take 2', '[]', 0, ?, '{}')",
            (NOW.isoformat(),),
        )

    async with await Store.open(path) as store:
        table = await store.tables.table(1)
        (action,) = await store.actions.recent_actions(1, 5)

    assert table is not None and table.round_seats == table.to_act == [1, 2]
    assert action.public_text == "take 2"


async def test_an_actions_events_are_kept_as_messages_and_old_rows_read_as_english(
    store: Store,
) -> None:
    """Events are stored as message data, so a later reader words them in their language;
    a row written before messages (plain English texts) reads as messages of those texts."""
    table = await _started(store)
    nested = msg("{player} takes {goods}", player="bob", goods=[term("wood", "resource")])
    action = NewAction(0, "u2", "move", "take", [nested], False)
    await store.actions.commit_action(table, action, TableUpdate("{}", [1], NOW, False), NOW)
    (logged,) = await store.actions.recent_actions(table.id, 1)
    assert logged.events == [nested]
    assert logged.events[0].english() == "bob takes wood"
    old_text = '["bob took wood", "the round ends"]'
    # As older versions left it: TEXT on SQLite, its UTF-8 bytes on PostgreSQL (migration 0019).
    old_row = old_text if store.database.dialect is Dialect.SQLITE else old_text.encode()
    async with store.database.write() as db:
        await db.execute(
            "UPDATE actions SET events_json = ? WHERE table_id = ?", (old_row, table.id)
        )
    (old,) = await store.actions.recent_actions(table.id, 1)
    assert old.events == [Message("bob took wood"), Message("the round ends")]
