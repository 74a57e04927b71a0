"""Plain records of the reminder feature: settings, preferences, progress and what to send."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from engine.core.i18n import FALLBACK

from ..service.model import Mention
from ..store.reminder_due import DEFAULT_REMINDER_INTERVAL
from .quiet import QuietHours

DEFAULT_INTERVAL = DEFAULT_REMINDER_INTERVAL
#: The shortest interval `/remind every:` accepts; the scheduler never sleeps longer than this.
MIN_INTERVAL = timedelta(hours=1)
MAX_INTERVAL = timedelta(days=7)
#: Unanswered reminders to one player before the table is declared stalled.
MAX_REMINDERS = 5


@dataclass(frozen=True, slots=True)
class ReminderSettings:
    """A table's reminder setting; tables nobody configured remind every 24 h."""

    enabled: bool = True
    interval: timedelta = DEFAULT_INTERVAL
    #: When `/remind` last changed it: the new interval counts from then.
    changed_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class NotificationPrefs:
    user_id: str
    dm: bool = False
    quiet: QuietHours | None = None
    #: The user's time zone (kept when quiet hours are turned off, for the next time).
    zone: str | None = None

    def release(self, moment: datetime) -> datetime:
        """When a reminder due at `moment` may reach this user."""
        return self.quiet.release(moment) if self.quiet else moment


@dataclass(frozen=True, slots=True)
class Progress:
    """Reminders a player has had about one position (table version) of a table."""

    table_version: int
    sent: int
    last_sent_at: datetime


@dataclass(frozen=True, slots=True)
class Awaited:
    """A player the table waits for, with their preferences and reminders so far."""

    user_id: str
    name: str
    prefs: NotificationPrefs
    progress: Progress | None = None
    #: The end of the absence the player announced (/away); no reminder reaches them before.
    away_until: datetime | None = None
    #: The language they last used (None: unknown; they read the table's).
    language: str | None = None

    @property
    def mention(self) -> Mention:
        return Mention(self.user_id, self.name)


@dataclass(frozen=True, slots=True)
class WatchedTable:
    """An active table as the reminders see it."""

    table_id: int
    channel_id: str
    guild_id: str | None
    game_key: str
    creator_id: str
    creator_name: str
    version: int
    #: When the position last changed (the start, a move, a skip, an undo).
    changed_at: datetime
    waiting_since: datetime | None
    settings: ReminderSettings
    stalled: bool
    awaited: tuple[Awaited, ...] = field(default=())
    #: The table's language (None: the default).
    language: str | None = None


@dataclass(frozen=True, slots=True)
class Looked:
    """What a pass of the scheduler did at one table it looked at."""

    table_id: int
    #: The position (table version) it looked at.
    table_version: int
    #: The players it reminded (user ids).
    reminded: tuple[str, ...] = ()
    #: Whether it declared the table stalled.
    stalled: bool = False


@dataclass(frozen=True, slots=True)
class ReminderNotice:
    """Remind `recipients` of table `table_id`; `private`: one direct message to the only
    recipient instead of a channel message."""

    table_id: int
    channel_id: str
    game_name: str
    recipients: tuple[Mention, ...]
    #: Which reminder this is for the position (the highest among the recipients).
    number: int
    waiting_since: datetime | None
    private: bool = False
    #: The position (table version) reminded about: with the number it names this reminder
    #: once, also to Discord (an enforced nonce), should a process that died have sent it.
    table_version: int = 0
    #: The language it is worded in: the table's, or for a direct message its reader's.
    language: str = FALLBACK


@dataclass(frozen=True, slots=True)
class StallNotice:
    """Tell the channel that the table is stalled: who is absent, who may act on it."""

    table_id: int
    channel_id: str
    game_name: str
    absent: tuple[Mention, ...]
    creator: Mention
    waiting_since: datetime | None
    #: The position (table version) declared stalled.
    table_version: int = 0
    #: The table's language.
    language: str = FALLBACK
