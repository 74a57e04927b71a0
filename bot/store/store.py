"""The bot's data in one database, split by what it stores. Each part is a small module
working through the same `Database` (SQLite or PostgreSQL, see database.py):

- `tables`   — tables and seats (`tables.py`);
- `actions`  — the action log with the position before each action (`actions.py`);
- `undo`     — undo requests, their votes, and taking actions back (`undo.py`);
- `answers`  — the standing answers each seat has set (`answers.py`);
- `confirmations` — what awaits its player's Confirm: a previewed move, a /resign, /abandon
  or /skip (`confirmations.py`);
- `absences` — players' announced absences (`absences.py`);
- `ledger`   — what a transport remembers: interactions handled, named values, lobby
  messages (`ledger.py`);
- `results`  — finished games' results and the ratings per server and game (`results.py`);
- `languages` — a server's language for new tables, each user's last language
  (`languages.py`).

The reminders keep their data through `bot/reminders/store.py` on the same `Database`.
Every write that changes a table is guarded by the table's version (`versions.py`): it
applies only if the version the caller read is still current, otherwise `StaleVersion`.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from types import TracebackType
from typing import Self

from .absences import Absences
from .actions import ActionLog
from .answers import AnswerStore
from .claims import DEFAULT_LEASE, Claims
from .confirmations import ConfirmationStore
from .database import BUSY_TIMEOUT, Database
from .dialect import DatabaseTarget
from .events import EventsCodec
from .languages import LanguageStore
from .ledger import Ledger
from .migrations import MIGRATIONS_DIR
from .results import ResultStore
from .tables import TableStore
from .undo import UndoStore


class Store:
    """Safe to share between the coroutines of one process; other processes (or other Store
    objects) on the same file are kept consistent by the versions."""

    def __init__(
        self, database: Database, *, owner: str | None = None, lease: timedelta = DEFAULT_LEASE
    ) -> None:
        self.database = database
        self.claims = Claims(database, owner, lease)
        self.tables = TableStore(database)
        events = EventsCodec(database)
        self.actions = ActionLog(database, events)
        self.undo = UndoStore(database, events)
        self.answers = AnswerStore(database)
        self.confirmations = ConfirmationStore(database)
        self.ledger = Ledger(database)
        self.results = ResultStore(database)
        self.absences = Absences(database)
        self.languages = LanguageStore(database)

    @classmethod
    async def open(
        cls,
        target: DatabaseTarget | Path | str,
        *,
        migrations_dir: Path = MIGRATIONS_DIR,
        busy_timeout: float = BUSY_TIMEOUT,
        owner: str | None = None,
        lease: timedelta = DEFAULT_LEASE,
    ) -> Self:
        """Connect (a SQLite file is created with its folder if needed) and apply pending
        migrations; DatabaseUnavailable if that cannot be done (see `Database.open`). `owner`
        names this process in its claims (default: host, pid and a random part), `lease` is
        how long they hold."""
        database = await Database.open(
            target, migrations_dir=migrations_dir, busy_timeout=busy_timeout
        )
        return cls(database, owner=owner, lease=lease)

    async def close(self) -> None:
        await self.database.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()

    async def schema_version(self) -> int:
        return await self.database.schema_version()
