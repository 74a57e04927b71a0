"""Service figures: a whole game played through `Service.act` on a real SQLite file.

Each act is what a player waits for before reading the move's reply: load the snapshot, run
the engine, commit the action and the new snapshot, word the reply — its text and pings go
out then, while the board is drawn in a worker thread. The board is timed apart, from the
text's reply until the image is ready (`image_after_text_ms_p50`, over the acts that bring
one: the public board, or the player's own after their part of a round), and waited for
before anything else is timed, so no drawing overlaps the next act or a chess block.
Between acts, blocks of 1,000 python-chess random plies are timed (`act_over_chess_1k`); the
database's compacted size before and after the game gives `db_bytes_per_action`.
"""

from __future__ import annotations

import asyncio
import sqlite3
import statistics
import tempfile
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.service import Channel, Renderer, Service, User, default_renderer
from bot.store import Store
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng

from . import chess_reference
from .engine_bench import player_names
from .stats import percentile

#: An act, then another …, then a block of chess plies: acts and blocks in turns.
ACTS_PER_CHESS_BLOCK = 3
CHESS_BLOCK_PLIES = 1000


@dataclass(frozen=True)
class BenchTable:
    """A started table of a game, on a SQLite file of the bench's."""

    service: Service
    channel: Channel
    table_id: int
    #: The user at each seat.
    seats: dict[int | None, User]

    async def next_user(self) -> User | None:
        """The first user the table waits for; None once it has ended."""
        record = await self.service.store.tables.table(self.table_id)
        if record is None or record.status != "active":
            return None
        return self.seats[min(record.to_act)]

    async def play(self, seat: int, text: str) -> None:
        """Play `text` for `seat`, its board drawn too."""
        await (await self.service.act(self.channel, self.seats[seat], text)).finished()

    async def actions_played(self) -> int:
        """How many actions the table's log holds (the service plays forced ones itself)."""
        record = await self.service.store.tables.table(self.table_id)
        assert record is not None
        return record.move_count


async def start_table(
    store: Store,
    game: Game[Any],
    seed: int,
    players: int,
    channel_id: str = "bench-channel",
    renderer: Renderer = default_renderer,
) -> BenchTable:
    """Open, fill and start a table of `game` for `players` in a channel of its own."""
    users = [User(id=f"u{n}", name=name) for n, name in enumerate(player_names(players))]
    channel = Channel(id=channel_id, guild_id="bench-guild")
    service = Service(store, renderer=renderer)
    await service.create_table(channel, users[0], game.info.key, seed=seed)
    for user in users[1:]:
        await service.join(channel, user)
    table_id = (await service.start(channel, users[0])).table_id
    assert table_id is not None
    by_id = {user.id: user for user in users}
    seats = {seat.seat: by_id[seat.user_id] for seat in await store.tables.seats(table_id)}
    return BenchTable(service, channel, table_id, seats)


@asynccontextmanager
async def temporary_store() -> AsyncIterator[Store]:
    """A store on a fresh SQLite file, removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            yield store
        finally:
            await store.close()


@asynccontextmanager
async def bench_table(game: Game[Any], seed: int) -> AsyncIterator[BenchTable]:
    """A started table of `game` for its most players, on a fresh SQLite file."""
    async with temporary_store() as store:
        yield await start_table(store, game, seed, game.info.max_players)


@dataclass
class Timings:
    """How long each timed block took: on the clock, and in CPU time of the whole process
    (every thread: the act's engine and renderer run in worker threads). On a loaded machine
    the clock also counts waiting for a core and for the disk; the CPU time does not."""

    wall_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)

    @contextmanager
    def timing(self) -> Iterator[None]:
        wall, cpu = time.perf_counter_ns(), time.process_time_ns()
        yield
        self.cpu_ms.append((time.process_time_ns() - cpu) / 1e6)
        self.wall_ms.append((time.perf_counter_ns() - wall) / 1e6)


def compacted_bytes(path: Path) -> int:
    """The size the database would have, rewritten without free pages (`VACUUM INTO` a
    scratch file, from a connection of its own that sees what the WAL holds too): what the
    data needs, whatever SQLite has not yet given back."""
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "compacted.db"
        connection = sqlite3.connect(path)
        try:
            connection.execute("VACUUM INTO ?", (str(copy),))
        finally:
            connection.close()
        return copy.stat().st_size


def measure_acts(game: Game[Any], seed: int = 11) -> dict[str, float]:
    return asyncio.run(_measure_acts(game, seed))


async def _measure_acts(game: Game[Any], seed: int) -> dict[str, float]:
    rng = Rng(seed=seed)
    acts = Timings()
    images = Timings()
    chess = Timings()
    async with bench_table(game, seed) as table:
        service, channel = table.service, table.channel
        path = service.store.database.path
        before = compacted_bytes(path)
        while (user := await table.next_user()) is not None:
            text = choose_action(rng, await service.legal_actions(channel, user))
            with acts.timing():
                reply = await service.act(channel, user, text)
            drawing = reply.drawing or (reply.personal and reply.personal.drawing)
            if drawing:
                with images.timing():
                    await drawing.image()
            await reply.finished()
            if len(acts.wall_ms) % ACTS_PER_CHESS_BLOCK == 0:
                with chess.timing():
                    chess_reference.random_plies(CHESS_BLOCK_PLIES, seed=0)
        growth = compacted_bytes(path) - before
    per_1k = 1000 / CHESS_BLOCK_PLIES
    act_p50 = statistics.median(acts.wall_ms)
    chess_1k_ms = statistics.median(chess.wall_ms) * per_1k
    act_cpu_p50 = statistics.median(acts.cpu_ms)
    chess_1k_cpu_ms = statistics.median(chess.cpu_ms) * per_1k
    return {
        "act_ms_p50": act_p50,
        "act_ms_p95": percentile(acts.wall_ms, 0.95),
        "act_cpu_ms_p50": act_cpu_p50,
        "acts_measured": len(acts.wall_ms),
        "chess_1k_ms": chess_1k_ms,
        "chess_1k_cpu_ms": chess_1k_cpu_ms,
        "act_over_chess_1k": act_p50 / chess_1k_ms,
        "act_over_chess_1k_cpu": act_cpu_p50 / chess_1k_cpu_ms,
        "image_after_text_ms_p50": statistics.median(images.wall_ms),
        "image_after_text_ms_p95": percentile(images.wall_ms, 0.95),
        "images_measured": len(images.wall_ms),
        "db_bytes_per_action": growth / len(acts.wall_ms),
    }
