"""A test clock for the reminder scheduler: time moves only when a test moves it, and the
scheduler's sleeps end exactly when the clock passes their end — no real waiting."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from bot.reminders import ReminderScheduler

#: How long (real time) a scheduler may take to finish what is due before a test calls it
#: stuck: generous, since a pass on PostgreSQL with two processes beside a loaded machine's
#: other work took over 3 s (only a scheduler that never settles should fail).
SETTLE_TIMEOUT = 15.0


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

    def sleeps_until(self, moment: datetime) -> bool:
        """Whether a sleep on this clock ends at `moment` (has begun, not just been asked for)."""
        return any(wake_at == moment for wake_at, _ in self._sleepers)

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


async def settled(scheduler: ReminderScheduler, clock: TestClock) -> None:
    """Wait (in real time, briefly) until the scheduler has done everything due and sleeps
    until a moment still ahead of the clock."""
    deadline = asyncio.get_running_loop().time() + SETTLE_TIMEOUT
    while not (
        scheduler.idle
        and scheduler.sleeping_until is not None
        and scheduler.sleeping_until > clock.now
        # The scheduler's own sleep has begun on the clock (other tasks — the bots' runner —
        # sleep on it too): a sleep asked for but not begun would start from a later `now`.
        and clock.sleeps_until(scheduler.sleeping_until)
    ):
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the reminder scheduler did not settle in {SETTLE_TIMEOUT} s")
        await asyncio.sleep(0.001)


async def pass_time(scheduler: ReminderScheduler, clock: TestClock, **delta: float) -> None:
    """Let the scheduler settle, move the clock on, and let it do what fell due."""
    await settled(scheduler, clock)
    clock.advance(**delta)
    await settled(scheduler, clock)
