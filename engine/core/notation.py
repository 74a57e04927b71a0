"""Helpers for action texts: splitting a turn, normalising, and finding the nearest legal texts."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence

TURN_SEPARATOR = ";"


def split_turn(text: str) -> list[str]:
    """Split a whole turn `a; b; c` into its non-empty parts."""
    return [part.strip() for part in text.split(TURN_SEPARATOR) if part.strip()]


def join_turn(parts: Iterable[str]) -> str:
    """The parts of a whole turn written as one text: `a; b; c`."""
    return f"{TURN_SEPARATOR} ".join(parts)


def normalize(text: str) -> str:
    """Lower case with single spaces: the form in which action texts are compared."""
    return " ".join(text.lower().split())


def nearest(text: str, candidates: Sequence[str], limit: int = 5) -> list[str]:
    """Up to `limit` candidates closest to `text`, best first.

    Candidates that share the typed words rank first (so `move e5` suggests moves from E5),
    then the closest by character similarity. Only the beginning of `text` is compared — as
    much as twice the longest candidate — so an absurdly long input costs no more than a
    sensible one.
    """
    if not candidates:
        return []
    reach = 2 * max(len(candidate) for candidate in candidates)
    wanted = normalize(text[:reach])[:reach]
    words = set(wanted.split())
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2(wanted)  # difflib prepares the fixed side once

    def score(candidate: str) -> tuple[float, float]:
        norm = normalize(candidate)
        shared = len(words & set(norm.split())) / max(len(words), 1)
        prefix = 1.0 if norm.startswith(wanted) else 0.0
        matcher.set_seq1(norm)
        return (shared + prefix, matcher.ratio())

    ranked = sorted(candidates, key=score, reverse=True)
    return list(ranked[:limit])
