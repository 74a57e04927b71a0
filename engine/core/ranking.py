"""Ranking seats at the end of a game: best first, ties grouped, resigned seats last."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def rank(keys: Sequence[Any], resigned: Sequence[bool] = ()) -> list[list[int]]:
    """Seats grouped best first by `keys[seat]` (higher is better; a tuple applies the game's
    tie-breaks in order). Seats with equal keys share a place, in seat order; seats that
    resigned come after all others, ranked among themselves the same way."""
    gave_up = list(resigned) or [False] * len(keys)
    groups: list[list[int]] = []
    for status in (False, True):
        seats = [seat for seat in range(len(keys)) if gave_up[seat] == status]
        for key in sorted({keys[seat] for seat in seats}, reverse=True):
            groups.append([seat for seat in seats if keys[seat] == key])
    return groups


def winner_text(players: Sequence[str], best: Sequence[int], points: int) -> str:
    """`alice wins with 54 points`, or `alice and bob share the win with 54 points each`,
    for the seats `best` of the first place."""
    if len(best) == 1:
        return f"{players[best[0]]} wins with {points} points"
    return f"{' and '.join(players[seat] for seat in best)} share the win with {points} points each"
