"""What Tiny Towns says at the table besides its rules: the round and your town in words, when
the public board shows something new, and its tie-breaks by name (engine/core's hooks).

Tiny Towns marks no action as forced. The engine already finishes a player's part of a round
when they have nothing to take and nothing to build; a lone `done` after a placement stays
the player's, who may still take the placement back before the round moves on.
"""

from __future__ import annotations

from typing import Any

from engine.core import Message, TieBreak, chain, comma_chain, msg, plural_msg, term

from .cards import card_term, resource_term, resources_list
from .state import TinyTownsState
from .view import build_view, pending_text

#: After the points (docs/games/tiny-towns.md, "The end"); `view.rank_keys` applies them.
TIE_BREAKS = (
    TieBreak(term("empty squares", "tie-break"), fewer_wins=True),
    TieBreak(term("cottages", "tie-break")),
)


def round_line(state: TinyTownsState) -> Message | None:
    """The round and its resource: where it came from and, when named, who named it."""
    number, resource = state.round, state.resource
    namer = "" if state.hammer is None else state.players[state.hammer]
    if state.phase == "over":
        return None
    if state.phase == "keep":
        return msg("Before round 1: everyone keeps one of their two monument cards.")
    if state.phase == "name":
        return msg("Round {round}: {player} names the resource.", round=number, player=namer)
    if state.source == "choice":
        return msg("Round {round}: everyone chooses their own resource.", round=number)
    if state.source == "none":
        return msg(
            "Round {round}: nobody can name a resource; towns still being built are "
            "finished at the end of it.",
            round=number,
        )
    if state.source == "solo" and resource is None:
        return msg(
            "Round {round}: take one of the face-up cards ({cards}).",
            round=number,
            cards=resources_list(state.face_up),
        )
    origin = {
        "card": msg("from the resource card"),
        "named": msg("named by {player}", player=namer),
        "solo": msg("taken from the face-up cards"),
    }[state.source]
    return msg(
        "Round {round}: the resource is {resource}, {origin}.",
        round=number,
        resource=resource_term(resource or ""),
        origin=origin,
    )


def own_lines(state: TinyTownsState, seat: int) -> list[Message]:
    """The seat's town as only its player reads it: points, empty squares, the monument
    (secret until built), and whatever the player still owes."""
    town = state.towns[seat]
    if town.resigned:
        return []
    mine = build_view(state, seat).players[seat]
    lines = [
        plural_msg(
            "Your town: {points} points so far, {count} empty square.",
            "Your town: {points} points so far, {count} empty squares.",
            points=mine.score,
            count=mine.empty_squares,
        )
    ]
    if town.monument is None and town.dealt:
        lines.append(
            msg(
                "Your monument cards: {cards} — keep one.",
                cards=chain([card_term(card) for card in town.dealt], "or"),
            )
        )
    elif town.monument is not None and town.monument not in town.cells:
        lines.append(
            msg(
                "Your monument: {monument} (secret until you build it).",
                monument=card_term(town.monument),
            )
        )
    if town.hand is not None:
        lines.append(
            msg(
                "In your hand from the Warehouse: {resource} — place it in your town.",
                resource=resource_term(town.hand),
            )
        )
    if town.pending:
        lines.append(msg("Still to do: {task}.", task=pending_text(town, town.pending[0])))
    if town.claims:
        lines.append(
            msg(
                "Opaleye's Watch: you may place the {buildings} ('add …' or 'pass').",
                buildings=comma_chain([card_term(card) for card in town.claims]),
            )
        )
    if town.aside:
        lines.append(
            msg("Set aside beside your town: {resources}.", resources=resources_list(town.aside))
        )
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

    def summary(self, state: TinyTownsState, viewer: int | None) -> list[Message]:
        line = round_line(state)
        lines = [] if line is None else [line]
        return lines + ([] if viewer is None else own_lines(state, viewer))

    def board_news(self, before: TinyTownsState, after: TinyTownsState) -> bool:
        return board_key(before) != board_key(after)

    def tie_breaks(self) -> tuple[TieBreak, ...]:
        return TIE_BREAKS
