"""Chance made explicit: every random draw of a game goes through a `Chance`.

A `Chance` wraps the state's stored SplitMix64 `Rng` and draws exactly the numbers the `Rng`
would, so stored games replay identically. What it adds:

- each draw says what it is for (`what`) and is recorded as a `Draw`, so events and logs can
  describe it (a state builder attaches the draws to the next revealing event);
- a test can force outcomes: inside `with forced(3, "wood", ["b", "a"]):` the next draws take
  these values, in order, instead of random ones (and leave the stored `Rng` untouched);
- `Game.determinize` resamples what a viewer cannot see through a `Chance` of the caller's.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, MutableSequence, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from pydantic import BaseModel

from .rng import Rng

T = TypeVar("T")

_FORCED: ContextVar[deque[object] | None] = ContextVar("forced chance outcomes", default=None)


class Draw(BaseModel):
    """One random draw: what it was for and its outcome, in words."""

    what: str
    outcome: str


@contextmanager
def forced(*outcomes: object) -> Iterator[None]:
    """Force the next draws: an int for `below`, the item for `choice`, the new order (a
    sequence of the same items) for `shuffle`. Every outcome must be drawn inside the block."""
    queue: deque[object] = deque(outcomes)
    token = _FORCED.set(queue)
    try:
        yield
    finally:
        _FORCED.reset(token)
    if queue:
        raise ValueError(f"{len(queue)} forced outcome(s) were never drawn: {list(queue)}")


def _forced_next() -> tuple[bool, object]:
    queue = _FORCED.get()
    if queue:
        return True, queue.popleft()
    return False, None


class Chance:
    """The one way a game draws at random. `draws` lists what was drawn, oldest first."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng
        self.draws: list[Draw] = []

    def below(self, n: int, what: str) -> int:
        """A uniform integer in [0, n)."""
        is_forced, value = _forced_next()
        if not is_forced:
            value = self.rng.below(n)
        if not isinstance(value, int) or not 0 <= value < n:
            raise ValueError(f"forced outcome {value!r} for {what} is not an integer in [0, {n})")
        self._record(what, str(value))
        return value

    def choice(self, items: Sequence[T], what: str) -> T:
        """One of `items`, each equally likely."""
        is_forced, value = _forced_next()
        if is_forced:
            matching = [item for item in items if item == value]
            if not matching:
                raise ValueError(f"forced outcome {value!r} for {what} is not one of {items}")
            chosen = matching[0]
        else:
            chosen = items[self.rng.below(len(items))]
        self._record(what, str(chosen))
        return chosen

    def shuffle(self, items: MutableSequence[T], what: str) -> None:
        """Shuffle `items` in place (Fisher–Yates, as `Rng.shuffle`)."""
        is_forced, value = _forced_next()
        if is_forced:
            order = list(value) if isinstance(value, Sequence) else None
            if order is None or sorted(map(repr, order)) != sorted(map(repr, items)):
                raise ValueError(f"forced outcome {value!r} for {what} is no order of {items}")
            items[:] = order
        else:
            self.rng.shuffle(items)
        self._record(what, ", ".join(map(str, items)))

    def _record(self, what: str, outcome: str) -> None:
        self.draws.append(Draw(what=what, outcome=outcome))
