"""The scheduler over a real database file, on a test clock: what is sent when, to whom and
how; stalls; waking up; and carrying on after a restart."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

import pytest

from bot.reminders import (
    NotificationPrefs,
    QuietHours,
    ReminderScheduler,
    ReminderService,
    ReminderStore,
)
from bot.service import Channel, User
from bot.store import Store
from tests.reminders.clock import TestClock, pass_time, settled
from tests.reminders.support import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    RecordingDeliverer,
    move,
    open_table,
)

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


async def test_the_awaited_player_is_reminded_when_due_and_again_each_interval(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    started = clock.now
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    await pass_time(scheduler, clock, hours=23, minutes=59)
    assert deliverer.sent == []
    await pass_time(scheduler, clock, minutes=1)
    await pass_time(scheduler, clock, hours=24)
    await pass_time(scheduler, clock, hours=24)
    assert [(s.at, s.who, s.private) for s in deliverer.sent] == [
        (started + DAY, ["bob"], False),
        (started + 2 * DAY, ["bob"], False),
        (started + 3 * DAY, ["bob"], False),
    ]
    assert [n.number for n in deliverer.reminders()] == [1, 2, 3]
    assert deliverer.reminders()[0].channel_id == CHANNEL
    assert deliverer.reminders()[0].game_name == "Pile"


async def test_a_move_resets_the_next_reminder_for_whoever_is_awaited_then(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    await pass_time(scheduler, clock, hours=24)
    await pass_time(scheduler, clock, hours=6)
    await move(store, clock.now, table_id, seat=1, to_act=[0])
    moved = clock.now
    await pass_time(scheduler, clock, hours=23)
    assert [s.who for s in deliverer.sent] == [["bob"]]
    await pass_time(scheduler, clock, hours=1)
    assert deliverer.sent[-1].at == moved + DAY
    assert deliverer.sent[-1].who == ["alice"]
    assert deliverer.reminders()[-1].number == 1


async def test_a_move_that_leaves_the_same_player_to_act_still_resets(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[0])
    await pass_time(scheduler, clock, hours=24)
    await pass_time(scheduler, clock, hours=1)
    await move(store, clock.now, table_id, seat=0, to_act=[0])  # part of a longer turn
    moved = clock.now
    await pass_time(scheduler, clock, hours=24)
    assert [n.number for n in deliverer.reminders()] == [1, 1]
    assert [s.at for s in deliverer.sent] == [moved - HOUR, moved + DAY]


async def test_a_simultaneous_turn_reminds_only_those_still_owing_an_action(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[0, 1, 2])
    await pass_time(scheduler, clock, hours=24)
    assert deliverer.sent[-1].who == ["alice", "bob", "carol"]
    await pass_time(scheduler, clock, hours=2)
    await move(store, clock.now, table_id, seat=0, to_act=[1, 2])
    await pass_time(scheduler, clock, hours=24)
    assert [s.who for s in deliverer.sent] == [["alice", "bob", "carol"], ["bob", "carol"]]


async def test_quiet_hours_hold_a_reminder_back_for_that_player_only(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    # Due at 12:00 UTC, which is 21:00 in Tokyo: carol sleeps there from 20:00 to 08:00.
    tokyo = QuietHours(time(20), time(8), "Asia/Tokyo")
    await reminders.save_prefs(NotificationPrefs(CAROL, quiet=tokyo, zone=tokyo.zone), clock.now)
    await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[1, 2])
    await pass_time(scheduler, clock, hours=24)
    assert deliverer.sent[-1].who == ["bob"]
    await pass_time(scheduler, clock, hours=10, minutes=59)
    assert len(deliverer.sent) == 1
    await pass_time(scheduler, clock, minutes=1)
    carols = deliverer.sent[-1]
    assert (carols.who, carols.at) == (["carol"], datetime(2026, 1, 6, 23, 0, tzinfo=UTC))
    # Her next one is a day after the last she got, at 08:00 Tokyo time again.
    await pass_time(scheduler, clock, hours=13)
    await pass_time(scheduler, clock, hours=11)
    assert [s.who for s in deliverer.sent[2:]] == [["bob"], ["carol"]]
    assert deliverer.sent[-1].at == datetime(2026, 1, 7, 23, 0, tzinfo=UTC)


async def test_reminders_go_by_direct_message_when_chosen(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    await reminders.save_prefs(NotificationPrefs(BOB, dm=True), clock.now)
    await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[1, 2])
    await pass_time(scheduler, clock, hours=24)
    assert [(s.who, s.private) for s in deliverer.sent] == [(["bob"], True), (["carol"], False)]


async def test_a_refused_direct_message_becomes_a_mention_in_the_channel(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    deliverer.refuses_dm.add(BOB)
    await reminders.save_prefs(NotificationPrefs(BOB, dm=True), clock.now)
    await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[1, 2])
    await pass_time(scheduler, clock, hours=24)
    assert [(s.who, s.private) for s in deliverer.sent] == [(["bob", "carol"], False)]


async def test_after_five_unanswered_reminders_the_table_stalls_until_a_move(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    for _ in range(5):
        await pass_time(scheduler, clock, hours=24)
    assert [n.number for n in deliverer.reminders()] == [1, 2, 3, 4, 5]
    assert deliverer.stalls() == []
    await pass_time(scheduler, clock, hours=24)
    [stall] = deliverer.stalls()
    assert [m.name for m in stall.absent] == ["bob"]
    assert stall.creator.name == "alice"
    [watched] = await reminders.watched_tables(table_id)
    assert watched.stalled
    for _ in range(3):
        await pass_time(scheduler, clock, hours=24)
    assert len(deliverer.sent) == 6
    await move(store, clock.now, table_id, seat=1, to_act=[0])
    await pass_time(scheduler, clock, hours=24)
    [watched] = await reminders.watched_tables(table_id)
    assert not watched.stalled
    assert (deliverer.sent[-1].who, deliverer.reminders()[-1].number) == (["alice"], 1)


async def test_a_sooner_reminder_wakes_the_sleeping_scheduler(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    slow = ReminderScheduler(reminders, deliverer, clock=clock, sleep=clock.sleep, max_sleep=DAY)
    await scheduler.stop()  # this test looks at one that may sleep a whole day
    slow.start()
    try:
        await settled(slow, clock)
        assert slow.sleeping_until == clock.now + DAY
        service = ReminderService(reminders, wake=slow.poke, game_name=str, clock=clock)
        await service.remind(Channel(CHANNEL, GUILD), User(ALICE, "alice"), every=2)
        await settled(slow, clock)
        assert slow.sleeping_until == clock.now + 2 * HOUR
        await pass_time(slow, clock, hours=2)
        assert [(s.at, s.who) for s in deliverer.sent] == [(clock.now, ["bob"])]
    finally:
        await slow.stop()


async def test_a_table_started_meanwhile_is_found_without_a_poke(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    await settled(scheduler, clock)
    assert scheduler.sleeping_until == clock.now + HOUR  # nothing due: the longest nap
    started = clock.now + timedelta(minutes=10)
    clock.advance(minutes=10)
    await open_table(store, clock.now, [ALICE, BOB], to_act=[0])
    for _ in range(25):
        await pass_time(scheduler, clock, hours=1)
    assert [(s.at, s.who) for s in deliverer.sent] == [(started + DAY, ["alice"])]


async def test_a_failed_delivery_is_counted_and_does_not_stop_the_scheduler(
    store: Store, scheduler: ReminderScheduler, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    deliverer.broken = True
    await pass_time(scheduler, clock, hours=24)
    deliverer.broken = False
    await pass_time(scheduler, clock, hours=24)
    assert [n.number for n in deliverer.reminders()] == [2]


@pytest.mark.parametrize("downtime_days", [1, 3])
async def test_a_new_scheduler_over_the_same_file_carries_on(
    database_url: str, store: Store, clock: TestClock, downtime_days: int
) -> None:
    await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    first = RecordingDeliverer(clock)
    async with await ReminderStore.open(database_url) as reminders:
        before = ReminderScheduler(reminders, first, clock=clock, sleep=clock.sleep)
        before.start()
        await pass_time(before, clock, hours=24)
        await before.stop()
    assert [n.number for n in first.reminders()] == [1]

    clock.advance(days=downtime_days)  # the bot is down
    second = RecordingDeliverer(clock)
    async with await ReminderStore.open(database_url) as reminders:
        after = ReminderScheduler(reminders, second, clock=clock, sleep=clock.sleep)
        after.start()
        await settled(after, clock)
        # What fell due meanwhile comes once, at once; then the interval goes on from there.
        assert [s.at for s in second.sent] == [clock.now]
        assert [n.number for n in second.reminders()] == [2]
        restarted = clock.now
        await pass_time(after, clock, hours=24)
        await after.stop()
    assert [(s.at, s.who) for s in second.sent][-1] == (restarted + DAY, ["bob"])


async def test_on_the_game_stores_connection_closing_leaves_it_open(
    store: Store, clock: TestClock, deliverer: RecordingDeliverer
) -> None:
    table_id = await open_table(store, clock.now, [ALICE, BOB], to_act=[1])
    shared = ReminderStore.sharing(store)
    scheduler = ReminderScheduler(shared, deliverer, clock=clock, sleep=clock.sleep)
    scheduler.start()
    await pass_time(scheduler, clock, hours=24)
    await scheduler.stop()
    await shared.close()
    assert [s.who for s in deliverer.sent] == [["bob"]]
    assert await store.tables.table(table_id) is not None


async def test_the_stall_names_those_who_had_all_their_reminders(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    # Hourly reminders; carol's night in Tokyo (20-08) is 11:00 to 23:00 UTC: she gets none
    # before bob's five have gone unanswered at 18:00 UTC.
    tokyo = QuietHours(time(20), time(8), "Asia/Tokyo")
    await reminders.save_prefs(NotificationPrefs(CAROL, quiet=tokyo, zone=tokyo.zone), clock.now)
    table_id = await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[1, 2])
    await reminders.set_reminders(table_id, enabled=True, interval=HOUR, by=ALICE, now=clock.now)
    for _ in range(6):
        await pass_time(scheduler, clock, hours=1)
    assert [s.who for s in deliverer.sent] == [["bob"]] * 6  # five reminders, then the stall
    [stall] = deliverer.stalls()
    assert [m.name for m in stall.absent] == ["bob"]
    await pass_time(scheduler, clock, hours=12)
    assert len(deliverer.sent) == 6
