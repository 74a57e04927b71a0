"""Seeded randomness that lives inside a game state, so a game replays exactly.

The generator is SplitMix64 over a counter: each draw depends only on the seed and how many
draws came before, so it gives the same numbers on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_RANGE = 1 << 64  # how many values a draw takes
_MASK = _RANGE - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng(BaseModel):
    """A random stream: `seed` fixed at set-up, `draws` counts what has been used.

    Methods advance `draws` in place; games only call them on the fresh copy of a state that
    `apply` builds, never on the caller's state.
    """

    seed: int
    draws: int = 0

    def next_u64(self) -> int:
        self.draws = draws = self.draws + 1
        z = (self.seed * 0x2545F4914F6CDD1D + draws * _GAMMA) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias; n may be at most 2**64."""
        if not 0 < n <= _RANGE:
            raise ValueError(f"n must lie between 1 and 2**64, not {n}")
        limit = _RANGE - _RANGE % n
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
