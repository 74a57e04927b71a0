"""The cached layers under every image: the board itself (island, landscapes, coordinates,
panel frame and legend), and the masks that let a scored area be shaded in any colour while
its letters, names and hatching stay crisp."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from engine.core.messages import term
from render.common import SQRT3, Point, font, hex_corners, hex_edge, mix
from render.language import say
from render.recent import TABLE_IMAGES, Recent

from .layout import BoardLayout, Cell, layout_for
from .style import (
    BOARD_RIGHT,
    CARD,
    CARD_EDGE,
    COAST,
    HEIGHT,
    INK,
    LANDSCAPES,
    LAYER_SCALE,
    LEGEND_TOP,
    LETTER_INK,
    MUTED,
    NAME_INK,
    OUTLINE_INK,
    PANEL_LEFT,
    PANEL_RIGHT,
    PAPER,
    SHADOW,
    WIDTH,
)

#: The legend's swatches (a hex with the landscape's letter) and names.
SWATCH_RADIUS, LEGEND_SIZE, LEGEND_MAX_GAP = 13, 17, 28


#: Scored areas' masks kept per board: a late board shows a few dozen.
AREA_MASKS_KEPT = 128


@dataclass(frozen=True)
class Board:
    """Everything about a board that stays the same for the whole game.

    `ink` holds the cells' outlines, letters and names as the strength (0–255) with which
    INK covers a cell's colour; `hatch` the diagonal lines of scored areas, kept clear of the
    letters. Both cover the board part of the image (x < BOARD_RIGHT).
    """

    layout: BoardLayout
    background: Image.Image
    ink: Image.Image
    hatch: Image.Image
    #: Masks of scored areas, filled by the pieces module: an area never changes once scored,
    #: so each is drawn once per game instead of on every image. Bounded like the other
    #: images a table's next moves reuse: every game scores areas of its own.
    area_masks: Recent[Any] = field(
        default_factory=lambda: Recent(AREA_MASKS_KEPT, budget=TABLE_IMAGES),
        compare=False,
        repr=False,
    )


@lru_cache(maxsize=4)
def board_for(cells: tuple[Cell, ...], language: str) -> Board:
    """The layout, static layer (its legend worded in `language`) and masks of a board;
    cached, as every image of a game shares them."""
    layout = layout_for(cells)
    k = LAYER_SCALE
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), PAPER)
    _draw_island_shadow(big, layout, k)
    draw = ImageDraw.Draw(big)
    for cell in layout.cells.values():
        corners = hex_corners(_scaled(layout.centre(cell.name), k), layout.radius * k)
        draw.polygon(corners, fill=LANDSCAPES[cell.landscape][2])
    _draw_coast(draw, layout, k)
    _draw_row_letters(draw, layout, k)
    _draw_panel_frame(draw, k)
    _draw_legend(draw, k, language)
    background = big.reduce(k)
    ink, halo = _cell_marks(layout, k)
    background.paste(INK, (0, 0, BOARD_RIGHT, HEIGHT), ink)
    return Board(layout, background, ink, _hatching(layout, halo, k))


def _scaled(point: Point, k: float) -> Point:
    return (point[0] * k, point[1] * k)


def _cell_marks(layout: BoardLayout, k: int) -> tuple[Image.Image, Image.Image]:
    """The ink mask of every cell's outline, landscape letter and (small, below) name, and
    a halo mask around the texts.

    The letter tells landscapes apart without colour; the name makes the in-row number
    unambiguous. Figures and stones drawn later cover both.
    """
    size = (BOARD_RIGHT * k, HEIGHT * k)
    ink, halo = Image.new("L", size, 0), Image.new("L", size, 0)
    draw_ink, draw_halo = ImageDraw.Draw(ink), ImageDraw.Draw(halo)
    radius = layout.radius * k
    letter_font = font(round(radius * 0.62))
    name_font = font(round(radius * 0.4))
    for cell in layout.cells.values():
        cx, cy = _scaled(layout.centre(cell.name), k)
        outline = round(OUTLINE_INK * 255)
        draw_ink.polygon(hex_corners((cx, cy), radius), outline=outline, width=k)
        texts = (
            ((cx, cy - radius * 0.22), LANDSCAPES[cell.landscape][0], letter_font, LETTER_INK),
            ((cx, cy + radius * 0.45), cell.name, name_font, NAME_INK),
        )
        for at, text, text_font, strength in texts:
            draw_ink.text(at, text, font=text_font, fill=round(strength * 255), anchor="mm")
            draw_halo.text(
                at, text, font=text_font, fill=255, anchor="mm", stroke_width=2 * k, stroke_fill=255
            )
    return ink.reduce(k), halo


def _hatching(layout: BoardLayout, halo: Image.Image, k: int) -> Image.Image:
    """Diagonal lines across the board, left out around the cells' texts."""
    hatch = Image.new("L", halo.size, 0)
    draw = ImageDraw.Draw(hatch)
    step, height = layout.radius * k * 0.42, hatch.height
    x = -float(height)
    while x < hatch.width:
        draw.line([(x, height), (x + height, 0)], fill=255, width=max(1, round(k * 1.2)))
        x += step
    return ImageChops.subtract(hatch, halo).reduce(k)


def _draw_island_shadow(image: Image.Image, layout: BoardLayout, k: int) -> None:
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for name in layout.cells:
        x, y = layout.centre(name)
        draw.polygon(hex_corners(((x + 3) * k, (y + 5) * k), (layout.radius + 1) * k), fill=150)
    image.paste(SHADOW, (0, 0), mask.filter(ImageFilter.GaussianBlur(6 * k)))


def _draw_coast(draw: ImageDraw.ImageDraw, layout: BoardLayout, k: int) -> None:
    """A firm line along the island's outer edges: the board edge closes areas too."""
    for name in layout.cells:
        centre = _scaled(layout.centre(name), k)
        for direction in range(6):
            if layout.neighbour(name, direction) is None:
                a, b = hex_edge(centre, layout.radius * k, direction)
                draw.line([a, b], fill=COAST, width=3 * k)
                for corner in (a, b):
                    r = 1.5 * k
                    draw.ellipse(
                        (corner[0] - r, corner[1] - r, corner[0] + r, corner[1] + r), fill=COAST
                    )


def _draw_row_letters(draw: ImageDraw.ImageDraw, layout: BoardLayout, k: int) -> None:
    """Each row's letter just outside both ends of the row."""
    rows: dict[int, list[Cell]] = {}
    for cell in layout.cells.values():
        rows.setdefault(cell.r, []).append(cell)
    label_font = font(round(layout.radius * 0.62 * k))
    offset = layout.radius * SQRT3 / 2 + layout.radius * 0.62
    for row in rows.values():
        row.sort(key=lambda c: c.q)
        letter = row[0].name.rstrip("0123456789")
        for cell, side in ((row[0], -1), (row[-1], 1)):
            x, y = layout.centre(cell.name)
            draw.text(
                ((x + side * offset) * k, y * k), letter, font=label_font, fill=MUTED, anchor="mm"
            )


def _draw_panel_frame(draw: ImageDraw.ImageDraw, k: int) -> None:
    draw.rounded_rectangle(
        (PANEL_LEFT * k, 12 * k, PANEL_RIGHT * k, (HEIGHT - 12) * k),
        radius=12 * k,
        fill=CARD,
        outline=CARD_EDGE,
        width=2 * k,
    )
    draw.text(((PANEL_LEFT + 16) * k, 24 * k), "Terra Nova (2006)", font=font(20 * k), fill=MUTED)


def _draw_legend(draw: ImageDraw.ImageDraw, k: int, language: str) -> None:
    """One row under the island: each landscape's swatch with its letter, and its name."""
    name_font = font(LEGEND_SIZE * k)
    names = [say(term(name, "terrain"), language) for _, name, _ in LANDSCAPES.values()]
    entries = [
        (letter, name, colour, name_font.getlength(name) / k)
        for (letter, _, colour), name in zip(LANDSCAPES.values(), names, strict=True)
    ]
    swatch = 2 * SWATCH_RADIUS + 6
    widths = sum(swatch + width for *_, width in entries)
    gap = min(LEGEND_MAX_GAP, (BOARD_RIGHT - 32 - widths) / (len(entries) - 1))
    x = (BOARD_RIGHT - widths - gap * (len(entries) - 1)) / 2
    cy = LEGEND_TOP + 32
    for letter, name, colour, width in entries:
        cx = x + SWATCH_RADIUS
        draw.polygon(
            hex_corners((cx * k, cy * k), SWATCH_RADIUS * k),
            fill=colour,
            outline=mix(colour, INK, 0.45),
        )
        draw.text(
            (cx * k, cy * k),
            letter,
            font=font(14 * k),
            fill=mix(colour, INK, LETTER_INK),
            anchor="mm",
        )
        draw.text(((x + swatch) * k, cy * k), name, font=name_font, fill=INK, anchor="lm")
        x += swatch + width + gap
