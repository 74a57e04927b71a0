"""Turn reminders, independent of any transport: the policy (when a reminder is due), the
store of reminder settings and notification preferences, the scheduler task that sends them,
and the `/remind` and `/notify` logic. Transports supply a `Deliverer`."""

from .model import (
    DEFAULT_INTERVAL,
    MAX_REMINDERS,
    MIN_INTERVAL,
    NotificationPrefs,
    ReminderNotice,
    ReminderSettings,
    StallNotice,
)
from .quiet import QuietHours, zone_choices
from .scheduler import Deliverer, ReminderScheduler
from .service import ReminderService
from .store import ReminderStore
from .texts import pinged, reminder_text, stall_text

__all__ = [
    "DEFAULT_INTERVAL",
    "MAX_REMINDERS",
    "MIN_INTERVAL",
    "Deliverer",
    "NotificationPrefs",
    "QuietHours",
    "ReminderNotice",
    "ReminderScheduler",
    "ReminderService",
    "ReminderSettings",
    "ReminderStore",
    "StallNotice",
    "pinged",
    "reminder_text",
    "stall_text",
    "zone_choices",
]
