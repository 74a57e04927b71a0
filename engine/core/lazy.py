"""`once`: an attribute computed on first use, for objects that answer many questions about
one state (a game's checker) and keep what those questions share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class once(Generic[T]):
    """`functools.cached_property` without the lock it takes on every first use in Python
    3.11: such objects live for one question on one thread, and listing legal actions makes
    many of them."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__

    @overload
    def __get__(self, obj: None, owner: type) -> once[T]: ...
    @overload
    def __get__(self, obj: object, owner: type) -> T: ...
    def __get__(self, obj: object, owner: type) -> once[T] | T:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.compute(obj)
        return value
