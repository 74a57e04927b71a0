"""The task that plays the bots' turns: it sleeps until the next one is due and wakes early
when poked (a table changed, so a bot may be to act).

It keeps no state of its own beyond the turns that failed: what is due follows from the
tables (`BotService.bot_turns_due`), so after a restart the first pass plays every bot turn
that fell due while the process was down. Each turn's move is handed to `post` (the
transport shows it in the table's channel). A turn whose decision fails (logged) is not
tried again until its table changes, so one broken table never keeps the runner busy.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from .base import utc_now
from .bot_policy import BOT_DELAY, BotTurn
from .bots import BotMove, BotService

log = logging.getLogger(__name__)

Post = Callable[[BotMove], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]

#: The longest the runner sleeps without looking (a table changed by another process, say).
MAX_SLEEP = timedelta(minutes=5)


class BotRunner:
    def __init__(
        self,
        service: BotService,
        post: Post,
        *,
        clock: Callable[[], datetime] = utc_now,
        sleep: Sleep = asyncio.sleep,
        delay: timedelta = BOT_DELAY,
        max_sleep: timedelta = MAX_SLEEP,
    ) -> None:
        self.service = service
        self.post = post
        self.clock = clock
        self._sleep = sleep
        self.delay = delay
        self._max_sleep = max_sleep
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failed: set[tuple[int, int, datetime]] = set()

    def poke(self) -> None:
        """A table changed: a bot may be to act."""
        self._wake.set()

    def start(self) -> asyncio.Task[None]:
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self.run(), name="bot-turns")
        return self._task

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def run(self) -> None:
        """Play what is due, sleep until the next, forever (cancel to stop)."""
        while True:
            self._wake.clear()
            try:
                due = await self.run_once()
            except Exception:
                log.exception("bot pass failed; looking again in a minute")
                due = self.clock() + timedelta(minutes=1)
            await self._wait_until(due)

    async def run_once(self) -> datetime | None:
        """Play every bot turn due now — and those due at once after them — and return when
        the next one will be due (None: none as the tables stand)."""
        while True:
            due, later = await self.service.bot_turns_due(self.clock(), self.delay)
            fresh = [turn for turn in due if _key(turn) not in self._failed]
            if not fresh:
                return later
            played = [await self._play(turn) for turn in fresh]
            if not any(played):  # each lost a race with a change: look again shortly
                return self.clock() + timedelta(seconds=1)

    async def _play(self, turn: BotTurn) -> bool:
        """Play one turn and post it; whether a move was stored."""
        try:
            move = await self.service.play_bot_turn(turn)
        except Exception:
            log.exception("the bot could not play seat %s at table %s", turn.seat, turn.table_id)
            self._failed.add(_key(turn))
            return False
        if move is None:
            return False
        try:
            await self.post(move)
        except Exception:  # the move is stored: it is on the board and in /history anyway
            log.exception("could not post the bot's move at table %s", turn.table_id)
        return True

    async def _wait_until(self, due: datetime | None) -> None:
        now = self.clock()
        until = now + self._max_sleep if due is None else min(due, now + self._max_sleep)
        sleeper = asyncio.ensure_future(self._sleep(max(0.0, (until - now).total_seconds())))
        waker = asyncio.ensure_future(self._wake.wait())
        try:
            await asyncio.wait({sleeper, waker}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for waiting in (sleeper, waker):
                waiting.cancel()
            await asyncio.gather(sleeper, waker, return_exceptions=True)


def _key(turn: BotTurn) -> tuple[int, int, datetime]:
    """A turn as it stands: the same seat after a change of its table is another turn."""
    return (turn.table_id, turn.seat, turn.due)
