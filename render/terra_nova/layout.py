"""Where everything lies in the image: the map's hexes, the three tile strips under the map,
and one card per faction in the side panel."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.games.terra_nova.view import TerraNovaView
from render.common import Box
from render.hexmap import HexLayout, fit_hexes

from .style import HEIGHT, MAP_BOTTOM, MAP_RIGHT, MAP_TOP, PANEL_LEFT, PANEL_RIGHT

#: Space beside the map for the row letters, and above and below it for the column numbers.
LETTER_MARGIN, NUMBER_MARGIN = 40, 26
STRIP_LEFT, STRIP_CAPTION = 14, 112  # the strips' captions sit left of their tiles
STRIP_HEIGHT, STRIP_GAP = 106, 6
PANEL_TOP = 14
CARD_TOP, CARD_GAP = 96, 8


@dataclass(frozen=True)
class Cell:
    """A hex of the board as far as the static layer cares: where it is and whether it is
    river (land changes its terrain during the game, the river never does)."""

    name: str
    q: int
    r: int
    river: bool


MapLayout = HexLayout[Cell]


def cells_of(view: TerraNovaView | Mapping[str, Any]) -> tuple[Cell, ...]:
    """The board's hexes from a view (or its data): hashable, so the static layer is cached
    per board side."""
    hexes = TerraNovaView.of(view).hexes
    return tuple(Cell(h.name, h.q, h.r, h.terrain == "river") for h in hexes)


@lru_cache(maxsize=4)
def map_layout(cells: tuple[Cell, ...]) -> MapLayout:
    """Fit the board into the map area, leaving the margins for its coordinates."""
    box = (
        LETTER_MARGIN,
        MAP_TOP + NUMBER_MARGIN,
        MAP_RIGHT - LETTER_MARGIN,
        MAP_BOTTOM - NUMBER_MARGIN,
    )
    return fit_hexes(cells, box)


def strip_box(index: int) -> Box:
    """The box of tile strip `index` under the map: 0 round scoring, 1 power actions,
    2 bonus tiles on offer."""
    top = MAP_BOTTOM + 4 + index * (STRIP_HEIGHT + STRIP_GAP)
    return (STRIP_LEFT, top, MAP_RIGHT - 8, top + STRIP_HEIGHT)


def tile_boxes(strip: Box, count: int, widest: int) -> list[Box]:
    """`count` tiles side by side in a strip, right of its caption, none wider than `widest`."""
    left, top, right, bottom = strip
    left += STRIP_CAPTION
    top += 8
    gap = 8
    width = min(widest, (right - left - gap * (count - 1)) // max(count, 1))
    return [
        (left + i * (width + gap), top, left + i * (width + gap) + width, bottom)
        for i in range(count)
    ]


def card_box(seat: int, seats: int) -> Box:
    """The box of a seat's card in the side panel; cards share the panel's height."""
    height = min(200, (HEIGHT - PANEL_TOP - 12 - CARD_TOP - CARD_GAP * (seats - 1)) // seats)
    top = CARD_TOP + seat * (height + CARD_GAP)
    return (PANEL_LEFT + 10, top, PANEL_RIGHT - 10, top + height)
