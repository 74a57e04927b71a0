"""What Tiny Towns says at the table besides its rules: the round and your town in words, when
the public board shows something new, and its tie-breaks by name (engine/core's hooks).

Tiny Towns marks no action as forced. The engine already finishes a player's part of a round
when they have nothing to take and nothing to build; a lone `done` after a placement stays
the player's, who may still take the placement back before the round moves on.
"""

from __future__ import annotations

from typing import Any

from engine.core import TieBreak

from .cards import CARDS
from .state import TinyTownsState
from .view import build_view

#: After the points (docs/games/tiny-towns.md, "The end"); `view.rank_keys` applies them.
TIE_BREAKS = (TieBreak("empty squares", fewer_wins=True), TieBreak("cottages"))


def round_line(state: TinyTownsState) -> str | None:
    """The round and its resource: where it came from and, when named, who named it."""
    number, resource = state.round, state.resource
    namer = None if state.hammer is None else state.players[state.hammer]
    if state.phase == "over":
        return None
    if state.phase == "keep":
        return "Before round 1: everyone keeps one of their two monument cards."
    if state.phase == "name":
        return f"Round {number}: {namer} names the resource."
    if state.source == "choice":
        return f"Round {number}: everyone chooses their own resource."
    if state.source == "none":
        return (
            f"Round {number}: nobody can name a resource; towns still being built are "
            "finished at the end of it."
        )
    if state.source == "solo" and resource is None:
        return f"Round {number}: take one of the face-up cards ({', '.join(state.face_up)})."
    origin = {
        "card": "from the resource card",
        "named": f"named by {namer}",
        "solo": "taken from the face-up cards",
    }[state.source]
    return f"Round {number}: the resource is {resource}, {origin}."


def own_lines(state: TinyTownsState, seat: int) -> list[str]:
    """The seat's town as only its player reads it: points, empty squares, the monument
    (secret until built), and whatever the player still owes."""
    town = state.towns[seat]
    if town.resigned:
        return []
    mine = build_view(state, seat).players[seat]
    empty = mine.empty_squares
    lines = [
        f"Your town: {mine.score} points so far, {empty} empty square{'' if empty == 1 else 's'}."
    ]
    if town.monument is None and town.dealt:
        dealt = " or ".join(CARDS[card].name for card in town.dealt)
        lines.append(f"Your monument cards: {dealt} — keep one.")
    elif town.monument is not None and town.monument not in town.cells:
        lines.append(f"Your monument: {CARDS[town.monument].name} (secret until you build it).")
    if town.hand is not None:
        lines.append(f"In your hand from the Warehouse: {town.hand} — place it in your town.")
    if mine.owes:
        lines.append(f"Still to do: {mine.owes[0]}.")
    if town.claims:
        names = ", ".join(CARDS[card].name for card in town.claims)
        lines.append(f"Opaleye's Watch: you may place the {names} ('add …' or 'pass').")
    if town.aside:
        lines.append(f"Set aside beside your town: {', '.join(town.aside)}.")
    return lines


def board_key(state: TinyTownsState) -> tuple[Any, ...]:
    """What the public board shows, but whose turn it is: the round, its resource, the face-up
    cards and every town (squares, what lies on buildings, set aside, the Watch)."""
    return (
        state.phase,
        state.round,
        state.resource,
        tuple(state.face_up),
        tuple(
            (
                tuple(town.cells),
                tuple(sorted((square, tuple(held)) for square, held in town.held.items())),
                tuple(town.aside),
                tuple(town.watch),
                town.finished_round,
                town.resigned,
            )
            for town in state.towns
        ),
    )


class TinyTownsTableTalk:
    """The core's table hooks for Tiny Towns (mixed into the game class)."""

    def summary(self, state: TinyTownsState, viewer: int | None) -> list[str]:
        line = round_line(state)
        lines = [] if line is None else [line]
        return lines + ([] if viewer is None else own_lines(state, viewer))

    def board_news(self, before: TinyTownsState, after: TinyTownsState) -> bool:
        return board_key(before) != board_key(after)

    def tie_breaks(self) -> tuple[TieBreak, ...]:
        return TIE_BREAKS
