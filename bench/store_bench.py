"""Store figures with many running tables: the reminder scan, and moves while it runs.

The database holds 10,000 running Tiny Towns tables (copies of a real one just started),
each due for a reminder at some moment of the coming day, as after a day of play.

- `reminder_scan_ms_10k`: one pass of the reminder scheduler over them (median), each pass a
  minute of the day later than the one before — so each finds the handful of tables that
  fell due meanwhile (about 7), reminds them and stores their next due time.
- `reminder_scan_idle_ms_10k` and `reminder_scan_idle_ms_10`: a pass that finds nothing due,
  with 10,000 and with 10 tables: what a scan costs must not grow with the number of tables
  (it grows with the reminders due, which the figure above shows).
- `act_p95_during_scan_over_idle` (the goal): real games played through `Service.act` on the
  same database, each act at random either while the reminder scheduler runs as the bot runs
  it or while nothing else runs (the same machine and the same moves for both); p95 of the
  first ÷ p95 of the second, in each of `ROUNDS` rounds, the median of the rounds (one noisy
  round does not decide). "As the bot runs it": the scheduler's own task (`start()`), which
  sleeps until the next reminder is due and is poked after every act, as the Discord adapter
  pokes it after every interaction that changed a table — but on a day that passes
  `DAY_PACE` times faster than the real one, so that about seven reminders a second fall due
  and are sent and recorded (the bot with 10,000 tables meets one every 8.6 seconds).
- `act_p95_during_scans_back_to_back_over_idle`: the same with scheduler passes run back
  to back (on the real clock) instead — a stress the bot never meets: any loop that tight
  on the bot's connection slows acts, as the next figure shows.
- `act_p95_during_select1_over_idle`: the same with `SELECT 1` run back to back: the floor
  of any tight loop on the bot's connection — its event loop and threads share one
  interpreter with the act's engine and renderer.
- `act_p95_during_scans_back_to_back_over_select1`: the back-to-back scans over `SELECT 1`:
  what the scan costs a move beyond what any loop on the connection costs (1.0: nothing).
- `act_p95_during_scan_over_idle_worst_round`: the highest of the goal figure's rounds.
- `act_ms_p95_idle`: the p95 of acts while nothing else runs (median of the rounds).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

from bot.reminders import ReminderNotice, ReminderScheduler, ReminderStore, StallNotice
from bot.service import Channel, Service, User
from bot.service.waking import Sleep
from bot.store import Store
from bot.store.reminder_due import to_micros
from engine.core.playout import choose_action
from engine.core.rng import Rng
from engine.games.tiny_towns import TinyTowns

from .service_bench import start_table
from .stats import percentile

GAME = TinyTowns()
CHANNEL = Channel(id="bench-channel", guild_id="bench-guild")
SCANS = 60
#: Rounds of acts under each load (and alone), and acts measured at least per round and load.
ROUNDS = 5
ACTS_PER_ROUND = 50
DAY = timedelta(days=1)
#: How many times faster than the real one the day passes for the scheduler that runs as in
#: the bot: 10,000 tables' reminders, one a day each, then fall due about seven a second.
DAY_PACE = 60


class NoDelivery:
    """A transport that delivers reminders nowhere (the bench measures the database side);
    it counts them."""

    def __init__(self) -> None:
        self.sent = 0

    async def send_reminder(self, notice: ReminderNotice) -> bool:
        self.sent += 1
        return True

    async def send_stall(self, notice: StallNotice) -> None:
        return None


class PacedClock:
    """A clock whose time passes `pace` times faster than the real one, with its sleep."""

    def __init__(self, start: datetime, pace: float) -> None:
        self.start = start
        self.pace = pace
        self._started = time.monotonic()

    def __call__(self) -> datetime:
        return self.start + timedelta(seconds=(time.monotonic() - self._started) * self.pace)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds / self.pace)


class StepClock:
    """The scheduler's clock: `step` (a minute) later at every reading."""

    def __init__(self, start: datetime, step: timedelta = timedelta(minutes=1)) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def measure_store() -> dict[str, float]:
    return asyncio.run(_measure_store())


async def _measure_store() -> dict[str, float]:
    figures: dict[str, float] = {}
    for tables, suffix in ((10, "10"), (10_000, "10k")):
        with tempfile.TemporaryDirectory() as folder:
            store = await Store.open(Path(folder) / "bench.db")
            try:
                service, users = await _playing_table(store)
                now = datetime.now(UTC)
                template = await store.tables.open_table(CHANNEL.id)
                assert template is not None
                await copy_table(store, template.id, tables - 1, now, prefix="copy")
                idle = StepClock(now, step=timedelta(0))
                figures[f"reminder_scan_idle_ms_{suffix}"] = await _scan_ms(store, idle)
                if tables == 10_000:
                    figures.update(await _with_many_tables(store, service, users, now))
            finally:
                await store.close()
    return figures


async def _with_many_tables(
    store: Store, service: Service, users: dict[int | None, User], now: datetime
) -> dict[str, float]:
    stepping = StepClock(now)
    figures = {"reminder_scan_ms_10k": await _scan_ms(store, stepping)}
    # The scheduler that runs as in the bot goes on from where those passes stopped.
    pace = PacedClock(stepping.now, DAY_PACE)
    production = _scheduler(store, pace, sleep=pace.sleep)
    back_to_back = _scheduler(store, lambda: datetime.now(UTC))
    loads: dict[str, Load] = {
        "act_p95_during_scan_over_idle": SchedulerAsInTheBot(production),
        "act_p95_during_scans_back_to_back_over_idle": TaskPerAct(
            lambda: _scans_back_to_back(back_to_back)
        ),
        "act_p95_during_select1_over_idle": TaskPerAct(
            lambda: _trivial_queries_back_to_back(store)
        ),
    }
    try:
        figures.update(await _acts_during(store, service, users, loads))
    finally:
        await production.stop()
    assert isinstance(production.deliverer, NoDelivery)
    figures["reminders_sent_during_acts"] = production.deliverer.sent
    figures["act_p95_during_scans_back_to_back_over_select1"] = (
        figures["act_p95_during_scans_back_to_back_over_idle"]
        / figures["act_p95_during_select1_over_idle"]
    )
    return figures


async def _playing_table(store: Store) -> tuple[Service, dict[int | None, User]]:
    """A started 4-player Tiny Towns table; its users by seat."""
    table = await start_table(store, GAME, seed=3, players=4, channel_id=CHANNEL.id)
    return table.service, table.seats


async def copy_table(
    store: Store, template_id: int, count: int, now: datetime, prefix: str
) -> None:
    """`count` copies of table `template_id` with its seats and checkpoints, in channels
    `<prefix>-<n>`, each last moved at a moment of the past day (so due at that moment of the
    coming day)."""
    rows = []
    for number in range(count):
        moved = now - DAY + DAY * (number + 0.5) / count
        rows.append((f"{prefix}-{number}", moved.isoformat(), to_micros(moved + DAY)))
    async with store.database.write() as db:
        await db.executemany(
            "INSERT INTO game_tables (channel_id, guild_id, game_key, options_json, seed, "
            "creator_id, status, created_at, updated_at, started_at, version, move_count, "
            "state_json, to_act_json, waiting_since, round_seats_json, remind_at) "
            "SELECT ?, guild_id, game_key, options_json, seed, creator_id, status, created_at, "
            "?, started_at, version, move_count, state_json, to_act_json, waiting_since, "
            "round_seats_json, ? FROM game_tables WHERE id = ?",
            [(*row, template_id) for row in rows],
        )
        await db.execute(
            "INSERT INTO seats (table_id, user_id, display_name, joined_at, seat) "
            "SELECT t.id, s.user_id, s.display_name, s.joined_at, s.seat FROM game_tables AS t "
            "JOIN seats AS s ON s.table_id = ? WHERE t.channel_id LIKE ?",
            (template_id, f"{prefix}-%"),
        )
        await db.execute(
            "INSERT INTO checkpoints (table_id, number, state) "
            "SELECT t.id, c.number, c.state FROM game_tables AS t "
            "JOIN checkpoints AS c ON c.table_id = ? WHERE t.channel_id LIKE ?",
            (template_id, f"{prefix}-%"),
        )


def _scheduler(
    store: Store, clock: Callable[[], datetime], sleep: Sleep = asyncio.sleep
) -> ReminderScheduler:
    return ReminderScheduler(
        ReminderStore.sharing(store),
        NoDelivery(),
        clock=clock,
        sleep=sleep,
        game_name=lambda key: key,
    )


async def _scan_ms(store: Store, clock: Callable[[], datetime]) -> float:
    scheduler = _scheduler(store, clock)
    times: list[float] = []
    for _ in range(SCANS):
        started = time.perf_counter_ns()
        await scheduler.run_once()
        times.append((time.perf_counter_ns() - started) / 1e6)
    return statistics.median(times)


class Load(Protocol):
    """What runs beside the acts of one kind."""

    async def before_act(self) -> None: ...

    async def after_act(self) -> None: ...

    async def stop(self) -> None:
        """Nothing of it runs any more (before an act of another kind)."""
        ...


class SchedulerAsInTheBot:
    """The reminder scheduler's own task, running until an act of another kind comes, and
    poked after every act — as the Discord adapter does after an interaction that changed a
    table (`on_meeple_table_changed`)."""

    def __init__(self, scheduler: ReminderScheduler) -> None:
        self.scheduler = scheduler

    async def before_act(self) -> None:
        self.scheduler.start()

    async def after_act(self) -> None:
        self.scheduler.poke()

    async def stop(self) -> None:
        await self.scheduler.stop()


class TaskPerAct:
    """A loop started just before the act and cancelled right after it."""

    def __init__(self, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.loop = loop
        self._task: asyncio.Task[None] | None = None

    async def before_act(self) -> None:
        self._task = asyncio.create_task(self.loop())
        await asyncio.sleep(0)  # the load is under way

    async def after_act(self) -> None:
        await self.stop()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


async def _acts_during(
    store: Store,
    service: Service,
    users: dict[int | None, User],
    loads: dict[str, Load],
) -> dict[str, float]:
    """For each of `loads`: p95 of acts while it runs ÷ p95 of acts alone, over whole games,
    the median of `ROUNDS` rounds. Which load (or none) each act gets is drawn at random
    (seeded), so all see the same machine and the same mix of moves — alternating would pair
    each with moves of its own (a Tiny Towns round goes place, done, place, done …)."""
    rng = Rng(seed=5)
    draw = random.Random(5)
    ratios: dict[str, list[float]] = {name: [] for name in loads}
    idle_p95: list[float] = []
    for _ in range(ROUNDS):
        times: dict[str | None, list[float]] = {None: [], **{name: [] for name in loads}}
        while min(len(samples) for samples in times.values()) < ACTS_PER_ROUND:
            table = await store.tables.open_table(CHANNEL.id)
            if table is None:
                service, users = await _playing_table(store)  # another game
                continue
            kind = draw.choice(list(times))
            user = users[min(table.to_act)]
            text = choose_action(rng, await service.legal_actions(CHANNEL, user))
            for name, load in loads.items():
                if name != kind:
                    await load.stop()
            if kind is not None:
                await loads[kind].before_act()
            started = time.perf_counter_ns()
            await (await service.act(CHANNEL, user, text)).finished()
            times[kind].append((time.perf_counter_ns() - started) / 1e6)
            if kind is not None:
                await loads[kind].after_act()
        alone = percentile(times[None], 0.95)
        idle_p95.append(alone)
        for name in loads:
            ratios[name].append(percentile(times[name], 0.95) / alone)
    for load in loads.values():
        await load.stop()
    figures = {name: statistics.median(values) for name, values in ratios.items()}
    figures["act_p95_during_scan_over_idle_worst_round"] = max(
        ratios["act_p95_during_scan_over_idle"]
    )
    figures["act_ms_p95_idle"] = statistics.median(idle_p95)
    return figures


async def _scans_back_to_back(scheduler: ReminderScheduler) -> None:
    while True:
        await scheduler.run_once()


async def _trivial_queries_back_to_back(store: Store) -> None:
    while True:
        await store.database.fetch_one("SELECT 1")
