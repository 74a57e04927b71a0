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

from .bot_policy import BOT_DELAY, BotTurn
from .bots import BotMove, BotService
from .waking import Clock, Sleep, WakingTask, utc_now

log = logging.getLogger(__name__)

Post = Callable[[BotMove], Awaitable[None]]

#: The longest the runner sleeps without looking (a table changed by another process, say).
MAX_SLEEP = timedelta(minutes=5)


class BotRunner(WakingTask):
    name = "bot-turns"

    def __init__(
        self,
        service: BotService,
        post: Post,
        *,
        clock: Clock = utc_now,
        sleep: Sleep = asyncio.sleep,
        delay: timedelta = BOT_DELAY,
        max_sleep: timedelta = MAX_SLEEP,
    ) -> None:
        super().__init__(clock=clock, sleep=sleep, max_sleep=max_sleep)
        self.service = service
        self.post = post
        self.delay = delay
        self._failed: set[tuple[int, int, datetime]] = set()

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


def _key(turn: BotTurn) -> tuple[int, int, datetime]:
    """A turn as it stands: the same seat after a change of its table is another turn."""
    return (turn.table_id, turn.seat, turn.due)
