"""Tables set up straight through the game store (any `to_act`, also several seats at once),
and a deliverer that records what the scheduler sends."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from bot.reminders import ReminderNotice, StallNotice
from bot.store import NewAction, Store, TableUpdate

CHANNEL = "chan-1"
GUILD = "guild-1"
NAMES = {"u-alice": "alice", "u-bob": "bob", "u-carol": "carol"}
ALICE, BOB, CAROL = NAMES


async def open_table(
    store: Store,
    now: datetime,
    players: list[str],
    to_act: list[int],
    *,
    channel: str = CHANNEL,
) -> int:
    """A started table with `players` seated in that order (the first opened it)."""
    table = await store.tables.create_table(
        channel_id=channel,
        guild_id=GUILD,
        game_key="pile",
        options={},
        seed=1,
        creator_id=players[0],
        creator_name=NAMES[players[0]],
        now=now,
    )
    for user_id in players[1:]:
        current = await store.tables.table(table.id)
        assert current is not None
        await store.tables.add_seat(current, user_id, NAMES[user_id], now)
    current = await store.tables.table(table.id)
    assert current is not None
    await store.tables.start(current, players, TableUpdate("{}", to_act, now, finished=False), now)
    return table.id


async def move(store: Store, now: datetime, table_id: int, seat: int, to_act: list[int]) -> None:
    """Seat `seat` acts; afterwards the table waits for `to_act`."""
    table = await store.tables.table(table_id)
    assert table is not None
    seats = await store.tables.seats(table_id)
    action = NewAction(
        seat=seat,
        user_id=next(s.user_id for s in seats if s.seat == seat),
        kind="move",
        text="take 1",
        events=[],
        reveals=False,
    )
    waiting_since = table.waiting_since if to_act == table.to_act else now
    update = TableUpdate("{}", to_act, waiting_since, finished=not to_act)
    await store.actions.commit_action(table, action, update, now)


@dataclass
class Sent:
    at: datetime
    notice: ReminderNotice | StallNotice

    @property
    def who(self) -> list[str]:
        notice = self.notice
        people = notice.absent if isinstance(notice, StallNotice) else notice.recipients
        return [m.name for m in people]

    @property
    def private(self) -> bool:
        return isinstance(self.notice, ReminderNotice) and self.notice.private


@dataclass
class RecordingDeliverer:
    """Records every notice with the test clock's time; refuses DMs to `refuses_dm`."""

    clock: Callable[[], datetime]
    sent: list[Sent] = field(default_factory=list)
    refuses_dm: set[str] = field(default_factory=set)
    broken: bool = False

    async def send_reminder(self, notice: ReminderNotice) -> bool:
        if self.broken:
            raise ConnectionError("the transport is down")
        if notice.private and notice.recipients[0].user_id in self.refuses_dm:
            return False
        self.sent.append(Sent(self._now(), notice))
        return True

    async def send_stall(self, notice: StallNotice) -> None:
        self.sent.append(Sent(self._now(), notice))

    def _now(self) -> datetime:
        return self.clock()

    def reminders(self) -> list[ReminderNotice]:
        return [s.notice for s in self.sent if isinstance(s.notice, ReminderNotice)]

    def stalls(self) -> list[StallNotice]:
        return [s.notice for s in self.sent if isinstance(s.notice, StallNotice)]
