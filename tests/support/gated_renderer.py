"""A renderer that draws only when let through, or fails on purpose: for the tests of
"text first, the board when drawn" (the service, the console and the loopback Discord)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from typing import Any

Draw = Callable[[str, Mapping[str, Any]], bytes]

#: How long a held drawing waits at most (a test that forgets to open the gate fails, never hangs).
HOLD_LIMIT = 20.0


class RenderFailed(RuntimeError):
    """The failure a `GatedRenderer` raises when told to fail."""


class GatedRenderer:
    """Wraps `draw`. After `hold()` the drawings wait (in their worker threads) until
    `release()` — `hold(n)`: only the next `n` drawings; `fail_next` makes the next drawings
    raise. `calls` counts the drawings started, `done` those finished."""

    def __init__(self, draw: Draw) -> None:
        self._draw = draw
        self._lock = threading.Lock()
        self._gate = threading.Event()
        self._gate.set()
        #: How many of the next drawings wait for the gate (-1: all, until released).
        self._holding = 0
        self.fail_next = 0
        self.calls = 0
        self.done = 0

    def hold(self, calls: int | None = None) -> None:
        with self._lock:
            self._gate = threading.Event()
            self._holding = -1 if calls is None else calls

    def release(self) -> None:
        with self._lock:
            self._gate.set()
            self._holding = 0

    def __call__(self, game_key: str, view: Mapping[str, Any]) -> bytes:
        with self._lock:
            self.calls += 1
            failing = self.fail_next > 0
            self.fail_next -= failing
            gate = None if self._holding == 0 else self._gate
            self._holding -= self._holding > 0
        try:
            if gate is not None and not gate.wait(HOLD_LIMIT):
                raise TimeoutError("the gated renderer was never released")
            if failing:
                raise RenderFailed("the renderer failed on purpose")
            return self._draw(game_key, view)
        finally:
            with self._lock:
                self.done += 1
