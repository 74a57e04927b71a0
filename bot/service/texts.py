"""Wording shared by the replies: lists of names, scores, rankings, times."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime


def names_list(names: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    if not names:
        return "nobody"
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} and {names[-1]}"


def as_sentence(text: str, names: Sequence[str]) -> str:
    """An event's words as a sentence: a capital first letter, unless they begin with a
    player's name (names are shown as the players wrote them)."""
    if not text or any(name and text.startswith(name) for name in names):
        return text
    return text[0].upper() + text[1:]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def scores_line(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))


def ranking_line(names: Sequence[str], scores: Sequence[int], ranking: list[list[int]]) -> str:
    """`1. alice (54) · 2. bob, carol (40)`: tied seats share a place."""
    parts: list[str] = []
    place = 1
    for group in ranking:
        who = ", ".join(names[seat] for seat in group)
        parts.append(f"{place}. {who} ({scores[group[0]]})")
        place += len(group)
    return " · ".join(parts)


def clock(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def ago(moment: datetime, now: datetime) -> str:
    """How long ago, roughly: `just now`, `5 min ago`, `3 h 20 min ago`, `2 d 4 h ago`."""
    minutes = int((now - moment).total_seconds() // 60)
    if minutes < 1:
        return "just now"
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h ago"
    if hours:
        return f"{hours} h {minutes} min ago"
    return f"{minutes} min ago"


def since(moment: datetime, now: datetime) -> str:
    return f"since {clock(moment)} ({ago(moment, now)})"
