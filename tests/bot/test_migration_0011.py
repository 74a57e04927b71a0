"""Migration 0011 on a database written by the schema before it (every action row with the
whole state before it): running games keep the positions undo reaches as checkpoints, a
pending undo request is carried out to the very state stored with it, play goes on, and the
action rows lose their states."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engine
from bot.service import Channel, GameCatalog, Service, User
from bot.store import Store
from bot.store.migrations import discover
from bot.store.values import read_state
from engine.core import Game
from engine.core.playout import random_playout
from tests.bot.helpers import ManualClock, fake_renderer

ANN = User(id="u-ann", name="ann")
BEN = User(id="u-ben", name="ben")


@dataclass(frozen=True)
class Logged:
    seat: int
    text: str
    events: list[str]
    reveals: bool
    state_before: str


def _played(game: Game[Any], seed: int) -> tuple[list[Logged], list[str]]:
    """A random game of ann and ben: each action with the state before it, and the state
    after each number of actions."""
    players = ["ann", "ben"]
    state = game.new_game(players, seed, {})
    logged, states = [], [game.dump_state(state)]
    for seat, text in random_playout(game, players, seed).log:
        result = game.apply(state, seat, text)
        events = [event.text for event in result.events]
        logged.append(Logged(seat, text, events, result.reveals, states[-1]))
        state = result.state
        states.append(game.dump_state(state))
    return logged, states


class OldDatabase:
    """Rows as the schema before migration 0011 had them, written as that version did."""

    def __init__(self, db: sqlite3.Connection, clock: ManualClock) -> None:
        self.db = db
        self.now = clock.now.isoformat()

    def table(
        self, table_id: int, game: Game[Any], seed: int, played: int, status: str = "active"
    ) -> tuple[list[Logged], list[str]]:
        """Table `table_id` in channel `c<id>`, ann and ben seated, `played` actions in."""
        logged, states = _played(game, seed)
        state = game.load_state(states[played])
        to_act = json.dumps(sorted(game.to_act(state)))
        self.db.execute(
            "INSERT INTO game_tables (id, channel_id, guild_id, game_key, options_json, seed, "
            "creator_id, status, created_at, updated_at, started_at, version, move_count, "
            "state_json, to_act_json, waiting_since, round_seats_json) "
            "VALUES (?, ?, 'g', ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                table_id,
                f"c{table_id}",
                game.info.key,
                seed,
                ANN.id,
                status,
                *(self.now,) * 3,
                played + 3,
                played,
                states[played],
                to_act,
                self.now,
                to_act,
            ),
        )
        for seat, user in enumerate((ANN, BEN)):
            self.db.execute(
                "INSERT INTO seats (table_id, user_id, display_name, joined_at, seat) "
                "VALUES (?, ?, ?, ?, ?)",
                (table_id, user.id, user.name, self.now, seat),
            )
        for number, action in enumerate(logged[:played], start=1):
            self.db.execute(
                "INSERT INTO actions (table_id, number, seat, user_id, kind, text, events_json, "
                "reveals, created_at, state_before_json) "
                "VALUES (?, ?, ?, ?, 'move', ?, ?, ?, ?, ?)",
                (
                    table_id,
                    number,
                    action.seat,
                    (ANN, BEN)[action.seat].id,
                    action.text,
                    json.dumps(action.events),
                    int(action.reveals),
                    self.now,
                    action.state_before,
                ),
            )
        return logged, states

    def undo_request(self, table_id: int, requester: User, from_number: int) -> None:
        (version,) = self.db.execute(
            "SELECT version FROM game_tables WHERE id = ?", (table_id,)
        ).fetchone()
        self.db.execute(
            "INSERT INTO undo_requests (table_id, requester_id, from_number, table_version, "
            "created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)",
            (table_id, requester.id, from_number, version, self.now, "2999-01-01T00:00:00+00:00"),
        )


def _unrevealed_run(logged: list[Logged], start: int, length: int) -> int:
    """The first number of actions played, from `start` on, whose last `length` actions
    revealed nothing, with a revealing one before them."""
    for played in range(start, len(logged)):
        run = logged[played - length : played]
        if not any(a.reveals for a in run) and any(a.reveals for a in logged[: played - length]):
            return played
    raise AssertionError("no such point in the game")


async def test_migration_0011_keeps_what_undo_reaches_and_drops_the_states_per_action(
    tmp_path: Path,
) -> None:
    old = tmp_path / "old-migrations"
    old.mkdir()
    for migration in discover():
        if migration.version < 11:
            (old / migration.name).write_text(migration.sql)
    path = tmp_path / "old.db"
    await (await Store.open(path, migrations_dir=old)).close()
    clock = ManualClock()
    towns, tn2006 = engine.get("tiny-towns"), engine.get("terra-nova-2006")
    with sqlite3.connect(path) as db:
        rows = OldDatabase(db, clock)
        towns_log, _ = _played(towns, 4)
        pending = _unrevealed_run(towns_log, 40, 2)
        towns_log, towns_states = rows.table(1, towns, 4, pending)
        rows.undo_request(1, ANN, pending - 1)
        _, long_states = rows.table(2, tn2006, 6, 75)
        revealed = next(n for n, a in enumerate(towns_log, start=1) if a.reveals and n > 20)
        rows.table(3, towns, 4, revealed)
        rows.table(4, tn2006, 6, 40, status="finished")
        rows.table(5, tn2006, 6, 0)
        last_reveal = max(n for n, a in enumerate(towns_log[:pending], start=1) if a.reveals)
        # Columns the action rows gained before 0011 (0007: why an action was automatic) stay.
        db.execute("UPDATE actions SET automatic = 'forced' WHERE table_id = 4 AND number = 3")

    async with await Store.open(path) as store:
        with sqlite3.connect(path) as db:
            columns = [row[1] for row in db.execute("PRAGMA table_info(actions)")]
            kept = db.execute("SELECT table_id, number, state FROM checkpoints").fetchall()
        assert "state_before_json" not in columns
        assert "automatic" in columns
        (automatic,) = await store.actions.actions_between(4, 3, 3)
        assert automatic.automatic == "forced"
        by_table: dict[int, dict[int, str]] = {}
        for table_id, number, state in kept:
            by_table.setdefault(table_id, {})[number] = read_state(state)
        towns_kept = {0: towns_states[0], last_reveal: towns_states[last_reveal]}
        towns_kept |= {n: towns_states[n] for n in range(32, pending, 32) if n > last_reveal}
        assert by_table[1] == towns_kept
        assert by_table[2] == {n: long_states[n] for n in (0, 32, 64)}
        assert by_table[3] == {0: towns_states[0], revealed: towns_states[revealed]}
        assert by_table[4] == {0: long_states[0]}
        assert by_table[5] == {0: long_states[0]}

        service = Service(
            store,
            games=GameCatalog(engine.all_games()),
            renderer=fake_renderer,
            clock=clock,
        )
        # The request made before the upgrade is carried out to the state stored with it.
        done = await service.approve_undo(Channel(id="c1"), BEN)
        assert "Taken back" in done.text
        table = await store.tables.table(1)
        assert table is not None and table.state_json == towns_states[pending - 2]
        # Play goes on (its states stored compressed from now on).
        seat = min(table.to_act)
        legal = towns.legal_actions(towns.load_state(table.state_json), seat)
        await service.act(Channel(id="c1"), (ANN, BEN)[seat], legal[0])
        # A long game without reveals: an undo plays on from the 64th position.
        clock.advance(minutes=1)
        await service.request_undo(Channel(id="c2"), ANN, count=10)
        await service.approve_undo(Channel(id="c2"), BEN)
        table = await store.tables.table(2)
        assert table is not None and table.state_json == long_states[65]
        with sqlite3.connect(path) as db:
            stored = db.execute("SELECT typeof(state_json) FROM game_tables ORDER BY id")
            assert [kind for (kind,) in stored] == ["blob", "blob", "text", "text", "text"]
