"""When an absent player may be skipped: once the table has waited for them its skip time
(`/newgame skip-after:`, 24 h unless its creator chose), or at once when the table is
stalled — its reminders went unanswered (`bot/reminders`). Before that a skip would punish a
player for an ordinary night's sleep."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Message, msg

from ..store import SeatRecord
from .base import TableContext
from .texts import from_then, hours_message, since

#: The skip times `/newgame skip-after:` offers, in hours: an hour to a week.
MIN_SKIP_HOURS = 1
MAX_SKIP_HOURS = 168


def skip_rule(skip_after: timedelta) -> Message:
    """`a player the table waits for may be skipped after 24 h, or once the table stalls`."""
    return msg(
        "a player the table waits for may be skipped after {hours}, or once the table stalls",
        hours=hours_message(skip_after),
    )


def skip_too_early(
    ctx: TableContext, target: SeatRecord, now: datetime, stalled: bool
) -> Message | None:
    """Why `target` may not be skipped yet (from when it is possible), or None if they may."""
    waiting_since = ctx.table.waiting_since
    if stalled or waiting_since is None:
        return None
    allowed = waiting_since + ctx.table.skip_after
    if now >= allowed:
        return None
    return msg(
        "{table} has waited for {player} only {since}. You can skip {player} {when}, once the "
        "table has waited {hours} for them — or sooner if the table stalls (its reminders go "
        "unanswered).",
        table=ctx.title,
        player=target.display_name,
        since=since(waiting_since, now),
        when=from_then(allowed, now),
        hours=hours_message(ctx.table.skip_after),
    )
