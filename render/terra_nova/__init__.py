"""The Terra Nova (KOSMOS 2022) board image, drawn from the view of docs/games/terra-nova.md.

A cached layer per board side (paper, river, coordinates, panel frame, strip captions) lies
under what each view adds: the bridges, the land in its current terrains (each with its
letter, so terrains are told apart without colour), towns, the last turn's marks and the
buildings (each with its faction's glyph, so factions are told apart without colour), the
round scoring tiles, the power actions, the bonus tiles on offer and one card per faction.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image

from engine.games.terra_nova.view import TerraNovaView
from render.language import ENGLISH
from render.palette import stored_palette

from .layers import background_for
from .layout import cells_of
from .panel import draw_panel
from .pieces import (
    draw_bridges,
    draw_buildings,
    draw_last_turn,
    draw_neutral_spots,
    draw_terrain,
    draw_towns,
    seat_colours,
)
from .tiles import draw_strips

#: Where the game's fixed palette is stored (render/palette.py).
PALETTE_FOLDER = Path(__file__).parent


def render(data: TerraNovaView | Mapping[str, Any], language: str = ENGLISH) -> bytes:
    """PNG bytes of the board as a view (or its data) shows it, worded in `language`; the
    same view always gives the same bytes."""
    return stored_palette(PALETTE_FOLDER).to_png(image_of(data, language))


def image_of(data: TerraNovaView | Mapping[str, Any], language: str = ENGLISH) -> Image.Image:
    """The image before it is reduced to a palette."""
    view = TerraNovaView.of(data)
    layout, background = background_for(cells_of(view), language)
    image = background.copy()
    colours = seat_colours(view.players)
    draw_bridges(image, layout, view.bridges, view.last_turn, colours)
    draw_terrain(image, layout, view.hexes)
    draw_towns(image, layout, view.towns)
    draw_last_turn(image, layout, view.last_turn)
    if view.phase == "neutral":
        draw_neutral_spots(image, layout, view.hexes)
    draw_buildings(image, layout, view.hexes, colours)
    draw_strips(image, view, language)
    draw_panel(image, view, colours, language)
    return image
