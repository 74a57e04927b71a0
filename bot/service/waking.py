"""A background task that does what is due, then sleeps until the next thing is due — or until
it is poked (something changed that may make work due sooner). The reminders' scheduler and
the bots' runner are two of them.

Sleeping goes through the clock's `sleep(seconds)` when the clock has one (a test clock moves
only when a test moves it), so both run on test time in tests.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Sleep = Callable[[float], Awaitable[None]]


def utc_now() -> datetime:
    return datetime.now(UTC)


class WakingTask:
    """Subclasses say what one pass does (`run_once`, returning when to look again)."""

    #: The asyncio task's name, and what a failed pass is logged as.
    name = "waking task"

    def __init__(
        self,
        *,
        clock: Clock = utc_now,
        sleep: Sleep = asyncio.sleep,
        max_sleep: timedelta,
        retry_after: timedelta = timedelta(minutes=1),
    ) -> None:
        self.clock = clock
        self._sleep = sleep
        self._max_sleep = max_sleep
        self._retry_after = retry_after
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        #: Where the running task sleeps until now (None: not sleeping).
        self.sleeping_until: datetime | None = None

    async def run_once(self) -> datetime | None:
        """Do what is due now; returns when to look again (None: only when poked, or after
        the longest sleep)."""
        raise NotImplementedError

    @property
    def idle(self) -> bool:
        """Asleep with nothing left to do until `sleeping_until` (or a poke)."""
        return self.sleeping_until is not None and not self._wake.is_set()

    def poke(self) -> None:
        """Something changed that may make work due sooner: look again now."""
        self._wake.set()

    def start(self) -> asyncio.Task[None]:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name=self.name)
        return self._task

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def run(self) -> None:
        """Do what is due, sleep until the next, forever (cancel to stop)."""
        while True:
            self._wake.clear()
            try:
                due = await self.run_once()
            except Exception:
                log.exception("%s: a pass failed; trying again in %s", self.name, self._retry_after)
                due = self.clock() + self._retry_after
            await self._wait_until(due)

    async def _wait_until(self, due: datetime | None) -> None:
        now = self.clock()
        until = now + self._max_sleep if due is None else min(due, now + self._max_sleep)
        self.sleeping_until = until
        sleeper = asyncio.ensure_future(self._sleep(max(0.0, (until - now).total_seconds())))
        waker = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.sleeping_until = None
            for waiting in (sleeper, waker):
                waiting.cancel()
            await asyncio.gather(sleeper, waker, return_exceptions=True)
