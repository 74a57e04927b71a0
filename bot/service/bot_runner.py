"""The task that plays the bots' turns: it sleeps until the next one is due and wakes early
when poked (a table changed, so a bot may be to act).

It keeps no state of its own beyond the turns that failed: what is due follows from the
tables (`BotService.bot_turns_due`), so after a restart the first pass plays every bot turn
that fell due while the process was down. Each turn's move is handed to `post` (the
transport shows it in the table's channel). A turn whose decision fails (logged) is not
tried again until its table changes, so one broken table never keeps the runner busy.

Several processes may run a runner on one database: each turn (a bot's, a covered seat's or
a move clock's expiry) is claimed before it is played (`store.claims`, kind `bot-turn`, keyed
by table, version and seat), so one process plays it; a process that finds it claimed looks
again when the other's lease runs out, and takes it over if that process died. The move is
saved under the table's version guard as well, so even a turn played twice is stored once.
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
#: The claims' kind for bots' turns (`bot/store/claims.py`).
BOT_TURN = "bot-turn"
#: When to look again after losing a race with a change of the table.
RACE_RETRY = timedelta(seconds=1)


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
                await self.service.store.claims.forget_old(self.clock())
                return later
            outcomes = [await self._play(turn) for turn in fresh]
            if any(outcome is True for outcome in outcomes):
                continue
            # Each lost a race with a change, or another process holds it: look again then.
            again = [outcome for outcome in outcomes if isinstance(outcome, datetime)]
            return min([*again, *([later] if later is not None else [])])

    async def _play(self, turn: BotTurn) -> bool | datetime:
        """Claim one turn, play it and post it: True if a move was stored, else when to look
        at it again."""
        claims, key = self.service.store.claims, claim_key(turn)
        if not await claims.claim(BOT_TURN, key, self.clock()):
            held = await claims.held_until(BOT_TURN, key)
            return self.clock() + RACE_RETRY if held is None else held
        try:
            move = await self.service.play_bot_turn(turn)
        except Exception:
            log.exception("the bot could not play seat %s at table %s", turn.seat, turn.table_id)
            self._failed.add(_key(turn))
            await claims.release(BOT_TURN, key)
            return self.clock() + RACE_RETRY
        await claims.finish(BOT_TURN, key, self.clock())
        if move is None:
            return self.clock() + RACE_RETRY
        try:
            await self.post(move)
        except Exception:  # the move is stored: it is on the board and in /history anyway
            log.exception("could not post the bot's move at table %s", turn.table_id)
        return True


def claim_key(turn: BotTurn) -> str:
    """The turn's claim: table, version, seat."""
    return f"{turn.table_id}:{turn.version}:{turn.seat}"


def _key(turn: BotTurn) -> tuple[int, int, datetime]:
    """A turn as it stands: the same seat after a change of its table is another turn."""
    return (turn.table_id, turn.seat, turn.due)
