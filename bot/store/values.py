"""How values are kept in columns — moments as ISO 8601 text (timezone-aware, as given),
lists and dicts as JSON text, game states as zlib-compressed JSON — and how a row read
becomes a record: by column name. Every store module converts through these, so the format
is decided once (a store on another database would change only these)."""

from __future__ import annotations

import json
import zlib
from collections.abc import Sequence
from dataclasses import fields
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from engine.core import Message

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from .database import Row

R = TypeVar("R", bound="DataclassInstance")

#: zlib's level for states: 6 (its default) makes them a third of their JSON or less; higher
#: levels gain nothing measurable on a few kilobytes of JSON and cost time on every move.
STATE_LEVEL = 6


def record(kind: type[R], row: Row, **converted: Any) -> R:
    """A `kind` whose fields are the row's columns of the same names, except those given
    `converted` (a JSON list, a moment …)."""
    values = {name: converted[name] if name in converted else row[name] for name in _names(kind)}
    return kind(**values)


@cache
def _names(kind: type[DataclassInstance]) -> tuple[str, ...]:
    return tuple(field.name for field in fields(kind))


def stored_time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def read_time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def required_time(text: str) -> datetime:
    """A moment from a NOT NULL column."""
    return datetime.fromisoformat(text)


def stored_json(value: Any) -> str:
    """JSON with sorted keys, so equal values are stored as equal texts."""
    return json.dumps(value, sort_keys=True)


def read_json(text: str) -> Any:
    return json.loads(text)


def stored_messages(messages: Sequence[Message]) -> str:
    """Messages as JSON (`Message.to_data`), to be worded again in any language."""
    return stored_json([message.to_data() for message in messages])


def read_messages(text: str) -> list[Message]:
    """The messages `stored_messages` kept; a plain string (a row from before messages) reads
    as a message whose key is that English text."""
    return [Message.from_data(item) for item in read_json(text)]


def stored_message(message: Message | None) -> str | None:
    return None if message is None else stored_json(message.to_data())


def read_message(text: str | None) -> Message | None:
    """The message `stored_message` kept; a text from before messages reads as English."""
    if text is None:
        return None
    try:
        data = read_json(text)
    except ValueError:
        return Message(text)
    return Message.from_data(data if isinstance(data, dict) else text)


def stored_state(state_json: str) -> bytes:
    """A game state as kept in a column: its JSON, zlib-compressed."""
    return zlib.compress(state_json.encode(), STATE_LEVEL)


def read_state(value: bytes | str) -> str:
    """A stored game state's JSON. A BLOB is compressed; text is JSON as older versions
    stored it (and migration 0011 keeps it so)."""
    return zlib.decompress(value).decode() if isinstance(value, bytes) else value
