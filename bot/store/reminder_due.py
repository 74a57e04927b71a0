"""When the reminders should next look at a table: `game_tables.remind_at`, kept on the row.

The reminder scheduler finds the tables due through an index on this column, so a scan
costs the same with ten tables as with ten thousand, and never reads a state snapshot. The
column holds microseconds since the Unix epoch (UTC), exactly comparable, and NULL when
nothing is due until the next change (a table stalled, reminders off, a table not running).

It is kept up to date this way (`bot/reminders/` relies on it):
- Every write that changes a running table's position — its start, a move, an undo —
  sets it to one reminder interval after the change (the table's own interval, else the
  default; NULL while its reminders are off). That is when the first reminder is due, or
  earlier than that when quiet hours hold it back; never later.
- `/remind` and `/notify` set it to "now" for the tables they may affect, so that the
  scheduler looks at them at once.
- The scheduler, after looking at a table, stores its exact next due time.

So `remind_at` is never later than the true due time, and a table is never missed.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

#: How often a table reminds when nobody set its interval.
DEFAULT_REMINDER_INTERVAL = timedelta(hours=24)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


def to_micros(moment: datetime) -> int:
    """`moment` (timezone-aware) as microseconds since the epoch, the column's unit."""
    return (moment - _EPOCH) // _MICROSECOND


def from_micros(value: int) -> datetime:
    return _EPOCH + value * _MICROSECOND


#: `remind_at` after a write that changed the table's position at time `?` (microseconds):
#: one interval later, or NULL when the table's reminders are off (interval 0 stands for
#: "off" here; real intervals are positive).
REMIND_AT_AFTER_CHANGE = (
    "? + 1000000 * NULLIF(COALESCE((SELECT CASE WHEN r.enabled = 1 THEN r.interval_seconds "
    "ELSE 0 END FROM table_reminders AS r WHERE r.table_id = game_tables.id), "
    f"{int(DEFAULT_REMINDER_INTERVAL.total_seconds())}), 0)"
)
