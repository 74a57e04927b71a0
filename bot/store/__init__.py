"""Persistence: the bot's data in SQLite, split by what it stores (see `store.py`), and the
migrations."""

from .database import Database
from .errors import StoreError
from .faults import DatabaseUnavailable, Problem, StorageFault
from .migrations import MIGRATIONS_DIR, MigrationError, migrate, schema_version
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
    "DatabaseUnavailable",
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
    "migrate",
    "schema_version",
]
