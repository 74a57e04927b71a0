"""Persistence: the bot's data in SQLite, split by what it stores (see `store.py`), and the
migrations."""

from .database import Database
from .errors import StoreError
from .faults import DatabaseUnavailable, Problem, StorageFault
from .migrations import MIGRATIONS_DIR, MigrationError, migrate, schema_version
from .records import (
    ActionRecord,
    ListedTable,
    LobbyMessage,
    NewAction,
    PreviewRecord,
    PreviewStatus,
    SeatRecord,
    TableRecord,
    TableStatus,
    TableUpdate,
    UndoRequestRecord,
    UndoStatus,
)
from .store import Store
from .tables import ChannelBusy
from .undo import UndoAlreadyOpen
from .versions import StaleVersion

__all__ = [
    "MIGRATIONS_DIR",
    "ActionRecord",
    "ChannelBusy",
    "Database",
    "DatabaseUnavailable",
    "ListedTable",
    "LobbyMessage",
    "MigrationError",
    "NewAction",
    "PreviewRecord",
    "PreviewStatus",
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
    "UndoRequestRecord",
    "UndoStatus",
    "migrate",
    "schema_version",
]
