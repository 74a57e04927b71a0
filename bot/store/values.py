"""How values are kept in columns: moments as ISO 8601 text (timezone-aware, as given),
lists and dicts as JSON text. Every store module converts through these, so the format is
decided once (a store on another database would change only these)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any


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
