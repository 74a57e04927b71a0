"""Persistence: the SQLite store and its migrations."""

from .database import Database
from .errors import StoreError
from .faults import DatabaseUnavailable, Problem, StorageFault
from .migrations import MIGRATIONS_DIR, MigrationError, migrate, schema_version
from .records import (
    ActionRecord,
    ListedTable,
    NewAction,
    SeatRecord,
    TableRecord,
    TableStatus,
    TableUpdate,
    UndoRequestRecord,
    UndoStatus,
)
from .store import ChannelBusy, StaleVersion, Store, UndoAlreadyOpen

__all__ = [
    "MIGRATIONS_DIR",
    "ActionRecord",
    "ChannelBusy",
    "Database",
    "DatabaseUnavailable",
    "ListedTable",
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
    "UndoRequestRecord",
    "UndoStatus",
    "migrate",
    "schema_version",
]
