"""The JSON-ready view of a state (schema in docs/games/terra-nova-2006.md) and the ranking."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .board import Board
from .state import ACTIONS_PER_TURN, COLOURS, STONE, TerraNova2006State


def ranking_of(scores: Sequence[int], resigned: Sequence[bool]) -> list[list[int]]:
    """Seats best first; equal scores share a place; resigned seats come after all others."""
    groups: list[list[int]] = []
    for gave_up in (False, True):
        seats = [s for s in range(len(scores)) if resigned[s] == gave_up]
        for points in sorted({scores[s] for s in seats}, reverse=True):
            groups.append([s for s in seats if scores[s] == points])
    return groups


def ranking(state: TerraNova2006State) -> list[list[int]]:
    return ranking_of(state.scores, state.resigned)


def winner_text(players: Sequence[str], scores: Sequence[int], resigned: Sequence[bool]) -> str:
    """`alice wins with 54 points`, or who shares the win."""
    best = ranking_of(scores, resigned)[0]
    points = scores[best[0]]
    if len(best) == 1:
        return f"{players[best[0]]} wins with {points} points"
    return f"{' and '.join(players[s] for s in best)} share the win with {points} points each"


def build_view(board: Board, state: TerraNova2006State) -> dict[str, Any]:
    names = board.names
    over = state.phase == "over"
    on_board = [0] * len(state.players)
    for code in state.board:
        if code >= 0:
            on_board[code] += 1
    if over:
        actions_left = 0
    elif state.phase == "placement":
        actions_left = 1
    else:
        actions_left = ACTIONS_PER_TURN - len(state.done)
    return {
        "game": "terra-nova-2006",
        "phase": state.phase,
        "turn": state.turn,
        "to_act": [] if over else [state.current],
        "actions_left": actions_left,
        "stones_left": state.stones_left,
        "players": [
            {
                "seat": seat,
                "name": name,
                "colour": COLOURS[seat],
                "score": state.scores[seat],
                "figures_on_board": on_board[seat],
                "figures_to_place": state.to_place[seat],
                "figures_out": state.out[seat],
                "resigned": state.resigned[seat],
            }
            for seat, name in enumerate(state.players)
        ],
        "cells": [
            {"name": names[i], "q": cell.q, "r": cell.r, "landscape": board.landscape_key(i)}
            for i, cell in enumerate(board.grid.cells)
        ],
        "figures": [
            {"cell": names[cell], "seat": code}
            for cell, code in enumerate(state.board)
            if code >= 0
        ],
        "stones": [names[cell] for cell, code in enumerate(state.board) if code == STONE],
        "areas": [
            {
                "cells": [names[cell] for cell in area.cells],
                "landscapes": area.landscapes,
                "size": len(area.cells),
                "points": area.points,
                "winners": list(area.winners),
                "awarded": {str(seat): area.share for seat in area.winners},
                "turn": area.turn,
            }
            for area in state.areas
        ],
        "last_turn": _last_turn(board, state),
        "winner_text": winner_text(state.players, state.scores, state.resigned) if over else None,
    }


def _last_turn(board: Board, state: TerraNova2006State) -> dict[str, Any] | None:
    record = state.last_turn
    if record is None:
        return None
    names = board.names
    return {
        "seat": record.seat,
        "moves": [{"from": names[a], "to": names[b]} for a, b in record.moves],
        "stones": [names[cell] for cell in record.stones],
        "placed": None if record.placed is None else names[record.placed],
        "passed": record.passed,
        "areas": list(record.areas),
    }
