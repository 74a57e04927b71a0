"""Faults of the storage itself — a full disk, a file locked by another process, a read-only
or damaged database — told apart from bugs, and worded for the people who can act on them.

`Database` turns SQLite's (and the file system's) errors of these kinds into `StorageFault`:
the transports show a failed write to the player as "Could not save (…); nothing changed"
(the transaction was rolled back), and `python -m bot` turns `DatabaseUnavailable` at
start-up into one line for the operator and exit status 2. Any other SQLite error is a bug
and propagates unchanged.
"""

from __future__ import annotations

import enum
import errno
import sqlite3
from pathlib import Path

from .errors import StoreError


class Problem(enum.Enum):
    """What is wrong with the storage, in the words a player reads in brackets."""

    FULL = "the disk is full"
    BUSY = "the database is busy"
    READ_ONLY = "the database cannot be written"
    DAMAGED = "the database file is damaged"


#: SQLite's primary result codes (the low byte of an extended code) and what they mean here.
_PROBLEMS = {
    sqlite3.SQLITE_FULL: Problem.FULL,
    sqlite3.SQLITE_BUSY: Problem.BUSY,
    sqlite3.SQLITE_LOCKED: Problem.BUSY,
    sqlite3.SQLITE_READONLY: Problem.READ_ONLY,
    sqlite3.SQLITE_CANTOPEN: Problem.READ_ONLY,
    sqlite3.SQLITE_PERM: Problem.READ_ONLY,
    sqlite3.SQLITE_IOERR: Problem.DAMAGED,
    sqlite3.SQLITE_CORRUPT: Problem.DAMAGED,
    sqlite3.SQLITE_NOTADB: Problem.DAMAGED,
}


class StorageFault(StoreError):
    """The database could not be read or written; nothing was changed. `str()` is the message
    for the user whose request it was."""

    def __init__(self, problem: Problem, detail: str, path: Path, *, saving: bool = True) -> None:
        self.problem = problem
        #: The underlying error in SQLite's (or the OS's) own words, for the log.
        self.detail = detail
        self.path = path
        self.saving = saving
        if saving:
            text = f"Could not save ({problem.value}); nothing changed, please try again."
        else:
            text = f"Could not read the game data ({problem.value}); please try again."
        super().__init__(text)


class DatabaseUnavailable(StorageFault):
    """The database could not be opened (or brought up to date) at start-up."""

    def __init__(self, problem: Problem, detail: str, path: Path) -> None:
        super().__init__(problem, detail, path)

    def startup_text(self) -> str:
        """One line for whoever runs the bot: what is wrong with which file, what to do."""
        where = self.path
        advice = {
            Problem.FULL: (
                f"the disk holding the database {where} is full ({self.detail}). "
                "Free some space on it, then start again."
            ),
            Problem.BUSY: (
                f"the database {where} is locked by another process ({self.detail}) — is "
                "another bot or console using the same file? Stop it or let it finish, then "
                "start again."
            ),
            Problem.READ_ONLY: (
                f"the database {where} cannot be created or written ({self.detail}). Make the "
                f"file and its folder {where.parent} writable for the user running the bot, or "
                "set DATABASE_PATH to a writable place."
            ),
            Problem.DAMAGED: (
                f"{where} is not a readable SQLite database ({self.detail}). Restore it from "
                "a backup, or move it aside to start with a new, empty database."
            ),
        }[self.problem]
        return f"Cannot start: {advice}"


def problem_of(error: BaseException) -> Problem | None:
    """What storage problem `error` reports; None for anything else (a bug, say)."""
    if isinstance(error, sqlite3.IntegrityError | sqlite3.ProgrammingError):
        return None
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return None if code is None else _PROBLEMS.get(code & 0xFF)
    if isinstance(error, PermissionError):
        return Problem.READ_ONLY
    if isinstance(error, OSError):
        return Problem.FULL if error.errno == errno.ENOSPC else Problem.READ_ONLY
    return None
