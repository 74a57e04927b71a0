"""Scale figures (issue 15): moves at a steady rate among 10,000 running tables.

The database holds 10,000 running Tiny Towns tables (copies of a real one just started, as
`store_bench` makes them), and the reminder scheduler runs beside the moves as it does in
the bot. Moves are offered at a steady rate, open loop — every 1/`RATE` s one is started,
whether the earlier ones have finished or not — at `HOT_TABLES` tables drawn at random
(never two at once at one table: a table's players move one after the other), each the
first of its player's legal actions chosen at random, through `Service.act`.

The boards are not drawn (a renderer that returns a fixed image stands in): each act's
render costs what the game's `act_ms_*` figures show whatever the number of tables, and
drawing 50 boards a second would need more than this 2-core machine has. So these figures
are what the store and the service cost with many tables and a steady rate of moves.

- `act_ms_p50_<backend>`, `act_ms_p95_<backend>`: one act, from its start to its answer.
- `start_lag_ms_p95_<backend>`: how late acts start after their moment (the event loop was
  busy): near zero while the machine keeps up with the rate.
- `moves_per_s_offered`, `moves_per_s_done_<backend>`, `seconds`, `tables`: the run itself.

`<backend>` is `sqlite` and `postgresql` (a throw-away server on 127.0.0.1, durability off,
as `backends` runs it: the figures are the client's and the protocol's, not a disk's); without
PostgreSQL installed only SQLite is measured.
"""

from __future__ import annotations

import asyncio
import random
import time
from datetime import UTC, datetime
from typing import Any

from bot.reminders import ReminderScheduler, ReminderStore
from bot.service import Channel, Service, User
from bot.store import Store
from engine.core.playout import choose_action
from engine.core.rng import Rng
from engine.games.tiny_towns import TinyTowns

from .databases import BACKENDS, bench_database, postgres_installed
from .service_bench import start_table
from .stats import percentile
from .store_bench import NoDelivery, copy_table

GAME = TinyTowns()
TABLES = 10_000
HOT_TABLES = 500
#: Moves offered per second, for `SECONDS`.
RATE = 50.0
SECONDS = 60.0
TEMPLATE = Channel(id="template-of-scale", guild_id="bench-guild")
#: What stands in for a board image.
NO_BOARD = b"\x89PNG\r\n\x1a\n"


def measure_scale() -> dict[str, float]:
    return asyncio.run(_measure_scale())


async def _measure_scale() -> dict[str, float]:
    figures: dict[str, float] = {}
    for backend in BACKENDS:
        if backend == "postgresql" and not postgres_installed():
            continue
        async with bench_database(backend) as target, await Store.open(target) as store:
            service, users = await _tables(store)
            scheduler = ReminderScheduler(
                ReminderStore.sharing(store), NoDelivery(), game_name=lambda key: key
            )
            scheduler.start()
            try:
                figures.update(await _steady_moves(service, users, backend))
            finally:
                await scheduler.stop()
    return figures


async def _tables(store: Store) -> tuple[Service, dict[int | None, User]]:
    """10,000 running tables (the template and its copies in channels `scale-<n>`), and a
    service that draws no boards."""
    table = await start_table(store, GAME, seed=3, players=4, channel_id=TEMPLATE.id)
    await copy_table(store, table.table_id, TABLES - 1, datetime.now(UTC), prefix="scale")
    service = Service(store, renderer=_no_board)
    return service, table.seats


def _no_board(game_key: str, view: Any) -> bytes:
    return NO_BOARD


async def _steady_moves(
    service: Service, users: dict[int | None, User], backend: str
) -> dict[str, float]:
    draw = random.Random(7)
    rng = Rng(seed=7)
    channels = [Channel(id=f"scale-{n}", guild_id="bench-guild") for n in range(HOT_TABLES)]
    busy: set[str] = set()
    acts_ms: list[float] = []
    lags_ms: list[float] = []
    tasks: set[asyncio.Task[None]] = set()

    async def move(channel: Channel, due: float) -> None:
        try:
            lags_ms.append((time.perf_counter() - due) * 1000)
            table = await service.store.tables.open_table(channel.id)
            if table is None or table.status != "active":
                return
            user = users[min(table.to_act)]
            text = choose_action(rng, await service.legal_actions(channel, user))
            started = time.perf_counter()
            await service.act(channel, user, text)
            acts_ms.append((time.perf_counter() - started) * 1000)
        finally:
            busy.discard(channel.id)

    began = time.perf_counter()
    offered = int(RATE * SECONDS)
    for number in range(offered):
        due = began + number / RATE
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        free = [c for c in draw.sample(channels, 8) if c.id not in busy]
        if not free:
            continue
        busy.add(free[0].id)
        task = asyncio.create_task(move(free[0], due))
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - began
    return {
        "tables": TABLES,
        "seconds": round(elapsed, 1),
        "moves_per_s_offered": RATE,
        f"moves_per_s_done_{backend}": len(acts_ms) / elapsed,
        f"act_ms_p50_{backend}": percentile(acts_ms, 0.5),
        f"act_ms_p95_{backend}": percentile(acts_ms, 0.95),
        f"start_lag_ms_p95_{backend}": percentile(lags_ms, 0.95),
    }
