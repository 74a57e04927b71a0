"""Seeded randomness that lives inside a game state, so a game replays exactly.

The generator is SplitMix64 over a counter: each draw depends only on the seed and how many
draws came before, so it gives the same numbers on every platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

from pydantic import BaseModel

from .fields import set_field

T = TypeVar("T")

_RANGE = 1 << 64  # how many values a draw takes
_MASK = _RANGE - 1
_GAMMA = 0x9E3779B97F4A7C15
_SEED_FACTOR = 0x2545F4914F6CDD1D


class Rng(BaseModel):
    """A random stream: `seed` fixed at set-up, `draws` counts what has been used.

    Methods advance `draws` in place; games only call them on the fresh copy of a state that
    `apply` builds, never on the caller's state.
    """

    seed: int
    draws: int = 0

    def next_u64(self) -> int:
        draws = self.draws + 1
        set_field(self, "draws", draws)
        return _mix(self.seed * _SEED_FACTOR + draws * _GAMMA)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias; n may be at most 2**64.

        (The draws of `next_u64`, counted once at the end: random playouts and searches
        draw several numbers per action.)"""
        if not 0 < n <= _RANGE:
            raise ValueError(f"n must lie between 1 and 2**64, not {n}")
        if n == 1:  # any draw gives 0 (a choice among one: a seat alone to act, say)
            set_field(self, "draws", self.draws + 1)
            return 0
        limit = _RANGE - _RANGE % n
        seeded, draws = self.seed * _SEED_FACTOR, self.draws
        while True:
            draws += 1
            value = _mix(seeded + draws * _GAMMA)
            if value < limit:
                set_field(self, "draws", draws)
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]


def _mix(z: int) -> int:
    """SplitMix64's output function of the counter's value `z`."""
    z &= _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)
