"""Faults of the storage itself — a full disk, a file locked by another process, a read-only
or damaged database — told apart from bugs, and worded for the people who can act on them.

`Database` turns SQLite's, PostgreSQL's (and the file system's or network's) errors of these
kinds into `StorageFault`:
the transports show a failed write to the player as "Could not save (…); nothing changed"
(the transaction was rolled back), and `python -m bot` turns `DatabaseUnavailable` at
start-up into one line for the operator and exit status 2. Any other database error is a bug
and propagates unchanged.
"""

from __future__ import annotations

import asyncio
import enum
import errno
import sqlite3

import asyncpg

from .dialect import DatabaseTarget
from .errors import StoreError


class Problem(enum.Enum):
    """What is wrong with the storage, in the words a player reads in brackets."""

    FULL = "the disk is full"
    BUSY = "the database is busy"
    READ_ONLY = "the database cannot be written"
    DAMAGED = "the database file is damaged"
    UNREACHABLE = "the database server cannot be reached"


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

    def __init__(
        self, problem: Problem, detail: str, target: DatabaseTarget, *, saving: bool = True
    ) -> None:
        self.problem = problem
        #: The underlying error in the database's (or the OS's) own words, for the log.
        self.detail = detail
        self.target = target
        self.saving = saving
        if saving:
            text = f"Could not save ({problem.value}); nothing changed, please try again."
        else:
            text = f"Could not read the game data ({problem.value}); please try again."
        super().__init__(text)


class DatabaseUnavailable(StorageFault):
    """The database could not be opened (or brought up to date) at start-up."""

    def __init__(self, problem: Problem, detail: str, target: DatabaseTarget) -> None:
        super().__init__(problem, detail, target)

    def startup_text(self) -> str:
        """One line for whoever runs the bot: what is wrong with which database, what to do."""
        if self.target.path is None:
            return f"Cannot start: {self._server_advice()}"
        where = self.target.path
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
            Problem.UNREACHABLE: f"the database {where} cannot be opened ({self.detail}).",
        }[self.problem]
        return f"Cannot start: {advice}"

    def _server_advice(self) -> str:
        where = self.target
        return {
            Problem.FULL: (
                f"the PostgreSQL server at {where} has no space left ({self.detail}). Free "
                "some space on its disk, then start again."
            ),
            Problem.BUSY: (
                f"the PostgreSQL server at {where} is busy ({self.detail}) — too many "
                "connections, or a lock held for long by another process. Try again shortly."
            ),
            Problem.READ_ONLY: (
                f"the database at {where} cannot be written ({self.detail}). Give the user in "
                "DATABASE_URL the right to create tables and write in it (or point it at a "
                "primary server, not a read-only standby)."
            ),
            Problem.DAMAGED: (
                f"the PostgreSQL server at {where} reports damaged data ({self.detail}). "
                "Restore the database from a backup."
            ),
            Problem.UNREACHABLE: (
                f"the PostgreSQL server at {where} cannot be reached or refused the login "
                f"({self.detail}). Check that it runs, and DATABASE_URL's host, port, user, "
                "password and database name (the database must exist: createdb)."
            ),
        }[self.problem]


#: PostgreSQL's error codes (SQLSTATE: a class of two characters, or a whole code) and what
#: they mean here; any other code is a bug.
_SERVER_PROBLEMS = {
    "08": Problem.UNREACHABLE,  # connection exception
    "28": Problem.UNREACHABLE,  # invalid authorization (wrong user or password)
    "3D000": Problem.UNREACHABLE,  # no such database
    "57P01": Problem.UNREACHABLE,  # the server shuts down
    "57P02": Problem.UNREACHABLE,
    "57P03": Problem.UNREACHABLE,  # cannot connect now (starting up)
    "53100": Problem.FULL,  # disk full
    "53": Problem.BUSY,  # insufficient resources: memory, too many connections
    "40001": Problem.BUSY,  # serialization failure
    "40P01": Problem.BUSY,  # deadlock
    "55P03": Problem.BUSY,  # lock not available (lock_timeout: the busy timeout)
    "57014": Problem.BUSY,  # statement cancelled (a timeout)
    "25006": Problem.READ_ONLY,  # read-only transaction (a standby)
    "42501": Problem.READ_ONLY,  # insufficient privilege
    "58030": Problem.DAMAGED,  # I/O error
    "XX001": Problem.DAMAGED,  # data corrupted
    "XX002": Problem.DAMAGED,  # index corrupted
}


def problem_of(error: BaseException) -> Problem | None:
    """What storage problem `error` reports; None for anything else (a bug, say)."""
    if isinstance(error, asyncpg.PostgresError):
        state = str(getattr(error, "sqlstate", "") or "")
        return _SERVER_PROBLEMS.get(state, _SERVER_PROBLEMS.get(state[:2]))
    if isinstance(error, asyncio.TimeoutError | ConnectionError):
        # The connection went away (or never came) — not a file's permissions.
        return Problem.UNREACHABLE
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
