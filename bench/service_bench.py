"""Service figures: a whole game played through `Service.act` on a real SQLite file.

Each act is the full round trip a player waits for: load the snapshot, run the engine,
commit the action and the new snapshot, render the board.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.render_bench import percentile
from bot.service import Channel, Service, User
from bot.store import Store
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng

from .engine_bench import player_names


@dataclass(frozen=True)
class BenchTable:
    """A started table of a game for its most players, on a fresh SQLite file."""

    service: Service
    channel: Channel
    table_id: int
    #: The user at each seat.
    seats: dict[int | None, User]

    async def next_user(self) -> User | None:
        """The first user the table waits for; None once it has ended."""
        record = await self.service.store.table(self.table_id)
        if record is None or record.status != "active":
            return None
        return self.seats[min(record.to_act)]


@asynccontextmanager
async def bench_table(game: Game[Any], seed: int) -> AsyncIterator[BenchTable]:
    users = [
        User(id=f"u{n}", name=name) for n, name in enumerate(player_names(game.info.max_players))
    ]
    channel = Channel(id="bench-channel", guild_id="bench-guild")
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            service = Service(store)
            await service.create_table(channel, users[0], game.info.key, seed=seed)
            for user in users[1:]:
                await service.join(channel, user)
            table_id = (await service.start(channel, users[0])).table_id
            assert table_id is not None
            by_id = {user.id: user for user in users}
            seats = {seat.seat: by_id[seat.user_id] for seat in await store.seats(table_id)}
            yield BenchTable(service, channel, table_id, seats)
        finally:
            await store.close()


def measure_acts(game: Game[Any], seed: int = 11) -> dict[str, float]:
    return asyncio.run(_measure_acts(game, seed))


async def _measure_acts(game: Game[Any], seed: int) -> dict[str, float]:
    rng = Rng(seed=seed)
    times: list[float] = []
    async with bench_table(game, seed) as table:
        service, channel = table.service, table.channel
        while (user := await table.next_user()) is not None:
            actions = await service.legal_actions(channel, user)
            text = choose_action(rng, actions)
            started = time.perf_counter_ns()
            await service.act(channel, user, text)
            times.append((time.perf_counter_ns() - started) / 1e6)
    tenth = max(1, len(times) // 10)
    return {
        "act_ms_p50": statistics.median(times),
        "act_ms_p95": percentile(times, 0.95),
        "act_ms_late_over_early": statistics.median(times[-tenth:])
        / statistics.median(times[:tenth]),
        "acts_measured": len(times),
    }
