"""Wording shared by the replies: lists of names, scores, rankings, times — in the language
being spoken (`speech.py`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from engine.core import Message, Param, msg

from .speech import say, say_list, say_number

#: The most characters one reply may have: Discord's limit for the text of one message.
MAX_REPLY = 2000
#: A line listing an action is cut after this many characters (a whole turn of many parts).
MAX_LINE = 400


def names_list(names: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return say(msg("nobody")) if not names else say_list(names)


def who(names: Sequence[str]) -> Param:
    """The names as a message's parameter (joined in the reader's language), `nobody` if
    none."""
    return list(names) if names else msg("nobody")


def as_sentence(text: str, names: Sequence[str]) -> str:
    """An event's words as a sentence: a capital first letter, unless they begin with a
    player's name (names are shown as the players wrote them)."""
    if not text or any(name and text.startswith(name) for name in names):
        return text
    return text[0].upper() + text[1:]


def scores_line(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(
        f"{name} {say_number(score)}" for name, score in zip(names, scores, strict=True)
    )


def ranking_line(names: Sequence[str], scores: Sequence[int], ranking: list[list[int]]) -> str:
    """`1. alice (54) · 2. bob, carol (40)`: tied seats share a place."""
    parts: list[str] = []
    place = 1
    for group in ranking:
        who = ", ".join(names[seat] for seat in group)
        parts.append(f"{place}. {who} ({say_number(scores[group[0]])})")
        place += len(group)
    return " · ".join(parts)


def clock(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def ago(moment: datetime, now: datetime) -> str:
    """How long ago, roughly: `just now`, `5 min ago`, `3 h 20 min ago`, `2 d 4 h ago`."""
    minutes = int((now - moment).total_seconds() // 60)
    return say(msg("just now") if minutes < 1 else msg("{span} ago", span=span_message(minutes)))


def span(minutes: int) -> str:
    """`5 min`, `3 h 20 min`, `2 d 4 h` (at least a minute)."""
    return say(span_message(minutes))


def span_message(minutes: int) -> Message:
    minutes = max(minutes, 1)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return msg("{days} d {hours} h", days=days, hours=hours)
    if hours:
        return msg("{hours} h {minutes} min", hours=hours, minutes=minutes)
    return msg("{minutes} min", minutes=minutes)


def since(moment: datetime, now: datetime) -> str:
    return say(msg("since {moment} ({ago})", moment=clock(moment), ago=ago(moment, now)))


def from_then(moment: datetime, now: datetime) -> str:
    """`from 2026-01-02 12:00 UTC (in 22 h 5 min)`, rounded up to the minute."""
    minutes = -int((now - moment).total_seconds() // 60)
    return say(msg("from {moment} (in {span})", moment=clock(moment), span=span(minutes)))


def hours(duration: timedelta) -> str:
    """`24 h` (a whole number of hours, as the options take them)."""
    return say(hours_message(duration))


def hours_message(duration: timedelta) -> Message:
    return msg("{hours} h", hours=int(duration.total_seconds() // 3600))


# -- fitting a reply into one message ---------------------------------------------------------


def clip(text: str, limit: int = MAX_LINE) -> str:
    """`text`, cut to `limit` characters with `…` if it is longer."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fitting(
    items: Sequence[str], room: int, separator: str = "\n", *, latest: bool = False
) -> list[str]:
    """The most `items` — the first ones, or with `latest` the last ones — that joined by
    `separator` take at most `room` characters, in their order."""
    kept: list[str] = []
    used = 0
    for item in reversed(items) if latest else items:
        used += len(item) + (len(separator) if kept else 0)
        if used > room:
            break
        kept.append(item)
    return kept[::-1] if latest else kept


def fit_lines(
    head: Sequence[str],
    body: Sequence[str],
    tail: Sequence[str],
    left_out: Callable[[int], str],
    *,
    latest: bool = False,
) -> str:
    """One reply of `head`, `body` and `tail` lines within MAX_REPLY: body lines are left
    out from the end (with `latest`: from the start) as needed, and the line `left_out(n)`
    says how many."""
    room = MAX_REPLY - len("\n".join([*head, *tail])) - 2  # the line breaks around the body
    middle = [join_fitting(body, "\n", room, left_out, latest=latest)] if body else []
    return "\n".join([*head, *middle, *tail])


def join_fitting(
    items: Sequence[str],
    separator: str,
    room: int,
    left_out: Callable[[int], str],
    *,
    latest: bool = False,
) -> str:
    """`items` (each cut to MAX_LINE) joined by `separator` in at most `room` characters: as
    many as fit — the first, or with `latest` the last — and `left_out(n)` for the rest."""
    items = [clip(item) for item in items]
    whole = separator.join(items)
    if len(whole) <= room:
        return whole
    room -= len(left_out(len(items))) + len(separator)  # the longest the note can be
    kept = fitting(items, room, separator, latest=latest)
    note = left_out(len(items) - len(kept))
    return separator.join([note, *kept] if latest else [*kept, note])
