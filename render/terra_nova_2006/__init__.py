"""The Terra Nova (2006) board image, drawn from the view of docs/games/terra-nova-2006.md.

Cached layers (the island with landscapes, coordinates and legend; masks for scored areas;
the scored areas, stones and areas' points of recent images) lie under what each view adds:
the points of areas the last turn closed, the last turn, figures and the side panel.
Landscapes carry their letter as well as their colour, so colour-blind players can tell them
apart.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image

from engine.games.terra_nova_2006.view import TerraNova2006View
from render.language import ENGLISH
from render.palette import stored_palette

from .layers import board_for
from .layout import cells_of
from .panel import draw_panel
from .pieces import Seats, area_badges, draw_pieces, settle, stones_layer

#: Where the game's fixed palette is stored (render/palette.py).
PALETTE_FOLDER = Path(__file__).parent


def render(data: TerraNova2006View | Mapping[str, Any], language: str = ENGLISH) -> bytes:
    """PNG bytes of the board as a view (or its data) shows it, worded in `language`; the
    same view always gives the same bytes."""
    return stored_palette(PALETTE_FOLDER).to_png(image_of(data, language))


def image_of(data: TerraNova2006View | Mapping[str, Any], language: str = ENGLISH) -> Image.Image:
    """The image before it is reduced to the palette."""
    view = TerraNova2006View.of(data)
    cells = cells_of(view)
    board = board_for(cells, language)
    seats = Seats.of(view.players)
    settled, drawn = settle(area_badges(board.layout, view, seats, language))
    # the board's layers hold its legend and badges: they are keyed by board and language
    image = stones_layer(board, (cells, language), view, seats, settled)
    draw_pieces(image, board, view, seats, drawn)
    draw_panel(image, view, seats, language)
    return image
