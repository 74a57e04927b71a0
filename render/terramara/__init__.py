"""The Terramara board image, drawn from the typed view of docs/games/terramara.md.

A cached layer (tiles and spaces, the road and its bonus tiles, the tracks' scales and
milestones, slot headings, keys) lies under what each view adds: members, carts, banners,
markers, canoes, the river's cards, the header and one panel per player. Every piece carries
its player's initials and a shape for its kind, so colour is never the only cue; the image is
1040 px wide and its smallest text stays legible at Discord's 520 px preview.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from engine.games.terramara.view import TerramaraView
from render.language import ENGLISH

from .board import background_for
from .canvas import Canvas
from .layout import Layout, layout_of
from .overlay import draw_overlay
from .panel import draw_draft, draw_header, draw_panels
from .pieces import Seats


def render(data: TerramaraView | Mapping[str, Any], language: str = ENGLISH) -> bytes:
    """PNG bytes of the board as a view (or its data) shows it, worded in `language`; the
    same view always gives the same bytes."""
    view = TerramaraView.of(data)
    layout = layout_of(view, language)
    layer = background_for(view, layout, language)
    return layer.palette.to_png(draw(view, layout, layer.image.copy(), language))


def image_of(data: TerramaraView | Mapping[str, Any], language: str = ENGLISH) -> Image.Image:
    """The image before it is reduced to a palette."""
    view = TerramaraView.of(data)
    layout = layout_of(view, language)
    return draw(view, layout, background_for(view, layout, language).image.copy(), language)


def draw(view: TerramaraView, layout: Layout, image: Image.Image, language: str) -> Image.Image:
    """What `view` adds to a copy of its cached layer."""
    seats = Seats.of(view.players)
    canvas = Canvas(image, language)
    draw_header(canvas, view)
    draw_overlay(image, view, layout, seats, language)
    draw_draft(canvas, view, layout)
    draw_panels(image, view, layout, seats, language)
    return image
