"""Writing a pydantic model's field as pydantic's `__setattr__` writes it, without its
dispatch: the engine's models validate no assignment and none is frozen, so a write is the
value in `__dict__` and the name in the fields set. Builders and random streams write fields
several times per action, on the hot path of playouts and searches."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def set_field(model: BaseModel, name: str, value: Any) -> None:
    """`model.<name> = value` for a field of a model that validates no assignment."""
    model.__dict__[name] = value
    model.__pydantic_fields_set__.add(name)

