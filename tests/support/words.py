"""What the engine says, read in English by tests (messages → their English texts)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.core import Message


def english(messages: Iterable[Message]) -> list[str]:
    """Each message in English, in order."""
    return [message.english() for message in messages]
