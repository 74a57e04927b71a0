"""Sprites (RGBA, drawn enlarged and reduced for smooth edges, cached): resource cubes,
building and monument tokens, the fed and unfed marks, the hammer, a face-down monument card
and the finished mark."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.common import RGB, SUPERSAMPLE, Font, Point, font, mix, text_colour_on, wrap

from .style import (
    FED_FILL,
    HAMMER_HANDLE,
    HAMMER_HEAD,
    HIGHLIGHT,
    INK,
    MONUMENT_TRIM,
    TILE,
    WHITE,
    building_fill,
)

Rgba = tuple[int, int, int, int]
SMALLEST_NAME = 9


def _opaque(colour: RGB) -> Rgba:
    return (*colour, 255)


def _canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    return big, ImageDraw.Draw(big)


def _reduced(big: Image.Image) -> Image.Image:
    return big.resize(
        (big.width // SUPERSAMPLE, big.height // SUPERSAMPLE), Image.Resampling.LANCZOS
    )


@cache
def cube_sprite(fill: RGB, letter: str, size: int) -> Image.Image:
    """A resource cube seen from above: a bevelled square in the resource's colour with its
    letter, so the cube reads without colour too."""
    k = SUPERSAMPLE
    big, draw = _canvas(size, size)
    s = size * k
    radius = max(2, size // 7) * k
    edge = max(1, round(size / 22)) * k
    bevel = max(2, round(size / 9)) * k
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius, fill=_opaque(mix(fill, INK, 0.6)))
    inner = (edge, edge, s - 1 - edge, s - 1 - edge)
    draw.rounded_rectangle(inner, radius - edge, fill=_opaque(mix(fill, INK, 0.3)))
    lit_far = s - 1 - edge - bevel // 2
    draw.rounded_rectangle(
        (edge, edge, lit_far, lit_far), radius - edge, fill=_opaque(mix(fill, WHITE, 0.45))
    )
    near, far = edge + bevel // 2, s - 1 - edge - bevel // 2
    draw.rounded_rectangle((near, near, far, far), max(1, radius - bevel), fill=_opaque(fill))
    if letter:
        draw.text(
            (s / 2, s / 2),
            letter,
            font=font(round(size * 0.52) * k),
            fill=_opaque(text_colour_on(fill)),
            anchor="mm",
        )
    return _reduced(big)


def _house(s: float) -> list[Point]:
    """A house: a roof over a body, in a square of side `s`."""
    return [
        (0.5 * s, 0.05 * s),
        (0.97 * s, 0.41 * s),
        (0.9 * s, 0.41 * s),
        (0.9 * s, 0.95 * s),
        (0.1 * s, 0.95 * s),
        (0.1 * s, 0.41 * s),
        (0.03 * s, 0.41 * s),
    ]


def _roof(s: float) -> list[Point]:
    return [(0.5 * s, 0.05 * s), (0.97 * s, 0.41 * s), (0.03 * s, 0.41 * s)]


def _tower(s: float) -> list[Point]:
    """A tower with three merlons: the monuments' own silhouette."""
    top, wall = 0.05 * s, 0.22 * s
    points: list[Point] = [(0.08 * s, 0.95 * s), (0.08 * s, top)]
    for left, right in ((0.08, 0.26), (0.41, 0.59), (0.74, 0.92)):
        if left > 0.08:
            points += [(left * s, wall), (left * s, top)]
        points += [(right * s, top)]
        if right < 0.92:
            points += [(right * s, wall)]
    points += [(0.92 * s, 0.95 * s)]
    return points


def _name_lines(name: str, width: float, largest: int, k: int) -> tuple[list[str], Font]:
    """The name in at most two lines no wider than `width`, in the largest font that allows
    (down to SMALLEST_NAME; a single long word may then stick out a little)."""
    for size in range(max(largest, SMALLEST_NAME), SMALLEST_NAME - 1, -1):
        text_font = font(size * k)
        lines = wrap(name, text_font, width * k)
        if len(lines) <= 2 and all(text_font.getlength(line) <= width * k for line in lines):
            return lines, text_font
    return lines[:2], text_font


@cache
def building_sprite(colour: str, name: str, size: int, monument: bool) -> Image.Image:
    """A building token: a house in its card's colour (monuments: a violet tower with a gold
    edge) with the building's name across its front."""
    k = SUPERSAMPLE
    big, draw = _canvas(size, size)
    s = size * k
    fill = building_fill(colour)
    width = max(2, round(size / 30)) * k
    outline = _tower(s) if monument else _house(s)
    draw.polygon(outline, fill=_opaque(fill))
    if monument:
        edge, edge_width = MONUMENT_TRIM, width + k
    else:
        draw.polygon(_roof(s), fill=_opaque(mix(fill, INK, 0.22)))
        edge, edge_width = mix(fill, INK, 0.65), width
    draw.line([*outline, outline[0]], fill=_opaque(edge), width=edge_width, joint="curve")
    lines, name_font = _name_lines(name, size * 0.78, round(size * 0.2), k)
    top, bottom = name_font.getbbox("Hg")[1::2]
    line_height = (bottom - top) * 1.1
    middle = s * 0.6
    first = middle - line_height * (len(lines) - 1) / 2
    for index, line in enumerate(lines):
        draw.text(
            (s / 2, first + index * line_height),
            line,
            font=name_font,
            fill=_opaque(text_colour_on(fill)),
            anchor="mm",
        )
    return _reduced(big)


@cache
def fed_sprite(radius: int, fed: bool) -> Image.Image:
    """A cottage's mark: a filled wheat disc when it is fed, a hollow ring when it is not."""
    k = SUPERSAMPLE
    size = 2 * radius + 2
    big, draw = _canvas(size, size)
    c = size * k / 2
    outer, ring = radius * k, max(2, round(radius / 3.5)) * k
    draw.ellipse((c - outer, c - outer, c + outer, c + outer), fill=_opaque(INK))
    inner = outer - (k * 1.5 if fed else ring)
    centre_fill = FED_FILL if fed else WHITE
    draw.ellipse((c - inner, c - inner, c + inner, c + inner), fill=_opaque(centre_fill))
    return _reduced(big)


def _rotated(points: list[Point], centre: Point, degrees: float) -> list[Point]:
    angle = math.radians(degrees)
    cos, sin = math.cos(angle), math.sin(angle)
    cx, cy = centre
    return [
        (cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos)
        for x, y in points
    ]


@cache
def hammer_sprite(size: int) -> Image.Image:
    """The hammer: who names the resource (Prospectors)."""
    k = SUPERSAMPLE
    big, draw = _canvas(size, size)
    s = size * k
    centre = (s / 2, s / 2)
    handle = [(0.44 * s, 0.3 * s), (0.56 * s, 0.3 * s), (0.56 * s, 0.97 * s), (0.44 * s, 0.97 * s)]
    head = [(0.16 * s, 0.06 * s), (0.84 * s, 0.06 * s), (0.84 * s, 0.32 * s), (0.16 * s, 0.32 * s)]
    for shape, fill in ((handle, HAMMER_HANDLE), (head, HAMMER_HEAD)):
        points = _rotated(shape, centre, 35)
        draw.polygon(points, fill=_opaque(fill), outline=_opaque(INK), width=k * 2)
    return _reduced(big)


@cache
def secret_card_sprite(height: int) -> Image.Image:
    """A face-down monument card: its holder has kept a monument that is still secret."""
    k = SUPERSAMPLE
    width = round(height * 0.72)
    big, draw = _canvas(width, height)
    w, h = width * k, height * k
    fill = building_fill("monument")
    draw.rounded_rectangle((0, 0, w - 1, h - 1), 3 * k, fill=_opaque(MONUMENT_TRIM))
    draw.rounded_rectangle((2 * k, 2 * k, w - 1 - 2 * k, h - 1 - 2 * k), 2 * k, fill=_opaque(fill))
    draw.text(
        (w / 2, h / 2),
        "?",
        font=font(round(height * 0.62) * k),
        fill=_opaque(MONUMENT_TRIM),
        anchor="mm",
    )
    return _reduced(big)


@cache
def finished_sprite(radius: int, colour: RGB) -> Image.Image:
    """A disc with a tick: the town is finished."""
    k = SUPERSAMPLE
    size = 2 * radius + 2
    big, draw = _canvas(size, size)
    c = size * k / 2
    r = radius * k
    draw.ellipse((c - r, c - r, c + r, c + r), fill=_opaque(colour))
    tick = [(c - r * 0.5, c + r * 0.02), (c - r * 0.12, c + r * 0.4), (c + r * 0.52, c - r * 0.38)]
    draw.line(tick, fill=_opaque(WHITE), width=max(2, round(radius / 3.2)) * k, joint="curve")
    return _reduced(big)


@cache
def last_move_sprite(size: int) -> Image.Image:
    """An empty square framed in the highlight colour: the legend's key for the last move."""
    k = SUPERSAMPLE
    big, draw = _canvas(size, size)
    s = size * k
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), 4 * k, fill=_opaque(TILE), outline=_opaque(HIGHLIGHT), width=3 * k
    )
    return _reduced(big)
