"""Store figures with many running tables: the reminder scan, and moves while it runs.

The database holds 10,000 running Tiny Towns tables (copies of a real one a few moves in),
each due for a reminder at some moment of the coming day, as after a day of play.

- `reminder_scan_ms_10k`: one pass of the reminder scheduler over them (median), each pass a
  minute of the day later than the one before — so each finds the handful of tables that
  fell due meanwhile, reminds them and stores their next due time. `reminder_scan_ms_10`:
  the same with 10 tables, for comparison: the cost must not grow with the number of tables.
- `act_p95_during_scan_over_idle`: a real game played through `Service.act` on the same
  database; its acts in blocks of ten, alternately while scheduler passes run back to back
  and while nothing else runs (interleaved, so both see the same machine); p95 during scans
  divided by p95 without.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.render_bench import percentile
from bot.reminders import ReminderNotice, ReminderScheduler, ReminderStore, StallNotice
from bot.service import Channel, Service, User
from bot.store import Store
from bot.store.reminder_due import to_micros
from engine.core.playout import choose_action
from engine.core.rng import Rng
from engine.games.tiny_towns import TinyTowns

from .engine_bench import player_names

GAME = TinyTowns()
CHANNEL = Channel(id="bench-channel", guild_id="bench-guild")
SCANS = 60
ACT_BLOCK = 10
DAY = timedelta(days=1)


class NoDelivery:
    """A transport that delivers reminders nowhere (the bench measures the database side)."""

    async def send_reminder(self, notice: ReminderNotice) -> bool:
        return True

    async def send_stall(self, notice: StallNotice) -> None:
        return None


class StepClock:
    """The scheduler's clock: a minute later at every reading."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


def measure_store() -> dict[str, float]:
    return asyncio.run(_measure_store())


async def _measure_store() -> dict[str, float]:
    figures: dict[str, float] = {}
    for tables, name in ((10, "reminder_scan_ms_10"), (10_000, "reminder_scan_ms_10k")):
        with tempfile.TemporaryDirectory() as folder:
            store = await Store.open(Path(folder) / "bench.db")
            try:
                service, users = await _playing_table(store)
                now = datetime.now(UTC)
                await _copies(store, tables - 1, now)
                figures[name] = await _scan_ms(store, now)
                if tables == 10_000:
                    figures["act_p95_during_scan_over_idle"] = await _acts_during_scans(
                        store, service, users, now
                    )
            finally:
                await store.close()
    return figures


async def _playing_table(store: Store) -> tuple[Service, dict[int, User]]:
    """A started 4-player Tiny Towns table a few moves in; its users by seat."""
    users = [User(id=f"u{n}", name=name) for n, name in enumerate(player_names(4))]
    service = Service(store)
    await service.create_table(CHANNEL, users[0], GAME.info.key, seed=3)
    for user in users[1:]:
        await service.join(CHANNEL, user)
    table_id = (await service.start(CHANNEL, users[0])).table_id
    assert table_id is not None
    by_id = {user.id: user for user in users}
    seats = await store.seats(table_id)
    return service, {seat.seat: by_id[seat.user_id] for seat in seats if seat.seat is not None}


async def _copies(store: Store, count: int, now: datetime) -> None:
    """`count` copies of the playing table in channels of their own, with their seats, each
    last moved at a moment of the past day (so due at that moment of the coming day)."""
    template = await store.open_table(CHANNEL.id)
    assert template is not None
    rows = []
    for number in range(count):
        moved = now - DAY + DAY * (number + 0.5) / count
        rows.append((f"copy-{number}", moved.isoformat(), to_micros(moved + DAY)))
    async with store.database.write() as db:
        await db.executemany(
            "INSERT INTO game_tables (channel_id, guild_id, game_key, options_json, seed, "
            "creator_id, status, created_at, updated_at, started_at, version, move_count, "
            "state_json, to_act_json, waiting_since, round_seats_json, remind_at) "
            "SELECT ?, guild_id, game_key, options_json, seed, creator_id, status, created_at, "
            "?, started_at, version, move_count, state_json, to_act_json, waiting_since, "
            "round_seats_json, ? FROM game_tables WHERE id = ?",
            [(*row, template.id) for row in rows],
        )
        await db.execute(
            "INSERT INTO seats (table_id, user_id, display_name, joined_at, seat) "
            "SELECT t.id, s.user_id, s.display_name, s.joined_at, s.seat FROM game_tables AS t "
            "JOIN seats AS s ON s.table_id = ? WHERE t.channel_id LIKE 'copy-%'",
            (template.id,),
        )


def _scheduler(store: Store, clock: Callable[[], datetime]) -> ReminderScheduler:
    return ReminderScheduler(
        ReminderStore.sharing(store), NoDelivery(), clock=clock, game_name=lambda key: key
    )


async def _scan_ms(store: Store, now: datetime) -> float:
    scheduler = _scheduler(store, StepClock(now))
    times: list[float] = []
    for _ in range(SCANS):
        started = time.perf_counter_ns()
        await scheduler.run_once()
        times.append((time.perf_counter_ns() - started) / 1e6)
    return statistics.median(times)


async def _acts_during_scans(
    store: Store, service: Service, users: dict[int, User], now: datetime
) -> float:
    scheduler = _scheduler(store, StepClock(now + timedelta(hours=1)))
    rng = Rng(seed=5)
    idle: list[float] = []
    scanning: list[float] = []
    while (table := await store.open_table(CHANNEL.id)) is not None:
        during = len(idle) >= len(scanning) + ACT_BLOCK
        scans = asyncio.create_task(_scan_forever(scheduler)) if during else None
        try:
            for _ in range(ACT_BLOCK):
                table = await store.open_table(CHANNEL.id)
                if table is None:
                    break
                user = users[min(table.to_act)]
                text = choose_action(rng, await service.legal_actions(CHANNEL, user))
                started = time.perf_counter_ns()
                await service.act(CHANNEL, user, text)
                (scanning if during else idle).append((time.perf_counter_ns() - started) / 1e6)
        finally:
            if scans is not None:
                scans.cancel()
                await asyncio.gather(scans, return_exceptions=True)
    return percentile(scanning, 0.95) / percentile(idle, 0.95)


async def _scan_forever(scheduler: ReminderScheduler) -> None:
    while True:
        await scheduler.run_once()
