"""Quiet hours in a person's own time zone, and reading the hour ranges and time zones users type.

Quiet hours are wall-clock times (`22:00-07:00`) in an IANA time zone, so they follow the
person's daylight-saving changes. A range whose start is later than its end runs across
midnight. A reminder due inside the range waits for the first instant the person's clock
shows the end time: in a night when the clocks jump over that time, that is the instant of
the jump; when the clocks fall back and show it twice, the first time it is shown.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

from engine.core import msg, shorten

from ..service.errors import BadRequest

QUIET_EXAMPLE = "quiet:22-07 tz:Europe/Berlin"
_RANGE = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?$")
_OFF_WORDS = frozenset({"off", "none", "no"})


@dataclass(frozen=True, slots=True)
class QuietHours:
    start: time
    end: time
    zone: str
    """An IANA time zone name, e.g. `Europe/Berlin`."""

    @property
    def tz(self) -> ZoneInfo:
        return ZoneInfo(self.zone)

    def contains(self, moment: datetime) -> bool:
        """Whether the person's clock shows a time inside the quiet hours at `moment`."""
        now = moment.astimezone(self.tz).time()
        if self.start < self.end:
            return self.start <= now < self.end
        return now >= self.start or now < self.end

    def release(self, moment: datetime) -> datetime:
        """`moment` itself outside the quiet hours, otherwise the instant they end."""
        if not self.contains(moment):
            return moment
        tz = self.tz
        day: date = moment.astimezone(tz).date()
        if self.start > self.end and moment.astimezone(tz).time() >= self.start:
            day += timedelta(days=1)
        local_end = datetime.combine(day, self.end)
        # In a repeated hour the end time comes twice; take the first one still ahead.
        return next(at for at in _instants(local_end, tz) if at > moment)

    def describe(self) -> str:
        return f"{self.start:%H:%M}–{self.end:%H:%M} ({self.zone})"


def _instants(local: datetime, tz: ZoneInfo) -> list[datetime]:
    """The UTC instants at which the clock in `tz` reaches the naive wall time `local`: one on
    an ordinary day, two in an hour the clocks repeat, the jump itself in an hour they skip."""
    first = local.replace(tzinfo=tz, fold=0).astimezone(UTC)
    second = local.replace(tzinfo=tz, fold=1).astimezone(UTC)
    if _wall(first, tz) == local:
        return sorted({first, second})
    # Skipped: `second` (offset after the jump) lies before the jump, `first` after it.
    before, after = second, first
    while after - before > timedelta(seconds=1):
        middle = before + timedelta(seconds=(after - before).total_seconds() // 2)
        if _wall(middle, tz) >= local:
            after = middle
        else:
            before = middle
    return [after]


def _wall(moment: datetime, tz: ZoneInfo) -> datetime:
    return moment.astimezone(tz).replace(tzinfo=None)


# -- reading what users type --------------------------------------------------------------------


def is_off(text: str) -> bool:
    return text.strip().casefold() in _OFF_WORDS


def parse_hour_range(text: str) -> tuple[time, time]:
    """`22-07` or `22:30-06:45` (24-hour clock) as (start, end); BadRequest otherwise."""
    match = _RANGE.match(text.strip())
    wrong = msg(
        "'{text}' is not a range of hours. Write quiet hours as start-end on the 24-hour clock, "
        "e.g. quiet:22-07 (22:00 to 07:00) or quiet:22:30-06:45; quiet:off removes them.",
        text=shorten(text),
    )
    if match is None:
        raise BadRequest(wrong)
    start_h, start_m, end_h, end_m = (int(part or 0) for part in match.groups())
    if not (start_h < 24 and end_h < 24 and start_m < 60 and end_m < 60):
        raise BadRequest(
            msg(
                "{wrong} Hours go from 0 to 23 and minutes from 00 to 59 (midnight is 0).",
                wrong=wrong,
            )
        )
    start, end = time(start_h, start_m), time(end_h, end_m)
    if start == end:
        raise BadRequest(
            msg(
                "Quiet hours from {start} to {end} would be empty (or the whole day): give two "
                "different times, e.g. quiet:22-07.",
                start=f"{start:%H:%M}",
                end=f"{end:%H:%M}",
            )
        )
    return start, end


def parse_time_zone(text: str) -> str:
    """The canonical IANA name for `text` (any letter case); BadRequest with suggestions."""
    wanted = text.strip()
    known = _zone_names()
    if not known:
        raise BadRequest(
            msg(
                "This bot has no time-zone data installed, so quiet hours cannot be set. Please "
                "tell the bot's operator (the `tzdata` package is missing)."
            )
        )
    exact = known.get(wanted.casefold())
    if exact is not None:
        return exact
    # A name much longer than every zone's cannot be close to one: skip the slow search.
    near = len(wanted) <= 2 * max(len(name) for name in known)
    close = (
        difflib.get_close_matches(wanted.casefold(), list(known), n=3, cutoff=0.6) if near else []
    )
    hint = msg(" Did you mean {zones}?", zones=[known[name] for name in close]) if close else ""
    raise BadRequest(
        msg(
            "'{text}' is not a time zone I know.{hint} Use a tz database name such as "
            "Europe/Berlin, America/New_York, Asia/Tokyo or UTC.",
            text=shorten(wanted),
            hint=hint,
        )
    )


def zone_choices(typed: str, limit: int = 25) -> list[str]:
    """Time-zone names containing what was typed (for autocomplete), best matches first."""
    needle = typed.strip().casefold()
    names = sorted(_zone_names().values())
    starts = [name for name in names if name.casefold().startswith(needle)]
    inside = [name for name in names if needle in name.casefold() and name not in starts]
    return (starts + inside)[:limit]


@lru_cache(maxsize=1)
def _zone_names() -> dict[str, str]:
    """Every time zone zoneinfo can load, by its case-folded name."""
    return {name.casefold(): name for name in available_timezones()}
