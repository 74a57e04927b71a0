"""Ranking seats at the end of a game: best first, ties grouped, resigned seats last — and the
end of a game in words: who won, and which tie-break decided between equal scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .messages import Message, Param, and_chain, comma_chain, msg, plural_msg


@dataclass(frozen=True, slots=True)
class TieBreak:
    """One of a game's tie-breaks, in the order the game applies them after the score: what
    it compares (`term("empty squares", "tie-break")`) and whether fewer of it is better. A
    game with tie-breaks ranks a seat by the tuple `(score, *tie-break values)`, a value
    negated where fewer wins (so that higher is always better)."""

    what: Message
    fewer_wins: bool = False

    @property
    def name(self) -> Message:
        """`fewer empty squares`, `more cottages`."""
        if self.fewer_wins:
            return msg("fewer {what}", what=self.what)
        return msg("more {what}", what=self.what)

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


def winner_text(players: Sequence[str], best: Sequence[int], points: int) -> Message:
    """`alice wins with 54 points`, or `alice and bob share the win with 54 points each`,
    for the seats `best` of the first place."""
    if len(best) == 1:
        return plural_msg(
            "{player} wins with {count} points",
            "{player} wins with {count} points",
            player=players[best[0]],
            count=points,
        )
    return plural_msg(
        "{players} share the win with {count} points each",
        "{players} share the win with {count} points each",
        players=_names(players, best),
        count=points,
    )


def outcome_lines(
    players: Sequence[str],
    scores: Sequence[int],
    keys: Sequence[Any],
    ranking: Sequence[Sequence[int]],
    tie_breaks: Sequence[TieBreak],
    resigned: Sequence[bool],
) -> list[Message]:
    """The end of a game in words: who won with how many points; then, for every two places
    next to each other whose scores are equal, the tie-break that put one ahead (`alice ranks
    ahead of bob at 31 points each: fewer empty squares, 1 against 3.`), and for seats still
    sharing a place after every tie-break, that they do. Seats that resigned rank last
    whatever their points, so no tie-break is named between them and the others."""
    best = list(ranking[0])
    if len(players) == 1:
        lines = [
            plural_msg(
                "{player} finishes with {count} points.",
                "{player} finishes with {count} points.",
                player=players[0],
                count=scores[0],
            )
        ]
    else:
        lines = [msg("{outcome}.", outcome=winner_text(players, best, scores[best[0]]))]
    for upper, lower in pairwise(ranking):
        same_side = resigned[upper[0]] == resigned[lower[0]]
        if same_side and scores[upper[0]] == scores[lower[0]]:
            lines.append(_decided(players, scores, keys, upper, lower, tie_breaks))
    if tie_breaks:
        names = comma_chain([tie.name for tie in tie_breaks])
        for group in ranking:
            if len(group) > 1:
                lines.append(
                    plural_msg(
                        "{players} stay tied at {count} points after every tie-break "
                        "({tie_breaks}) and share the place.",
                        "{players} stay tied at {count} points after every tie-break "
                        "({tie_breaks}) and share the place.",
                        players=_names(players, group),
                        count=scores[group[0]],
                        tie_breaks=names,
                    )
                )
    return lines


def _decided(
    players: Sequence[str],
    scores: Sequence[int],
    keys: Sequence[Any],
    upper: Sequence[int],
    lower: Sequence[int],
    tie_breaks: Sequence[TieBreak],
) -> Message:
    """Which tie-break put the place `upper` ahead of the place `lower`, equal on points."""
    ahead, behind = _parts(keys[upper[0]]), _parts(keys[lower[0]])
    index = next(i for i in range(1, len(ahead)) if ahead[i] != behind[i])
    tie = tie_breaks[index - 1]
    fields: dict[str, Param] = {
        "first": _names(players, upper),
        "second": _names(players, lower),
        "count": scores[upper[0]],
        "tie_break": tie.name,
        "value": str(tie.shown(ahead[index])),
        "other": str(tie.shown(behind[index])),
    }
    if len(upper) == 1:
        return plural_msg(
            "{first} ranks ahead of {second} at {count} points each: {tie_break}, {value} "
            "against {other}.",
            "{first} ranks ahead of {second} at {count} points each: {tie_break}, {value} "
            "against {other}.",
            **fields,  # type: ignore[arg-type]
        )
    return plural_msg(
        "{first} rank ahead of {second} at {count} points each: {tie_break}, {value} "
        "against {other}.",
        "{first} rank ahead of {second} at {count} points each: {tie_break}, {value} "
        "against {other}.",
        **fields,  # type: ignore[arg-type]
    )


def _names(players: Sequence[str], seats: Sequence[int]) -> Param:
    """Players named as `alice and bob` (`alice und bob`), whatever their number."""
    return and_chain([players[seat] for seat in seats])


def _parts(key: Any) -> tuple[Any, ...]:
    return key if isinstance(key, tuple) else (key,)
