"""Building the next state copy-on-write: copy only what an action changes.

A `StateBuilder` starts from a shallow copy of the state: every field still shares its value
with the old state. Scalars (numbers, strings, tuples) are simply assigned on `self.state`.
A list, dict, set or sub-model is copied the first time it is written, through `edit(name)`
(or `edit_item(name, key)` for one element of a list or dict field), and the copy is reused
for every later write; a brand-new value is given with `assign(name, value)`. So the old
state is never touched and the new one shares everything the action did not change.

What a copy covers: containers are copied down to the first models in them, which stay
shared (edit those with `edit_item`); a model is copied with its own containers likewise.

The builder also collects the events (`say`) and gives a `Chance` over the state's `Rng`
(`chance`); the draws it makes are attached to the next revealing event.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from types import UnionType
from typing import Any, Generic, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from .chance import Chance, Draw
from .fields import set_field, unvalidated
from .game import BaseState, Event, Result
from .messages import Message, Param

S = TypeVar("S", bound=BaseState)
V = TypeVar("V")
M = TypeVar("M", bound=BaseModel)


_CONTAINERS = (list, dict, set)
#: The fields of an event that `say` gives (and the draws of a revealing one).
_SAID = ("message", "seat", "reveals")
_SAID_WITH_DRAWS = (*_SAID, "draws")


def writable_copy(value: Any) -> Any:
    """A copy of `value` that may be changed without touching `value` (see the module doc).

    The elements of a container are all of one type (the state model's field type), so the
    first one tells whether they are containers to copy too.
    """
    if type(value) is list:
        if value and isinstance(value[0], _CONTAINERS):
            return [writable_copy(item) for item in value]
        return list(value)
    if isinstance(value, BaseModel):
        fields = value.__dict__
        copies = _field_copiers(type(value))
        return model_copy(value, {name: copy(fields[name]) for name, copy in copies})
    if isinstance(value, dict):
        if value and isinstance(next(iter(value.values())), _CONTAINERS):
            return {key: writable_copy(item) for key, item in value.items()}
        return dict(value)
    if isinstance(value, list | set):
        return type(value)(value)
    return value


def model_copy(model: M, update: dict[str, Any]) -> M:
    """A shallow copy of `model` with the fields in `update` replaced: what pydantic's
    `model.model_copy(update=update)` gives (fields set, extra and private attributes
    included; tests/core/test_builder.py compares the two), built the way pydantic's
    `model_construct` builds a model, without `model_copy`'s generic `copy.copy` calls — a
    builder copies a model or two per action, on the hot path of playouts and searches."""
    clone = object.__new__(type(model))
    extra, private = model.__pydantic_extra__, model.__pydantic_private__
    object.__setattr__(clone, "__dict__", {**model.__dict__, **update})
    object.__setattr__(
        clone, "__pydantic_fields_set__", model.__pydantic_fields_set__ | update.keys()
    )
    object.__setattr__(clone, "__pydantic_extra__", None if extra is None else dict(extra))
    if private is not None:
        private = {key: value for key, value in private.items() if value is not PydanticUndefined}
    object.__setattr__(clone, "__pydantic_private__", private)
    return clone


Copier = Callable[[Any], Any]


@cache
def _field_copiers(model: type[BaseModel]) -> tuple[tuple[str, Copier], ...]:
    """The fields of a model class that may hold a list, dict or set, each with how to copy
    its value as `writable_copy` does. Worked out once per class from the annotations (a
    model is copied on most actions: a town, a seat), so that a copy does not ask each value
    what it is."""
    return tuple(
        (name, _copier(info.annotation))
        for name, info in model.model_fields.items()
        if any(_is_container(t) for t in _types(info.annotation))
    )


def _copy_containers(model: BaseModel) -> None:
    """Give a (shallow) copy of a model its own lists, dicts and sets, as `writable_copy`
    copies them."""
    fields = model.__dict__
    for name, copy in _field_copiers(type(model)):
        set_field(model, name, copy(fields[name]))


def _copier(annotation: Any) -> Copier:
    """How to copy a value of `annotation` (a container type, perhaps optional) the way
    `writable_copy` does; `writable_copy` itself for what the annotation does not settle."""
    kinds = [t for t in _types(annotation) if t is not type(None)]
    if len(kinds) != 1 or get_origin(kinds[0]) not in _CONTAINERS:
        return writable_copy
    copy = _container_copier(kinds[0])
    if len(kinds) == len(_types(annotation)):
        return copy
    return lambda value: None if value is None else copy(value)


def _container_copier(annotation: Any) -> Copier:
    origin, args = get_origin(annotation), get_args(annotation)
    inner = args[-1]
    if not any(t is Any or _is_container(t) for t in _types(inner)):
        return origin.copy  # type: ignore[no-any-return]  # elements that are no containers stay shared
    copy_inner = _copier(inner)
    if origin is dict:
        return lambda value: {key: copy_inner(item) for key, item in value.items()}
    return lambda value: origin(map(copy_inner, value))


def _is_container(annotation: Any) -> bool:
    return get_origin(annotation) in _CONTAINERS or annotation in _CONTAINERS


def _types(annotation: Any) -> tuple[Any, ...]:
    """The types an annotation allows (the members of a union)."""
    if get_origin(annotation) in (Union, UnionType):
        return get_args(annotation)
    return (annotation,)


class StateBuilder(Generic[S]):
    """Carries out one action (or resignation, skip, set-up step) on a copy of `old`."""

    def __init__(self, old: S) -> None:
        self.old = old
        self.state: S = model_copy(old, {})
        self.events: list[Event] = []
        self._copies: dict[str, Any] = {}
        #: The elements copied so far (`edit_item`): True when their containers are too.
        self._edited_items: dict[tuple[str, Hashable], bool] = {}
        self._chance: Chance | None = None
        self._described = 0

    def edit(self, name: str) -> Any:
        """The field `name` of the new state, copied before its first change."""
        copy = self._copies.get(name)
        fields = self.state.__dict__
        if copy is None or fields[name] is not copy:
            copy = self._copies[name] = writable_copy(fields[name])
            set_field(self.state, name, copy)
        return copy

    def assign(self, name: str, value: V) -> V:
        """Give the field `name` a new list, dict or model built for the new state (later
        edits change it in place); returns `value`. Scalars may simply be assigned."""
        set_field(self.state, name, value)
        self._copies[name] = value
        self._edited_items = {
            item: deep for item, deep in self._edited_items.items() if item[0] != name
        }
        return value

    def edit_item(self, name: str, key: Hashable, shallow: bool = False) -> Any:
        """Element `key` of the list or dict field `name`, copied before its first change.

        `shallow`: a model element copied without its lists, dicts and sets, which it still
        shares with the old state — for giving fields new values only (a step, a new list),
        cheaper on the hot path; a later `edit_item` without it copies them too, in the same
        copy (so what a caller holds of it stays the new state's)."""
        container = self.edit(name)
        copied = self._edited_items.get((name, key))
        if copied is None:
            item = container[key]
            container[key] = model_copy(item, {}) if shallow else writable_copy(item)
            self._edited_items[(name, key)] = not shallow
        elif copied is False and not shallow:
            _copy_containers(container[key])
            self._edited_items[(name, key)] = True
        return container[key]

    @property
    def chance(self) -> Chance:
        """The random draws of this action, over the new state's own copy of the `Rng`."""
        if self._chance is None:
            self._chance = Chance(self.edit("rng"))
        return self._chance

    def say(self, message: Message | str, seat: int | None = None, reveals: bool = False) -> None:
        """An event (`msg(key, **params)`: worded at the edge); a revealing one carries the
        draws made since the last."""
        said = message if isinstance(message, Message) else Message(message)
        draws: list[Draw] = []
        given: tuple[str, ...] = _SAID
        if reveals and self._chance is not None:
            draws = self._chance.draws[self._described :]
            self._described = len(self._chance.draws)
            given = _SAID_WITH_DRAWS
        values = {"message": said, "seat": seat, "reveals": reveals, "draws": draws}
        self.events.append(unvalidated(Event, values, given))

    def tell(self, seat: int, key: str, /, *, reveals: bool = False, **params: Param) -> None:
        """Say what `seat` did: the message `key` (an English template, like `msg`'s) with
        `{player}` naming the seat as events name it (`who`), as the seat's event."""
        self.say(Message(key, {"player": self.who(seat), **params}), seat, reveals)

    def who(self, seat: int) -> Param:
        """The seat as events name it: its player's name (a game may add to it, as a
        message: Terra Nova's `alice (Fairies)`)."""
        return self.state.players[seat]

    def result(self) -> Result[S]:
        return Result(self.state, self.events)
