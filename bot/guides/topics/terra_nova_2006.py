"""The numbers of Terra Nova (2006) that its guide words: figures, stones, area points and
the island, read from the engine."""

from __future__ import annotations

from typing import Any

from engine.games.terra_nova_2006 import board, state, turn


def context() -> dict[str, Any]:
    island = board.standard_board()
    rows = island.grid.row_letters()
    points = turn.POINTS_PER_CELL
    return {
        "figures": dict(sorted(state.FIGURES_PER_PLAYER.items())),
        "stones": state.STONE_SUPPLY,
        "actions_per_turn": state.ACTIONS_PER_TURN,
        "colours": state.COLOURS,
        "points_per_cell": dict(sorted(points.items())),
        "max_landscapes": max(points),
        "landscapes": list(board.LANDSCAPES.items()),
        "cells": len(island),
        "cells_per_landscape": len(island) // len(board.LANDSCAPES),
        "first_row": rows[0],
        "last_row": rows[-1],
    }
