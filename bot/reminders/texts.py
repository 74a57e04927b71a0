"""The words of reminders and stall notices. They name people; transports add the pings for
`pinged(notice)` the way they ping (on Discord: a last line of @mentions)."""

from __future__ import annotations

from datetime import datetime, timedelta

from ..service.model import Mention
from ..service.texts import names_list, since
from .model import MAX_REMINDERS, ReminderNotice, StallNotice


def reminder_text(notice: ReminderNotice, now: datetime, *, channel: str = "its channel") -> str:
    """`channel`: how a direct message refers to the table's channel (a link, say)."""
    table = f"#{notice.table_id} ({notice.game_name})"
    waiting = f" {since(notice.waiting_since, now)}" if notice.waiting_since else ""
    count = f"Reminder {notice.number} of {MAX_REMINDERS}"
    if notice.private:
        return (
            f"⏰ Table {table} in {channel} is waiting for you{waiting}. {count}: play with "
            "/move there, or see the board with /status. (You get these by direct message; "
            "/notify dm:false sends them to the channel.)"
        )
    who = names_list([m.name for m in notice.recipients])
    return (
        f"⏰ Table {table} is waiting for {who}{waiting}. {count}: play with /move, or see the "
        "board with /status."
    )


def stall_text(notice: StallNotice, now: datetime) -> str:
    absent = names_list([m.name for m in notice.absent])
    waiting = f" (waiting {since(notice.waiting_since, now)})" if notice.waiting_since else ""
    return (
        f"⚠️ Table #{notice.table_id} ({notice.game_name}) is stalled: {absent} did not act "
        f"after {MAX_REMINDERS} reminders{waiting}. {notice.creator.name}, who opened the "
        "table, or a moderator can /skip a player who is absent, or /abandon the table. "
        "Reminders stop until the next move."
    )


def pinged(notice: ReminderNotice | StallNotice) -> tuple[Mention, ...]:
    """Whom a notice pings: the reminded players; for a stall, the absent and the creator."""
    if isinstance(notice, ReminderNotice):
        return () if notice.private else notice.recipients
    creator = () if notice.creator in notice.absent else (notice.creator,)
    return (*notice.absent, *creator)


def interval_text(interval: timedelta) -> str:
    """`every 24 h`, `every 90 min`."""
    minutes = int(interval.total_seconds() // 60)
    if minutes % 60:
        return f"every {minutes} min"
    return f"every {minutes // 60} h"
