"""Pydantic models written and made without pydantic's generic machinery, on the hot path of
playouts and searches (builders and random streams write fields several times per action):
a field written as pydantic's `__setattr__` writes it, without its dispatch (the engine's
models validate no assignment and none is frozen, so a write is the value in `__dict__` and
the name in the fields set), and a model made from values known to be right."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from pydantic import BaseModel


def set_field(model: BaseModel, name: str, value: Any) -> None:
    """`model.<name> = value` for a field of a model that validates no assignment."""
    model.__dict__[name] = value
    model.__pydantic_fields_set__.add(name)


M = TypeVar("M", bound=BaseModel)


def unvalidated(model: type[M], values: dict[str, Any], given: Iterable[str]) -> M:
    """What `model(**{name: values[name] for name in given})` builds, without validating:
    `values` holds every field (defaults included) in the types the model declares, and
    `given` names those passed. Only for a model without extra or private attributes: the
    builder's events, one or two per action (their message field has a validator of its own,
    for stored data, which a message the builder holds does not need)."""
    made = object.__new__(model)
    object.__setattr__(made, "__dict__", values)
    object.__setattr__(made, "__pydantic_fields_set__", set(given))
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made
