"""The cached layers under every image: the board itself (island, landscapes, coordinates,
panel frame and legend), and the board as it looks inside scored areas of each winner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFilter

from render.common import RGB, SQRT3, Point, font, hex_corners, hex_edge, mix

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
    MUTED,
    PANEL_LEFT,
    PANEL_RIGHT,
    PAPER,
    SHADOW,
    WIDTH,
    area_fill,
    area_hatch,
    cell_ink,
)

LEGEND_TOP = HEIGHT - 150


@dataclass(frozen=True)
class Board:
    layout: BoardLayout
    background: Image.Image


@lru_cache(maxsize=4)
def board_for(cells: tuple[Cell, ...]) -> Board:
    """The layout and static layer of a board; cached, as every image of a game shares them."""
    layout = layout_for(cells)
    k = LAYER_SCALE
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), PAPER)
    _draw_island_shadow(big, layout, k)
    draw = ImageDraw.Draw(big)
    _draw_cells(draw, layout, k, lambda cell: LANDSCAPES[cell.landscape][2])
    _draw_coast(draw, layout, k)
    _draw_row_letters(draw, layout, k)
    _draw_panel_frame(draw, k)
    _draw_legend(draw, k)
    return Board(layout, big.reduce(k))


@lru_cache(maxsize=24)
def area_layer(cells: tuple[Cell, ...], winner: RGB | None) -> Image.Image:
    """The board part of the image as it looks inside an area won by the player of colour
    `winner` (None: nobody) — hatched in that colour, letters and names kept. Scored areas
    are cut out of it, so a render pastes them instead of drawing cells and text anew."""
    layout = board_for(cells).layout
    k = LAYER_SCALE
    big = Image.new("RGB", (BOARD_RIGHT * k, HEIGHT * k), PAPER)
    draw = ImageDraw.Draw(big)
    radius = layout.radius * k
    for cell in layout.cells.values():
        corners = hex_corners(_scaled(layout.centre(cell.name), k), radius)
        draw.polygon(corners, fill=area_fill(winner, cell.landscape))
    hatch = area_hatch(winner)
    step, height = radius * 0.42, big.height
    x = -float(height)
    while x < big.width:
        draw.line([(x, height), (x + height, 0)], fill=hatch, width=max(1, round(k * 1.2)))
        x += step
    _draw_cells(draw, layout, k, lambda cell: area_fill(winner, cell.landscape), filled=False)
    return big.reduce(k)


def _scaled(point: Point, k: float) -> Point:
    return (point[0] * k, point[1] * k)


def _draw_island_shadow(image: Image.Image, layout: BoardLayout, k: int) -> None:
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for name in layout.cells:
        x, y = layout.centre(name)
        draw.polygon(hex_corners(((x + 3) * k, (y + 5) * k), (layout.radius + 1) * k), fill=150)
    image.paste(SHADOW, (0, 0), mask.filter(ImageFilter.GaussianBlur(6 * k)))


def _draw_cells(
    draw: ImageDraw.ImageDraw,
    layout: BoardLayout,
    k: int,
    fill_of: Callable[[Cell], RGB],
    filled: bool = True,
) -> None:
    """Each cell with its outline, landscape letter and (small, below) its name.

    The letter tells landscapes apart without colour; the name makes the in-row number
    unambiguous. Figures and stones drawn later cover both.
    """
    radius = layout.radius
    letter_font = font(round(radius * 0.62 * k))
    name_font = font(round(radius * 0.36 * k))
    for cell in layout.cells.values():
        fill = fill_of(cell)
        centre = _scaled(layout.centre(cell.name), k)
        corners = hex_corners(centre, radius * k)
        if filled:
            draw.polygon(corners, fill=fill)
        draw.polygon(corners, outline=mix(fill, INK, 0.35), width=max(1, k))
        letter = LANDSCAPES[cell.landscape][0]
        ink = cell_ink(fill)
        cx, cy = centre
        halo = 0 if filled else 2 * k  # on hatching, letters keep a rim of the cell's colour
        draw.text(
            (cx, cy - radius * 0.22 * k),
            letter,
            font=letter_font,
            fill=ink,
            anchor="mm",
            stroke_width=halo,
            stroke_fill=fill,
        )
        draw.text(
            (cx, cy + radius * 0.45 * k),
            cell.name,
            font=name_font,
            fill=mix(fill, INK, 0.6),
            anchor="mm",
            stroke_width=halo,
            stroke_fill=fill,
        )


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
    draw.text(((PANEL_LEFT + 16) * k, 26 * k), "Terra Nova (2006)", font=font(28 * k), fill=INK)


def _draw_legend(draw: ImageDraw.ImageDraw, k: int) -> None:
    left = PANEL_LEFT + 16
    draw.line(
        ((left * k, (LEGEND_TOP - 10) * k), ((PANEL_RIGHT - 16) * k, (LEGEND_TOP - 10) * k)),
        fill=CARD_EDGE,
        width=k,
    )
    draw.text((left * k, LEGEND_TOP * k), "Landscapes", font=font(17 * k), fill=MUTED)
    for index, (letter, name, colour) in enumerate(LANDSCAPES.values()):
        column, row = divmod(index, 4)
        cx = left + 14 + column * 152
        cy = LEGEND_TOP + 40 + row * 27
        draw.polygon(
            hex_corners((cx * k, cy * k), 13 * k), fill=colour, outline=mix(colour, INK, 0.45)
        )
        draw.text((cx * k, cy * k), letter, font=font(14 * k), fill=cell_ink(colour), anchor="mm")
        draw.text(((cx + 22) * k, cy * k), name, font=font(17 * k), fill=INK, anchor="lm")
