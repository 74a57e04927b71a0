"""Work that must happen once, claimed through the database (migration 0016).

Several bot processes may share one database (docs/deploy.md, "Several processes"). Before a
process does a piece of once-only work — a bot's turn, the command sync — it claims it with
a row of `work_claims`: one atomic `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING`
succeeds for exactly one process. A claim is a lease, naming its owner and when it expires:
the owner marks the work done (`finish`), gives it up after a failure (`release`), or dies —
and once the lease has run out another process's claim takes the work over. Nothing is
stranded, and nothing is done twice while a lease holds (the work itself is guarded as well:
a move by the table's version, a result by its primary key).

The SQL is the same for SQLite and PostgreSQL.
"""

from __future__ import annotations

import os
import secrets
import socket
from datetime import datetime, timedelta

from .database import Database
from .reminder_due import from_micros, to_micros

#: How long a claim holds unless the settings say otherwise (WORK_LEASE_SECONDS).
DEFAULT_LEASE = timedelta(minutes=2)
#: Claims done or expired longer ago than this are forgotten.
KEPT = timedelta(days=1)

_CLAIM = (
    "INSERT INTO work_claims (kind, work_key, owner, claimed_at, expires_at) "
    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, work_key) DO UPDATE SET "
    "owner = excluded.owner, claimed_at = excluded.claimed_at, expires_at = excluded.expires_at "
    "WHERE work_claims.done_at IS NULL AND (work_claims.expires_at <= excluded.claimed_at "
    "OR work_claims.owner = excluded.owner) "
    "RETURNING owner"
)


def process_owner() -> str:
    """This process as a claim's owner: host, process id and a random part (a restarted
    process with a reused pid is another owner)."""
    return f"{socket.gethostname()}/{os.getpid()}/{secrets.token_hex(3)}"


class Claims:
    """The claims of one owner (by default this process) on `database`."""

    def __init__(
        self, database: Database, owner: str | None = None, lease: timedelta = DEFAULT_LEASE
    ) -> None:
        self.database = database
        self.owner = owner or process_owner()
        self.lease = lease

    async def claim(self, kind: str, key: str, now: datetime) -> bool:
        """Claim `kind`/`key` for `lease`; True if this owner holds it now (also when it held
        it already: the lease is renewed). False while another owner's lease runs, and for
        work done."""
        start = to_micros(now)
        async with self.database.write() as db:
            claimed = await db.fetch_one(
                _CLAIM, (kind, key, self.owner, start, start + to_micros_delta(self.lease))
            )
            return claimed is not None

    async def finish(self, kind: str, key: str, now: datetime) -> None:
        """The work is done: nobody claims it again."""
        async with self.database.write() as db:
            await db.execute(
                "UPDATE work_claims SET done_at = ? WHERE kind = ? AND work_key = ? AND owner = ?",
                (to_micros(now), kind, key, self.owner),
            )

    async def release(self, kind: str, key: str) -> None:
        """Give the work up (it failed here): any process may claim it at once."""
        async with self.database.write() as db:
            await db.execute(
                "DELETE FROM work_claims WHERE kind = ? AND work_key = ? AND owner = ? "
                "AND done_at IS NULL",
                (kind, key, self.owner),
            )

    async def held_until(self, kind: str, key: str) -> datetime | None:
        """When another owner's lease on unfinished work runs out (None: nobody holds it, or
        it is done)."""
        row = await self.database.fetch_one(
            "SELECT expires_at FROM work_claims WHERE kind = ? AND work_key = ? "
            "AND done_at IS NULL",
            (kind, key),
        )
        return None if row is None else from_micros(row["expires_at"])

    async def forget_old(self, now: datetime) -> None:
        """Forget claims done or expired more than `KEPT` ago (an indexed delete). Only a
        read when there are none: no write lock, no commit."""
        before = (to_micros(now - KEPT),)
        old = "FROM work_claims WHERE expires_at < ?"
        if await self.database.fetch_one(f"SELECT 1 {old} LIMIT 1", before) is None:
            return
        async with self.database.write() as db:
            await db.execute(f"DELETE {old}", before)


def to_micros_delta(duration: timedelta) -> int:
    return duration // timedelta(microseconds=1)
