"""When reminders are due, and what a due moment means for a table. Pure: no I/O, no clock.

Every awaited player has their own sequence for the current position of a table: the first
reminder one interval after the position last changed (or after `/remind` changed the
interval, if later), each further one an interval after the previous one was sent. A reminder
due inside a player's quiet hours waits for the end of them, so players with different quiet
hours are reminded at different moments: a channel message mentions whoever is due at that
moment, and the others get theirs when their quiet hours end. Any change of the position (its
table version) starts every sequence afresh and lifts a stall.

When a player who has had `MAX_REMINDERS` reminders is due once more, the table is declared
stalled instead, and nobody at it is reminded again until the position changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from .model import MAX_REMINDERS, Awaited, WatchedTable


@dataclass(frozen=True, slots=True)
class TablePlan:
    """What is due at a table at a given moment."""

    table: WatchedTable
    #: Players to remind now.
    remind: tuple[Awaited, ...] = ()
    #: Declare the table stalled now (instead of reminding anyone).
    stall: bool = False
    #: The earliest moment anything is due at this table (None: nothing ever, as it stands).
    next_due: datetime | None = None

    @property
    def due_now(self) -> bool:
        return self.stall or bool(self.remind)


def sent_before(table: WatchedTable, player: Awaited) -> int:
    """Reminders the player has had about the table's current position."""
    progress = player.progress
    if progress is None or progress.table_version != table.version:
        return 0
    return progress.sent


def due_at(table: WatchedTable, player: Awaited) -> datetime:
    """When the player's next reminder (or the stall it would be) reaches them."""
    sent = sent_before(table, player)
    since = player.progress.last_sent_at if sent and player.progress else table.changed_at
    changed = table.settings.changed_at
    if changed is not None and changed > since:
        since = changed
    due = since + table.settings.interval
    if player.away_until is not None and player.away_until > due:
        due = player.away_until
    return player.prefs.release(due)


def plan(table: WatchedTable, now: datetime) -> TablePlan:
    """What is due at `now`: reminders for the players due, or the stall."""
    if not table.settings.enabled or table.stalled or not table.awaited:
        return TablePlan(table)
    dues = {player.user_id: due_at(table, player) for player in table.awaited}
    due = tuple(player for player in table.awaited if dues[player.user_id] <= now)
    next_due = min(dues.values())
    if any(sent_before(table, player) >= MAX_REMINDERS for player in due):
        return TablePlan(table, stall=True, next_due=next_due)
    return TablePlan(table, remind=due, next_due=next_due)
