"""The one task that sends reminders: it sleeps until the next one is due and wakes early when
poked (a setting changed that may make one sooner).

Each table's row says when to look at it next (`remind_at`, indexed; see
`bot/store/reminder_due.py`), so a pass reads only the tables due — never every table, never
a state snapshot: it works out what is due there (see `policy`), sends it, and stores each
table's exact next due time. The scheduler keeps no state of its own: a new scheduler over
the same database file — after a restart — carries on where the old one stopped, and sends
what fell due meanwhile (once, not once per missed interval). Moves need no hook: the store
sets `remind_at` with every change of position, to one interval later, and a table that
starts (in this process or another, e.g. the console) is first due one interval later, so
the scheduler never sleeps longer than the shortest interval (`MIN_INTERVAL`) and always
looks again before anything new can be due.

A reminder is counted as sent even if delivering it failed (logged): a deleted channel must
not keep the scheduler busy; after `MAX_REMINDERS` such attempts the table stalls and rests.

Several processes may run a scheduler on one database: a pass first claims the tables due
(`ReminderStore.claim_due`, one atomic UPDATE … RETURNING that moves their `remind_at` on
by a lease and names this process), so each table's reminders are sent by one process. What
the pass sent is recorded in one transaction at its end (with the tables' next due times,
releasing the claims); a process that dies before leaves its tables to be claimed again when
the lease has run out, and a reminder sent again then carries the same enforced nonce, so
Discord returns the first message instead of posting a second one.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import Protocol

from engine.core.i18n import FALLBACK

from ..service import GameCatalog, Mention
from ..service.waking import Clock, Sleep, WakingTask, utc_now
from .model import MAX_REMINDERS, MIN_INTERVAL, Awaited, Looked, ReminderNotice, StallNotice
from .policy import TablePlan, plan, sent_before
from .store import ReminderStore

log = logging.getLogger(__name__)

#: The most tables one pass looks at (the earliest due first); any more due are looked at by
#: the next pass, at once. It keeps each pass's record one short transaction.
PASS_SIZE = 100


class Deliverer(Protocol):
    """How a transport gets reminders to people."""

    async def send_reminder(self, notice: ReminderNotice) -> bool:
        """Send one reminder; False when a private one cannot reach its recipient (they
        refuse direct messages) — the scheduler then mentions them in the channel instead."""
        ...

    async def send_stall(self, notice: StallNotice) -> None:
        """Tell the table's channel that it is stalled."""
        ...


class ReminderScheduler(WakingTask):
    name = "reminder-scheduler"

    def __init__(
        self,
        store: ReminderStore,
        deliverer: Deliverer,
        *,
        clock: Clock = utc_now,
        sleep: Sleep = asyncio.sleep,
        game_name: Callable[[str], str] | None = None,
        max_sleep: timedelta = MIN_INTERVAL,
        retry_after: timedelta = timedelta(minutes=1),
        default_language: str = FALLBACK,
    ) -> None:
        super().__init__(clock=clock, sleep=sleep, max_sleep=max_sleep, retry_after=retry_after)
        self.store = store
        self.deliverer = deliverer
        self._game_name = game_name or GameCatalog().name_of
        #: The language of tables nobody chose one for (the setting DEFAULT_LANGUAGE).
        self.default_language = default_language

    # -- one pass -----------------------------------------------------------------------------

    async def run_once(self) -> datetime | None:
        """Send everything due now (a pass claims `PASS_SIZE` tables at most, the earliest
        due first, and leaves those another process holds); returns when the reminders should
        look again."""
        now = self.clock()
        due = await self.store.next_due()
        if due is None or due > now:
            return due
        tables = await self.store.claim_due(now, PASS_SIZE)
        looked = [await self._carry_out(plan(table, now)) for table in tables]
        if looked:
            await self.store.record_pass(looked, now)
            sent = sum(bool(table.reminded or table.stalled) for table in looked)
            log.info("reminders: sent what was due at %d table(s)", sent)
        return await self.store.next_due()

    async def _carry_out(self, table_plan: TablePlan) -> Looked:
        """Send what is due at one table; returns what was done, for the record."""
        table = table_plan.table
        if table_plan.stall:
            creator = next(
                (p.mention for p in table.awaited if p.user_id == table.creator_id), None
            )
            stall = StallNotice(
                table_id=table.table_id,
                channel_id=table.channel_id,
                game_name=self._game_name(table.game_key),
                absent=tuple(
                    p.mention for p in table.awaited if sent_before(table, p) >= MAX_REMINDERS
                ),
                creator=creator or Mention(table.creator_id, table.creator_name),
                waiting_since=table.waiting_since,
                table_version=table.version,
                language=table.language or self.default_language,
            )
            await self._deliver(self.deliverer.send_stall(stall), table.table_id, "stall")
            return Looked(table.table_id, table.version, stalled=True)
        in_channel: list[Awaited] = []
        for player in table_plan.remind:
            if not player.prefs.dm or not await self._deliver(
                self.deliverer.send_reminder(self._notice(table_plan, (player,), private=True)),
                table.table_id,
                "direct reminder",
            ):
                in_channel.append(player)
        if in_channel:
            notice = self._notice(table_plan, tuple(in_channel), private=False)
            await self._deliver(self.deliverer.send_reminder(notice), table.table_id, "reminder")
        return Looked(table.table_id, table.version, tuple(p.user_id for p in table_plan.remind))

    def _notice(
        self, table_plan: TablePlan, players: tuple[Awaited, ...], *, private: bool
    ) -> ReminderNotice:
        table = table_plan.table
        language = table.language or self.default_language
        if private:  # a direct message reads in its reader's language, if known
            language = players[0].language or language
        return ReminderNotice(
            table_id=table.table_id,
            channel_id=table.channel_id,
            game_name=self._game_name(table.game_key),
            recipients=tuple(p.mention for p in players),
            number=max(sent_before(table, p) for p in players) + 1,
            waiting_since=table.waiting_since,
            private=private,
            table_version=table.version,
            language=language,
        )

    @staticmethod
    async def _deliver(sending: Awaitable[bool | None], table_id: int, what: str) -> bool:
        """Await a delivery; a failure is logged and reported as not delivered."""
        try:
            return (await sending) is not False
        except Exception:
            log.exception("could not deliver the %s for table %s", what, table_id)
            return False
