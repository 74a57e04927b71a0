"""How values are kept in columns — moments as ISO 8601 text (timezone-aware, as given),
lists and dicts as JSON text, game states as zlib-compressed JSON — and how a row read
becomes a record: by column name. Every store module converts through these, so the format
is decided once (a store on another database would change only these)."""

from __future__ import annotations

import json
import zlib
from dataclasses import fields
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

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


def stored_state(state_json: str) -> bytes:
    """A game state as kept in a column: its JSON, zlib-compressed."""
    return zlib.compress(state_json.encode(), STATE_LEVEL)


def read_state(value: bytes | str) -> str:
    """A stored game state's JSON. A BLOB is compressed; text is JSON as older versions
    stored it (and migration 0011 keeps it so)."""
    return zlib.decompress(value).decode() if isinstance(value, bytes) else value
