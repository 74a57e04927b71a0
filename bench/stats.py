"""The bench's arithmetic: percentiles, interleaved rounds, ratios, the late/early windows.

Pure functions, so tests can check them without timing anything.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

A = TypeVar("A")
B = TypeVar("B")

#: The early window of a game: its moves 5 to 15 (1-based, both included).
EARLY_MOVES = (5, 15)
#: The late window: moves 290 to 300 — or, in a game that ends sooner, its last eleven.
LATE_MOVES = (290, 300)


def percentile(values: Sequence[float], fraction: float) -> float:
    """The value at `fraction` (0–1) of the sorted values (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def ratio_of_medians(numerators: Sequence[float], denominators: Sequence[float]) -> float:
    return statistics.median(numerators) / statistics.median(denominators)


def alternating(rounds: int) -> Iterator[int]:
    """Which of two measurements runs next, `rounds` times each: 0 1, 1 0, 0 1, … — so both
    see the same machine (a noisy neighbour slows both alike) and neither always goes first
    (warmer caches, a pending collection)."""
    for index in range(rounds):
        yield from (1, 0) if index % 2 else (0, 1)


def interleaved(
    rounds: int, first: Callable[[], A], second: Callable[[], B]
) -> tuple[list[A], list[B]]:
    """Run `first` and `second` in `alternating` turns; each one's results in order."""
    firsts: list[A] = []
    seconds: list[B] = []
    for which in alternating(rounds):
        if which:
            seconds.append(second())
        else:
            firsts.append(first())
    return firsts, seconds


def rate(work: Callable[[], int]) -> float:
    """Run `work` (which returns how many steps it did) and return its steps per second."""
    started = time.perf_counter()
    steps = work()
    return steps / (time.perf_counter() - started)


def count_within(seconds: float, work: Callable[[int], object]) -> int:
    """Run work(0), work(1), … until `seconds` have passed; how many ran (at least one).
    Sizes a round so that each round of a measurement lasts about as long."""
    started = time.perf_counter()
    count = 0
    while count == 0 or time.perf_counter() - started < seconds:
        work(count)
        count += 1
    return count


def late_window(length: int) -> tuple[int, int]:
    """The late window (1-based moves, both included) of a game of `length` moves: 290–300,
    or the last as many moves of a shorter game."""
    first, last = LATE_MOVES
    if length >= last:
        return LATE_MOVES
    size = last - first + 1
    if length - size < EARLY_MOVES[1]:
        raise ValueError(f"a game of {length} moves is too short for an early and a late window")
    return length - size + 1, length
