"""Who has done their part: simultaneous turns as the service sees them, for every game.

The engine only says which seats must act now (`to_act`); several may at once. The service
calls a stretch of play in which that set only shrinks a *round*: a round begins whenever the
engine waits for a seat it was not waiting for just before (in a turn-based game: every
turn; in Tiny Towns: when the resource of a new round is known), and a seat that leaves
`to_act` during the round has done its part. The table row keeps the seats a round began
with, so every process can tell who is done and who is still owed an action.

A round also sets the time the table has been waiting since, and whom a move pings: only the
seats that this very move made the table wait for — players still owed an action were pinged
when their round began, and reminders take over from there.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from ..store import TableRecord


@dataclass(frozen=True, slots=True)
class RoundProgress:
    """The position's round after a change of `to_act`."""

    #: The seats owed an action now, in seat order.
    to_act: list[int]
    #: The seats the round began with.
    round_seats: list[int]
    #: When the round began: since then the table waits for `to_act`.
    waiting_since: datetime
    #: Seats the change made the table wait for (to ping).
    newly_owed: list[int]

    @property
    def done(self) -> list[int]:
        """Seats that have done their part of the round."""
        return sorted(set(self.round_seats) - set(self.to_act))


def next_round(table: TableRecord, to_act: Collection[int], now: datetime) -> RoundProgress:
    """The round after the table's position changes to one that waits for `to_act`."""
    owed = sorted(to_act)
    newly = sorted(set(owed) - set(table.to_act))
    if newly or table.waiting_since is None:
        return RoundProgress(owed, owed, now, newly)
    return RoundProgress(owed, table.round_seats, table.waiting_since, [])


def current_round(table: TableRecord) -> RoundProgress:
    """The table's round as stored (for a table that has started)."""
    return RoundProgress(
        list(table.to_act), table.round_seats, table.waiting_since or table.updated_at, []
    )
