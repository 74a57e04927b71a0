"""Ranking seats at the end of a game: best first, ties grouped, resigned seats last — and the
end of a game in words: who won, and which tie-break decided between equal scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One of a game's tie-breaks, in the order the game applies them after the score: what
    it compares (`empty squares`) and whether fewer of it is better. A game with tie-breaks
    ranks a seat by the tuple `(score, *tie-break values)`, a value negated where fewer wins
    (so that higher is always better)."""

    what: str
    fewer_wins: bool = False

    @property
    def name(self) -> str:
        """`fewer empty squares`, `more cottages`."""
        return f"{'fewer' if self.fewer_wins else 'more'} {self.what}"

    def shown(self, key: Any) -> Any:
        """The value as players count it, from its rank key."""
        return -key if self.fewer_wins else key


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


def outcome_lines(
    players: Sequence[str],
    scores: Sequence[int],
    keys: Sequence[Any],
    ranking: Sequence[Sequence[int]],
    tie_breaks: Sequence[TieBreak],
    resigned: Sequence[bool],
) -> list[str]:
    """The end of a game in words: who won with how many points; then, for every two places
    next to each other whose scores are equal, the tie-break that put one ahead (`alice ranks
    ahead of bob at 31 points each: fewer empty squares, 1 against 3.`), and for seats still
    sharing a place after every tie-break, that they do. Seats that resigned rank last
    whatever their points, so no tie-break is named between them and the others."""
    best = list(ranking[0])
    if len(players) == 1:
        lines = [f"{players[0]} finishes with {scores[0]} points."]
    else:
        lines = [winner_text(players, best, scores[best[0]]) + "."]
    for upper, lower in pairwise(ranking):
        same_side = resigned[upper[0]] == resigned[lower[0]]
        if same_side and scores[upper[0]] == scores[lower[0]]:
            lines.append(_decided(players, scores, keys, upper, lower, tie_breaks))
    if tie_breaks:
        names = ", ".join(tie.name for tie in tie_breaks)
        for group in ranking:
            if len(group) > 1:
                who = " and ".join(players[seat] for seat in group)
                lines.append(
                    f"{who} stay tied at {scores[group[0]]} points after every tie-break "
                    f"({names}) and share the place."
                )
    return lines


def _decided(
    players: Sequence[str],
    scores: Sequence[int],
    keys: Sequence[Any],
    upper: Sequence[int],
    lower: Sequence[int],
    tie_breaks: Sequence[TieBreak],
) -> str:
    """Which tie-break put the place `upper` ahead of the place `lower`, equal on points."""
    ahead, behind = _parts(keys[upper[0]]), _parts(keys[lower[0]])
    index = next(i for i in range(1, len(ahead)) if ahead[i] != behind[i])
    tie = tie_breaks[index - 1]
    first = " and ".join(players[seat] for seat in upper)
    second = " and ".join(players[seat] for seat in lower)
    return (
        f"{first} {'ranks' if len(upper) == 1 else 'rank'} ahead of {second} at "
        f"{scores[upper[0]]} points each: {tie.name}, {tie.shown(ahead[index])} against "
        f"{tie.shown(behind[index])}."
    )


def _parts(key: Any) -> tuple[Any, ...]:
    return key if isinstance(key, tuple) else (key,)
