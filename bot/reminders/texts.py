"""The words of reminders and stall notices. Transports pass how they write a mention (a ping)
and a reference to the table's channel (for direct messages)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from ..service.model import Mention
from ..service.texts import names_list, since
from .model import MAX_REMINDERS, ReminderNotice, StallNotice

MentionFormat = Callable[[Mention], str]


def plain_mention(mention: Mention) -> str:
    return f"@{mention.name}"


def reminder_text(
    notice: ReminderNotice,
    now: datetime,
    *,
    mention: MentionFormat = plain_mention,
    channel: str = "its channel",
) -> str:
    table = f"#{notice.table_id} ({notice.game_name})"
    waiting = f" {since(notice.waiting_since, now)}" if notice.waiting_since else ""
    count = f"Reminder {notice.number} of {MAX_REMINDERS}"
    if notice.private:
        return (
            f"⏰ Table {table} in {channel} is waiting for you{waiting}. {count}: play "
            "with /move there, or see the board with /status. (You get these by direct "
            "message; /notify dm:false sends them to the channel.)"
        )
    who = names_list([mention(m) for m in notice.recipients])
    return (
        f"⏰ {who}: table {table} is waiting for you{waiting}. {count}: play with /move, or "
        "see the board with /status."
    )


def stall_text(
    notice: StallNotice, now: datetime, *, mention: MentionFormat = plain_mention
) -> str:
    absent = names_list([mention(m) for m in notice.absent])
    waiting = f" (waiting {since(notice.waiting_since, now)})" if notice.waiting_since else ""
    player = notice.absent[0].name if len(notice.absent) == 1 else "<player>"
    return (
        f"⚠️ Table #{notice.table_id} ({notice.game_name}) is stalled: {absent} did not act "
        f"after {MAX_REMINDERS} reminders{waiting}. {mention(notice.creator)}, who opened the "
        f"table, or a moderator can /skip player:{player} or /abandon the table. Reminders stop "
        "until the next move."
    )


def interval_text(interval: timedelta) -> str:
    """`every 24 h`, `every 90 min`."""
    minutes = int(interval.total_seconds() // 60)
    if minutes % 60:
        return f"every {minutes} min"
    return f"every {minutes // 60} h"
