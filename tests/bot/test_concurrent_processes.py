"""Players of a simultaneous round moving at the same moment from processes of their own, on
one database (a SQLite file, or a PostgreSQL server): every move that is legal is played —
none refused because another was saved first — and none is lost or played twice."""

from __future__ import annotations

import multiprocessing
from collections import Counter

from bot.service import GameCatalog, Service, User
from bot.store import Store
from tests.bot.helpers import fake_renderer
from tests.bot.seat_worker import CHANNEL, GAME, OPTIONS, play_seat

PLAYERS = [User(id=f"u-{name}", name=name) for name in ("ann", "ben", "cat", "dan")]
ROUNDS = 6
SEED = 4


async def open_table(database: str) -> None:
    store = await Store.open(database)
    try:
        service = Service(store, games=GameCatalog([GAME]), renderer=fake_renderer)
        await service.create_table(CHANNEL, PLAYERS[0], GAME.info.key, OPTIONS, SEED)
        for user in PLAYERS[1:]:
            await service.join(CHANNEL, user)
        await service.start(CHANNEL, PLAYERS[0])
    finally:
        await store.close()


async def test_simultaneous_moves_from_several_processes_are_all_played_once(
    database_url: str,
) -> None:
    database = database_url
    await open_table(database)
    spawn = multiprocessing.get_context("spawn")
    start = spawn.Barrier(len(PLAYERS))
    outcomes = spawn.Queue()
    moves = 2 * ROUNDS  # each round: place a resource, then `done`
    workers = [
        spawn.Process(target=play_seat, args=(database, user, moves, start, outcomes), daemon=True)
        for user in PLAYERS
    ]
    for worker in workers:
        worker.start()
    attempts = [attempt for _ in workers for attempt in outcomes.get(timeout=120)]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0

    assert [a for a in attempts if a[1] != "played"] == []
    store = await Store.open(database)
    try:
        table = await store.tables.open_table(CHANNEL.id)
        assert table is not None and table.state_json is not None
        log = await store.actions.recent_actions(table.id, 10_000)
        seats = {seat.seat: seat.user_id for seat in await store.tables.seats(table.id)}
    finally:
        await store.close()
    assert table.move_count == len(log) == len(attempts) == moves * len(PLAYERS)
    # Each player's actions are in the log exactly once each, in the order they were made.
    for user in PLAYERS:
        made = [text for user_id, _, text, _ in attempts if user_id == user.id]
        assert [a.text for a in log if seats[a.seat] == user.id] == made
    assert Counter(a.text for a in log if a.text == "done") == {"done": len(PLAYERS) * ROUNDS}
    # The stored position is exactly the log replayed.
    names = GAME.load_state(table.state_json).players
    state = GAME.new_game(list(names), SEED, OPTIONS)
    for action in log:
        state = GAME.apply(state, action.seat, action.text).state
    assert GAME.dump_state(state) == table.state_json
