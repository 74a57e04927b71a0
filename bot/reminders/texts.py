"""The words of reminders and stall notices, in the notice's language (the table's; a direct
message its reader's). They name people; transports add the pings for `pinged(notice)` the way
they ping (on Discord: a last line of @mentions)."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Message, msg

from ..service.model import Mention
from ..service.speech import say, speaking
from ..service.texts import since, who
from .model import MAX_REMINDERS, ReminderNotice, StallNotice

#: How a reminder refers to its table's channel when nothing better is known.
ITS_CHANNEL = msg("its channel")


def reminder_text(
    notice: ReminderNotice, now: datetime, *, channel: Message | str = ITS_CHANNEL
) -> str:
    """`channel`: how a direct message refers to the table's channel (a link, say)."""
    with speaking(notice.language):
        table = f"#{notice.table_id} ({notice.game_name})"
        waiting = f" {since(notice.waiting_since, now)}" if notice.waiting_since else ""
        count = msg("Reminder {number} of {most}", number=notice.number, most=MAX_REMINDERS)
        if notice.private:
            return say(
                msg(
                    "⏰ Table {table} in {channel} is waiting for you{waiting}. {count}: play with "
                    "/move there, or see the board with /status. (You get these by direct "
                    "message; /notify dm:false sends them to the channel.)",
                    table=table,
                    channel=channel,
                    waiting=waiting,
                    count=count,
                )
            )
        return say(
            msg(
                "⏰ Table {table} is waiting for {players}{waiting}. {count}: play with /move, or "
                "see the board with /status.",
                table=table,
                players=who([m.name for m in notice.recipients]),
                waiting=waiting,
                count=count,
            )
        )


def stall_text(notice: StallNotice, now: datetime) -> str:
    with speaking(notice.language):
        waiting = (
            say(msg(" (waiting {since})", since=since(notice.waiting_since, now)))
            if notice.waiting_since
            else ""
        )
        return say(
            msg(
                "⚠️ Table #{number} ({game}) is stalled: {absent} did not act after {most} "
                "reminders{waiting}. {creator}, who opened the table, or a moderator can /skip a "
                "player who is absent, or /abandon the table. Reminders stop until the next move.",
                number=str(notice.table_id),
                game=notice.game_name,
                absent=who([m.name for m in notice.absent]),
                most=MAX_REMINDERS,
                waiting=waiting,
                creator=notice.creator.name,
            )
        )


def pinged(notice: ReminderNotice | StallNotice) -> tuple[Mention, ...]:
    """Whom a notice pings: the reminded players; for a stall, the absent and the creator."""
    if isinstance(notice, ReminderNotice):
        return () if notice.private else notice.recipients
    creator = () if notice.creator in notice.absent else (notice.creator,)
    return (*notice.absent, *creator)


def interval_text(interval: timedelta) -> Message:
    """`every 24 h`, `every 90 min`."""
    minutes = int(interval.total_seconds() // 60)
    if minutes % 60:
        return msg("every {minutes} min", minutes=minutes)
    return msg("every {hours} h", hours=minutes // 60)
