"""The Terra Nova (2006) board image, drawn from the view of docs/games/terra-nova-2006.md.

Cached layers (the island with landscapes, coordinates and legend; masks for scored areas)
lie under what each view adds: scored areas, stones, the last turn, figures and the side
panel. Landscapes carry their letter as well as their colour, so colour-blind players can
tell them apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.games.terra_nova_2006.view import TerraNova2006View
from render.common import to_png

from .layers import board_for
from .layout import cells_of
from .panel import draw_panel
from .pieces import Seats, draw_pieces


def render(data: TerraNova2006View | Mapping[str, Any]) -> bytes:
    """PNG bytes of the board as a view (or its data) shows it; the same view always gives
    the same bytes."""
    view = TerraNova2006View.of(data)
    board = board_for(cells_of(view))
    image = board.background.copy()
    seats = Seats.of(view.players)
    draw_pieces(image, board, view, seats)
    draw_panel(image, view, seats)
    return to_png(image)
