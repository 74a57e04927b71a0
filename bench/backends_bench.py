"""The store on each backend: `Service.act` on SQLite and on PostgreSQL, measured alike.

Four players play Tiny Towns games (seed 11, then 12 …) through `Service.act` on a fresh
database of each backend, `ACTS` acts in all, with random legal actions and no board images
(a stand-in renderer), so that what differs between the figures is the store: reading the
table, the guarded commit of action and position, the reads the announcement makes.
`store_act_ms_p50_<backend>` and `store_act_ms_p95_<backend>` are the acts' wall times.
PostgreSQL runs on a throw-away server on 127.0.0.1 started for the bench (durability off,
as the tests' server): the figure is the client's and the protocol's cost, not a disk's.
Without PostgreSQL installed only SQLite is measured.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Mapping
from typing import Any

from bot.store import Store
from engine.core.playout import choose_action
from engine.core.rng import Rng
from engine.games.tiny_towns import TinyTowns

from .databases import BACKENDS, bench_database, postgres_installed
from .service_bench import start_table
from .stats import percentile

GAME = TinyTowns()
ACTS = 300


def no_image(game_key: str, view: Mapping[str, Any]) -> bytes:
    """Stands in for the renderer: the bench measures the store."""
    return b""


def measure_backends() -> dict[str, float]:
    return asyncio.run(_measure_backends())


async def _measure_backends() -> dict[str, float]:
    figures: dict[str, float] = {}
    for backend in BACKENDS:
        if backend == "postgresql" and not postgres_installed():
            continue
        async with bench_database(backend) as target:
            times = await _act_times(target)
        figures[f"store_act_ms_p50_{backend}"] = statistics.median(times)
        figures[f"store_act_ms_p95_{backend}"] = percentile(times, 0.95)
    return figures


async def _act_times(target: str) -> list[float]:
    times: list[float] = []
    async with await Store.open(target) as store:
        seed = 11
        while len(times) < ACTS:
            table = await start_table(
                store, GAME, seed, 4, channel_id=f"bench-{seed}", renderer=no_image
            )
            rng = Rng(seed=seed)
            while len(times) < ACTS and (user := await table.next_user()) is not None:
                text = choose_action(rng, await table.service.legal_actions(table.channel, user))
                start = time.perf_counter_ns()
                await table.service.act(table.channel, user, text)
                times.append((time.perf_counter_ns() - start) / 1e6)
            seed += 1
    return times
