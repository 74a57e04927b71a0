"""The reminder policy on its own: when each awaited player is due, and what is due when."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, time, timedelta
from typing import Any

from bot.reminders import MAX_REMINDERS, NotificationPrefs, QuietHours, ReminderSettings
from bot.reminders.model import Awaited, Progress, WatchedTable
from bot.reminders.policy import due_at, plan

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def player(
    user_id: str, *, progress: Progress | None = None, quiet: QuietHours | None = None
) -> Awaited:
    return Awaited(user_id, user_id, NotificationPrefs(user_id, quiet=quiet), progress)


def table(*awaited: Awaited, **changes: Any) -> WatchedTable:
    base = WatchedTable(
        table_id=1,
        channel_id="chan",
        guild_id="guild",
        game_key="pile",
        creator_id="alice",
        creator_name="alice",
        version=7,
        changed_at=START,
        waiting_since=START,
        settings=ReminderSettings(),
        stalled=False,
        awaited=awaited,
    )
    return replace(base, **changes)


def test_the_first_reminder_is_one_interval_after_the_position_changed() -> None:
    bob = player("bob")
    assert due_at(table(bob), bob) == START + DAY
    assert plan(table(bob), START + DAY - timedelta(seconds=1)).remind == ()
    assert plan(table(bob), START + DAY).remind == (bob,)


def test_further_reminders_follow_the_last_one_sent() -> None:
    sent_late = START + DAY + timedelta(hours=3)
    bob = player("bob", progress=Progress(table_version=7, sent=1, last_sent_at=sent_late))
    assert due_at(table(bob), bob) == sent_late + DAY


def test_reminders_about_an_older_position_do_not_count() -> None:
    old = Progress(table_version=6, sent=4, last_sent_at=START - timedelta(hours=1))
    bob = player("bob", progress=old)
    assert due_at(table(bob), bob) == START + DAY
    assert not plan(table(bob), START + DAY).stall


def test_a_new_interval_counts_from_when_it_was_set() -> None:
    bob = player("bob")
    changed = START + timedelta(hours=5)
    hourly = ReminderSettings(interval=timedelta(hours=1), changed_at=changed)
    assert due_at(table(bob, settings=hourly), bob) == changed + timedelta(hours=1)
    earlier = ReminderSettings(interval=timedelta(hours=1), changed_at=START - DAY)
    assert due_at(table(bob, settings=earlier), bob) == START + timedelta(hours=1)


def test_nothing_is_due_when_off_stalled_or_awaiting_nobody() -> None:
    bob = player("bob")
    much_later = START + 30 * DAY
    assert plan(table(bob, settings=ReminderSettings(enabled=False)), much_later).next_due is None
    assert plan(table(bob, stalled=True), much_later).next_due is None
    assert plan(table(), much_later).next_due is None


def test_players_in_quiet_hours_are_reminded_when_these_end() -> None:
    # Due at 12:00 UTC = 21:00 in Tokyo, inside 20-08 there: bob waits until 23:00 UTC.
    tokyo = QuietHours(time(20), time(8), "Asia/Tokyo")
    alice, bob = player("alice"), player("bob", quiet=tokyo)
    watched = table(alice, bob)
    assert plan(watched, START + DAY).remind == (alice,)
    assert due_at(watched, bob) == datetime(2026, 1, 6, 23, 0, tzinfo=UTC)
    assert plan(watched, datetime(2026, 1, 6, 23, 0, tzinfo=UTC)).remind == (alice, bob)


def test_the_stall_comes_instead_of_a_reminder_after_the_last_one() -> None:
    last = START + 5 * DAY
    tired = Progress(table_version=7, sent=MAX_REMINDERS, last_sent_at=last)
    fresh = Progress(table_version=7, sent=1, last_sent_at=last)
    bob, carol = player("bob", progress=tired), player("carol", progress=fresh)
    watched = table(bob, carol)
    assert not plan(watched, last + DAY - timedelta(minutes=1)).due_now
    due = plan(watched, last + DAY)
    assert due.stall and due.remind == ()


def test_an_absent_player_is_reminded_only_once_back() -> None:
    back = START + 5 * DAY
    present, away = player("alice"), replace(player("alice"), away_until=back)
    assert due_at(table(present), present) == START + DAY
    assert due_at(table(away), away) == back
    assert plan(table(away), back - timedelta(minutes=1)).remind == ()
    assert plan(table(away), back).remind == (away,)
