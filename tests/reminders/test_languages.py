"""Reminders in the reader's language: in the channel, the table's; by direct message, the
language its reader last used with the bot (else the table's)."""

from __future__ import annotations

from bot.reminders import NotificationPrefs, ReminderScheduler, ReminderStore, reminder_text
from bot.store import Store
from tests.reminders.clock import TestClock, pass_time
from tests.reminders.support import ALICE, BOB, CAROL, RecordingDeliverer, open_table


async def test_a_german_table_reminds_in_german_and_a_dm_reads_in_its_readers_language(
    store: Store,
    reminders: ReminderStore,
    scheduler: ReminderScheduler,
    clock: TestClock,
    deliverer: RecordingDeliverer,
) -> None:
    await store.languages.remember_user_language(BOB, "en", clock.now)
    await reminders.save_prefs(NotificationPrefs(BOB, dm=True), clock.now)
    await reminders.save_prefs(NotificationPrefs(CAROL, dm=True), clock.now)
    table_id = await open_table(store, clock.now, [ALICE, BOB, CAROL], to_act=[0, 1, 2])
    table = await store.tables.table(table_id)
    assert table is not None
    await store.languages.set_table_language(table, "de")

    await pass_time(scheduler, clock, hours=24)

    by_reader = {notice.recipients[0].name: notice for notice in deliverer.reminders()}
    assert by_reader["bob"].private and by_reader["bob"].language == "en"
    assert by_reader["carol"].private and by_reader["carol"].language == "de"  # unknown: table's
    assert not by_reader["alice"].private and by_reader["alice"].language == "de"
    now = clock.now
    assert reminder_text(by_reader["bob"], now).startswith(
        "⏰ Table #1 (Pile) in its channel is waiting for you since "
    )
    assert reminder_text(by_reader["carol"], now).startswith(
        "⏰ Tisch #1 (Pile) in seinem Kanal wartet auf dich seit "
    )
    assert reminder_text(by_reader["alice"], now).startswith(
        "⏰ Tisch #1 (Pile) wartet auf alice seit "
    )
