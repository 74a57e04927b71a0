"""How values are kept in columns — moments as ISO 8601 text (timezone-aware, as given),
lists and dicts as JSON text — and how a row read becomes a record: by column name. Every
store module converts through these, so the format is decided once (a store on another
database would change only these)."""

from __future__ import annotations

import json
from dataclasses import fields
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from .database import Row

R = TypeVar("R", bound="DataclassInstance")


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
