"""The cached layer under every image of a board side: paper, the river, the coordinates on
the margins, the panel's frame and the captions of the tile strips. Land is drawn per image,
as making it habitable changes its terrain."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.messages import msg, term
from render.common import Point, font, font_for, hex_corners, paste_centred
from render.language import say

from .layout import (
    LETTER_MARGIN,
    NUMBER_MARGIN,
    Cell,
    MapLayout,
    map_layout,
    strip_box,
)
from .pieces import building_of, hex_sprite
from .style import (
    CARD,
    CARD_EDGE,
    HEADER_BOTTOM,
    HEIGHT,
    INK,
    LAYER_SCALE,
    MUTED,
    NO_FACTION,
    PANEL_LEFT,
    PANEL_RIGHT,
    PAPER,
    RIVER,
    RIVER_WAVE,
    TERRAINS,
    WIDTH,
)

STRIP_CAPTIONS = (msg("Round\nscoring"), msg("Power\nactions"), msg("Bonus\ntiles"))
#: The building shapes the legend shows, by the names the engine gives them.
BUILDINGS = ("house", "trading post", "palace")


@lru_cache(maxsize=4)
def background_for(cells: tuple[Cell, ...], language: str) -> tuple[MapLayout, Image.Image]:
    """The layout and the static layer of a board side, its words in `language`."""
    layout = map_layout(cells)
    k = LAYER_SCALE
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), PAPER)
    draw = ImageDraw.Draw(big)
    _draw_river(draw, layout, k)
    _draw_coordinates(draw, layout, k)
    _draw_panel_frame(draw, k)
    _draw_strip_captions(draw, k, language)
    background = big.reduce(k)
    _draw_legend(background, language)
    return layout, background


def _scaled(point: Point, k: float) -> Point:
    return (point[0] * k, point[1] * k)


def _draw_river(draw: ImageDraw.ImageDraw, layout: MapLayout, k: int) -> None:
    """River hexes as one water, with two small waves each (the river is not only a colour)."""
    radius = layout.radius * k
    river = [cell for cell in layout.cells.values() if cell.river]
    for cell in river:
        centre = _scaled(layout.centre(cell.name), k)
        draw.polygon(hex_corners(centre, radius + k), fill=RIVER)
    for cell in river:
        cx, cy = _scaled(layout.centre(cell.name), k)
        for dy in (-0.22, 0.22):
            wave = [
                (cx + radius * (t / 10 - 0.45), cy + radius * (dy + 0.09 * math.sin(t * 0.7)))
                for t in range(10)
            ]
            draw.line(wave, fill=RIVER_WAVE, width=max(1, round(k * 1.6)), joint="curve")


def _draw_coordinates(draw: ImageDraw.ImageDraw, layout: MapLayout, k: int) -> None:
    """Row letters at both ends of every row; the numbers of the top and bottom rows above and
    below them (rows in between count their hexes the same way, from the left)."""
    rows: dict[int, list[Cell]] = {}
    for cell in layout.cells.values():
        rows.setdefault(cell.r, []).append(cell)
    label_font = font(round(layout.radius * 0.6 * k))
    number_font = font(round(layout.radius * 0.45 * k))
    for row in rows.values():
        row.sort(key=lambda c: c.q)
        letter = row[0].name.rstrip("0123456789")
        for cell, side in ((row[0], -1), (row[-1], 1)):
            x, y = layout.centre(cell.name)
            x += side * (layout.radius * 0.87 + LETTER_MARGIN / 2)
            draw.text((x * k, y * k), letter, font=label_font, fill=MUTED, anchor="mm")
    for r, side in ((min(rows), -1), (max(rows), 1)):
        for cell in rows[r]:
            x, y = layout.centre(cell.name)
            y += side * (layout.radius + NUMBER_MARGIN / 2)
            number = cell.name.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            draw.text((x * k, y * k), number, font=number_font, fill=MUTED, anchor="mm")


def _draw_panel_frame(draw: ImageDraw.ImageDraw, k: int) -> None:
    draw.rounded_rectangle(
        (PANEL_LEFT * k, 12 * k, PANEL_RIGHT * k, (HEIGHT - 12) * k),
        radius=12 * k,
        fill=CARD,
        outline=CARD_EDGE,
        width=2 * k,
    )


def _draw_strip_captions(draw: ImageDraw.ImageDraw, k: int, language: str) -> None:
    for index, message in enumerate(STRIP_CAPTIONS):
        caption = say(message, language)
        left, top, right, bottom = strip_box(index)
        draw.line(((left * k, top * k), (right * k, top * k)), fill=CARD_EDGE, width=k)
        draw.multiline_text(
            (left * k, (top + bottom) / 2 * k),
            caption,
            font=font_for(caption, 19 * k),  # Pillow's multiline text asks the font itself
            fill=INK,
            anchor="lm",
            spacing=4 * k,
        )


def _draw_legend(image: Image.Image, language: str) -> None:
    """Above the map: the terrains with their letters, the three building shapes."""
    draw = ImageDraw.Draw(image)
    label_font = font(17)
    x, y = 18.0, HEADER_BOTTOM / 2
    for terrain in TERRAINS:
        paste_centred(image, hex_sprite(terrain, "", 20), (x + 15, y + 3))
        name = say(term(terrain, "terrain"), language)
        draw.text((x + 38, y), name, font=label_font, fill=INK, anchor="lm")
        x += 38 + label_font.getlength(name) + 14
    x += 14
    for kind in BUILDINGS:
        paste_centred(image, building_of(kind, 24, NO_FACTION), (x + 14, y - 2))
        name = say(term(kind, "building"), language)
        draw.text((x + 32, y), name, font=label_font, fill=INK, anchor="lm")
        x += 32 + label_font.getlength(name) + 16
