"""Store figures with many running tables: the reminder scan, and moves while it runs.

The database holds 10,000 running Tiny Towns tables (copies of a real one just started),
each due for a reminder at some moment of the coming day, as after a day of play.

- `reminder_scan_ms_10k`: one pass of the reminder scheduler over them (median), each pass a
  minute of the day later than the one before — so each finds the handful of tables that
  fell due meanwhile (about 7), reminds them and stores their next due time.
- `reminder_scan_idle_ms_10k` and `reminder_scan_idle_ms_10`: a pass that finds nothing due,
  with 10,000 and with 10 tables: what a scan costs must not grow with the number of tables
  (it grows with the reminders due, which the figure above shows).
- `act_p95_during_scheduler_over_idle` (the goal, issue 8): real games played through
  `Service.act` on the same database while the reminder scheduler runs as the bot runs it —
  its own task, sleeping until the next reminder is due and poked after every act, as the
  Discord adapter pokes it after every interaction that changed a table — on a day that
  passes `DAY_PACE` times faster than the real one, so that about seven reminders a second
  fall due and are sent and recorded (the bot with 10,000 tables meets one every 8.6
  seconds), over the same while nothing else runs: p95 ÷ p95 of the act until its board is
  drawn. The conditions take turns in short blocks of acts, many rounds (see `_acts_during`),
  so that load drift on a shared machine falls on all of them alike.
- `act_p95_during_scan_over_idle`: the same with scheduler passes back to back on the bot's
  connection, each a pass as the bot makes it (one indexed query when nothing is due).
- `act_p95_during_select1_over_idle`: the same with `SELECT 1` run back to back: the floor
  of any tight loop on the bot's connection — its event loop and threads share one
  interpreter with the act's engine and renderer, and the loop takes a core.
- `act_p95_during_scan_over_select1`: the scans over `SELECT 1`: what the scan costs a move
  beyond what any loop that tight costs (1.0: nothing).
- `…_reply`: each ratio of the act until its reply only (the board not yet drawn, what the
  `acts` group times); `…_halves_apart`: how far the ratio of the first half of the rounds
  is from that of the second (how steady the figure was while it was measured).
- `act_ms_p95_<condition>` (idle, scan, select1, scheduler) and `act_reply_ms_p95_idle`: the
  absolute times beside the ratios; `load_1m_mean_during_acts`: the machine's load then.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
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
#: Rounds of blocks: each round, a block of `BLOCK` acts under each load and one alone.
ROUNDS = 20
BLOCK = 10
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
        "act_p95_during_scan_over_idle": LoopThroughBlock(
            lambda: _scans_back_to_back(back_to_back)
        ),
        "act_p95_during_select1_over_idle": LoopThroughBlock(
            lambda: _trivial_queries_back_to_back(store)
        ),
        "act_p95_during_scheduler_over_idle": SchedulerAsInTheBot(production),
    }
    try:
        figures.update(await _acts_during(store, service, users, loads))
    finally:
        await production.stop()
    assert isinstance(production.deliverer, NoDelivery)
    figures["reminders_sent_during_acts"] = production.deliverer.sent
    figures["act_p95_during_scan_over_select1"] = (
        figures["act_p95_during_scan_over_idle"] / figures["act_p95_during_select1_over_idle"]
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
    """What runs beside the acts of one block."""

    async def start(self) -> None: ...

    async def after_act(self) -> None: ...

    async def stop(self) -> None:
        """Nothing of it runs any more (the block has ended)."""
        ...


class SchedulerAsInTheBot:
    """The reminder scheduler's own task, running through the block and poked after every
    act — as the Discord adapter does after an interaction that changed a table
    (`on_meeple_table_changed`)."""

    def __init__(self, scheduler: ReminderScheduler) -> None:
        self.scheduler = scheduler

    async def start(self) -> None:
        self.scheduler.start()

    async def after_act(self) -> None:
        self.scheduler.poke()

    async def stop(self) -> None:
        await self.scheduler.stop()


class LoopThroughBlock:
    """A loop that runs back to back from the block's start to its end."""

    def __init__(self, loop: Callable[[], Coroutine[Any, Any, None]]) -> None:
        self.loop = loop
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self._task = asyncio.create_task(self.loop())
        await asyncio.sleep(0)  # the load is under way

    async def after_act(self) -> None:
        return None

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)


@dataclass
class ActTimes:
    """One condition's acts: until the reply, and until its board is drawn too."""

    reply: list[float] = field(default_factory=list)
    whole: list[float] = field(default_factory=list)
    #: Which round each act belongs to.
    rounds: list[int] = field(default_factory=list)

    def p95(self, which: str = "whole", rounds: range | None = None) -> float:
        times = getattr(self, which)
        if rounds is not None:
            times = [time for time, at in zip(times, self.rounds, strict=True) if at in rounds]
        return percentile(times, 0.95)


async def _acts_during(
    store: Store,
    service: Service,
    users: dict[int | None, User],
    loads: dict[str, Load],
) -> dict[str, float]:
    """For each of `loads`: p95 of the acts while it runs ÷ p95 of the acts while nothing
    else runs, each p95 over every act of its condition (`ROUNDS` × `BLOCK` acts).

    The conditions take turns in blocks of `BLOCK` acts — nothing, then each load — in an
    order that rotates and reverses from round to round, so that each sees the same machine
    over the same minutes (a busy neighbour slows all alike) and none always follows
    another. A load runs from its block's start to its end, through the acts and between
    them. The p95 is taken over all the acts of a condition at once: a p95 of one round's
    few acts would be its slowest act or two."""
    rng = Rng(seed=5)
    conditions: list[str | None] = [None, *loads]
    times: dict[str | None, ActTimes] = {kind: ActTimes() for kind in conditions}
    loads_seen: list[float] = []
    for number in range(ROUNDS):
        loads_seen.append(os.getloadavg()[0])
        turn = number % len(conditions)
        order = conditions[turn:] + conditions[:turn]
        for kind in reversed(order) if number % 2 else order:
            load = None if kind is None else loads[kind]
            if load is not None:
                await load.start()
            try:
                for _ in range(BLOCK):
                    service, users = await _time_one_act(store, service, users, rng, times[kind])
                    times[kind].rounds.append(number)
                    if load is not None:
                        await load.after_act()
            finally:
                if load is not None:
                    await load.stop()
    idle = times[None]
    halves = (range(ROUNDS // 2), range(ROUNDS // 2, ROUNDS))
    figures: dict[str, float] = {}
    for name in loads:
        during = times[name]
        figures[name] = during.p95() / idle.p95()
        figures[f"{name}_reply"] = during.p95("reply") / idle.p95("reply")
        by_half = [during.p95(rounds=half) / idle.p95(rounds=half) for half in halves]
        figures[f"{name}_halves_apart"] = abs(by_half[0] - by_half[1])
        figures[f"act_ms_p95_{name.removeprefix('act_p95_during_').removesuffix('_over_idle')}"] = (
            during.p95()
        )
    figures["act_ms_p95_idle"] = idle.p95()
    figures["act_reply_ms_p95_idle"] = idle.p95("reply")
    figures["acts_per_condition"] = len(idle.whole)
    figures["load_1m_mean_during_acts"] = statistics.mean(loads_seen)
    return figures


async def _time_one_act(
    store: Store,
    service: Service,
    users: dict[int | None, User],
    rng: Rng,
    times: ActTimes,
) -> tuple[Service, dict[int | None, User]]:
    """Play one random legal move at the bench's table (a new game once one ends), timed
    until its reply and until its board is drawn too."""
    table = await store.tables.open_table(CHANNEL.id)
    while table is None:
        service, users = await _playing_table(store)  # another game
        table = await store.tables.open_table(CHANNEL.id)
    user = users[min(table.to_act)]
    text = choose_action(rng, await service.legal_actions(CHANNEL, user))
    started = time.perf_counter_ns()
    reply = await service.act(CHANNEL, user, text)
    replied = time.perf_counter_ns()
    await reply.finished()
    times.reply.append((replied - started) / 1e6)
    times.whole.append((time.perf_counter_ns() - started) / 1e6)
    return service, users


async def _scans_back_to_back(scheduler: ReminderScheduler) -> None:
    while True:
        await scheduler.run_once()


async def _trivial_queries_back_to_back(store: Store) -> None:
    while True:
        await store.database.fetch_one("SELECT 1")
