"""A test clock for the reminder scheduler: time moves only when a test moves it, and the
scheduler's sleeps end exactly when the clock passes their end — no real waiting."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from bot.reminders import ReminderScheduler

#: How long (real time) a scheduler may take to finish what is due before a test calls it
#: stuck: only a scheduler that never settles should fail, however loaded the machine.
SETTLE_TIMEOUT = 10.0


class TestClock:
    __test__ = False  # not a test class, despite the name

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
        self._sleepers: list[tuple[datetime, asyncio.Future[None]]] = []

    def __call__(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        """Like asyncio.sleep, on this clock's time."""
        wake_at = self.now + timedelta(seconds=seconds)
        if wake_at <= self.now:
            await asyncio.sleep(0)
            return
        entry = (wake_at, asyncio.get_running_loop().create_future())
        self._sleepers.append(entry)
        try:
            await entry[1]
        finally:
            self._sleepers.remove(entry)

    def sleeps_until(self, moment: datetime) -> int:
        """How many sleeps on this clock end at `moment` (begun, not just asked for)."""
        return sum(wake_at == moment for wake_at, _ in self._sleepers)

    def advance(self, **delta: float) -> None:
        """Move time on and end the sleeps whose time has come."""
        self.now += timedelta(**delta)
        for wake_at, future in self._sleepers:
            if wake_at <= self.now and not future.done():
                future.set_result(None)

    def set(self, moment: datetime) -> None:
        """Jump to `moment` (forward only)."""
        assert moment >= self.now, "the test clock does not go back"
        self.advance(seconds=(moment - self.now).total_seconds())


async def settled(
    schedulers: ReminderScheduler | Sequence[ReminderScheduler], clock: TestClock
) -> None:
    """Wait (in real time, briefly) until the scheduler — or each of several on this clock —
    has done everything due and sleeps until a moment still ahead of the clock."""
    waiting = [schedulers] if isinstance(schedulers, ReminderScheduler) else list(schedulers)
    deadline = asyncio.get_running_loop().time() + SETTLE_TIMEOUT
    while not _all_asleep(waiting, clock):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the reminder scheduler did not settle in {SETTLE_TIMEOUT} s")
        await asyncio.sleep(0.001)


def _all_asleep(schedulers: Sequence[ReminderScheduler], clock: TestClock) -> bool:
    """Each scheduler idle until a moment ahead of the clock, and its own sleep begun: a sleep
    asked for but not begun would start from a later `now`. Other tasks (the bots' runner,
    another scheduler) sleep on the clock too, so the sleeps begun at each moment must be at
    least as many as the schedulers sleeping until it."""
    moments: list[datetime] = []
    for scheduler in schedulers:
        until = scheduler.sleeping_until
        if not scheduler.idle or until is None or until <= clock.now:
            return False
        moments.append(until)
    return all(clock.sleeps_until(moment) >= moments.count(moment) for moment in set(moments))


async def pass_time(scheduler: ReminderScheduler, clock: TestClock, **delta: float) -> None:
    """Let the scheduler settle, move the clock on, and let it do what fell due."""
    await settled(scheduler, clock)
    clock.advance(**delta)
    await settled(scheduler, clock)
