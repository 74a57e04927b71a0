"""Persistence: the bot's data in SQLite or PostgreSQL, split by what it stores (see
`store.py`), and the migrations."""

from .database import Database, UniqueViolation
from .dialect import DatabaseTarget, Dialect
from .errors import StoreError
from .faults import DatabaseUnavailable, Problem, StorageFault
from .migrations import MIGRATIONS_DIR, MigrationError, applied_version, migrate
from .records import (
    DEFAULT_SKIP_AFTER,
    ActionRecord,
    ConfirmationKind,
    ConfirmationRecord,
    ConfirmationStatus,
    KeptAction,
    ListedTable,
    LobbyMessage,
    NewAction,
    SeatRecord,
    TableRecord,
    TableStatus,
    TableUpdate,
    UndoFate,
    UndoRequestRecord,
    UndoStatus,
)
from .store import Store
from .tables import ChannelBusy
from .undo import UndoAlreadyOpen
from .versions import StaleVersion

__all__ = [
    "DEFAULT_SKIP_AFTER",
    "MIGRATIONS_DIR",
    "ActionRecord",
    "ChannelBusy",
    "ConfirmationKind",
    "ConfirmationRecord",
    "ConfirmationStatus",
    "Database",
    "DatabaseTarget",
    "DatabaseUnavailable",
    "Dialect",
    "KeptAction",
    "ListedTable",
    "LobbyMessage",
    "MigrationError",
    "NewAction",
    "Problem",
    "SeatRecord",
    "StaleVersion",
    "StorageFault",
    "Store",
    "StoreError",
    "TableRecord",
    "TableStatus",
    "TableUpdate",
    "UndoAlreadyOpen",
    "UndoFate",
    "UndoRequestRecord",
    "UndoStatus",
    "UniqueViolation",
    "applied_version",
    "migrate",
]
