"""Boards kept as one code per cell (a seat, a building letter, FREE): which cells hold one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def positions(codes: Sequence[T], code: T) -> list[int]:
    """The cells holding `code`, in board order (`index` jumps from one to the next, faster
    than looking at every cell when few hold it)."""
    found: list[int] = []
    cell = -1
    try:
        while True:
            cell = codes.index(code, cell + 1)
            found.append(cell)
    except ValueError:
        return found
