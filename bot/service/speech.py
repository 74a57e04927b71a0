"""The language the service words its texts in while it builds a reply (docs/i18n.md).

Every text of the service is a message (`msg(...)`); it is worded where a reply is built, with
`say(message)`, in the language being spoken there. A transport sets the **reader's**
language around each command (`speaking(language)`: the asking user's, so every private
reply and refusal reads in it); the service switches to the **table's** language wherever it
builds what the channel reads (a move's message, the lobby, reminders in the channel). The
language lives in a context variable, so concurrent commands (each its own task) never mix
theirs up.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from engine.core import Message
from engine.core.i18n import FALLBACK, add_catalogues, decimal, join, number, word

add_catalogues("bot")  # bot/locales/<language>.po: the service's own words

_speaking: ContextVar[str] = ContextVar("meeple_post_language", default=FALLBACK)


def language() -> str:
    """The language being spoken now."""
    return _speaking.get()


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Word every `say` inside the block in `language`."""
    token = _speaking.set(language)
    try:
        yield
    finally:
        _speaking.reset(token)


def say(message: Message | str) -> str:
    """The message worded in the language being spoken (a plain string as it is)."""
    return word(message, _speaking.get())


def say_list(items: Sequence[str]) -> str:
    """Words joined as a list in the language being spoken (`a, b and c`)."""
    return join(list(items), _speaking.get())


def say_number(value: int) -> str:
    """A whole number as the language being spoken writes it (`1,234`, `1.234`)."""
    return number(value, _speaking.get())


def say_decimal(value: float) -> str:
    """A number with one decimal as the language being spoken writes it (`25.3`, `25,3`)."""
    return decimal(value, _speaking.get())
