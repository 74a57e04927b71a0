"""Service figures: a whole game played through `Service.act` on a real SQLite file.

Each act is the full round trip a player waits for: load the snapshot, run the engine,
commit the action and the new snapshot, render the board.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.render_bench import percentile
from bot.service import Channel, Service, User
from bot.store import Store
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng

from .engine_bench import player_names


def measure_acts(game: Game[Any], seed: int = 11) -> dict[str, float]:
    return asyncio.run(_measure_acts(game, seed))


async def _measure_acts(game: Game[Any], seed: int) -> dict[str, float]:
    users = [
        User(id=f"u{n}", name=name) for n, name in enumerate(player_names(game.info.max_players))
    ]
    channel = Channel(id="bench-channel", guild_id="bench-guild")
    rng = Rng(seed=seed)
    times: list[float] = []
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
            while (record := await store.table(table_id)) and record.status == "active":
                user = seats[min(record.to_act)]
                actions = await service.legal_actions(channel, user)
                text = choose_action(rng, actions)
                started = time.perf_counter_ns()
                await service.act(channel, user, text)
                times.append((time.perf_counter_ns() - started) / 1e6)
        finally:
            await store.close()
    tenth = max(1, len(times) // 10)
    return {
        "act_ms_p50": statistics.median(times),
        "act_ms_p95": percentile(times, 0.95),
        "act_ms_late_over_early": statistics.median(times[-tenth:])
        / statistics.median(times[:tenth]),
        "acts_measured": len(times),
    }
