"""The faction glyphs (see style.GLYPHS): plain filled shapes of about the same weight, which
stay apart at a few pixels and without colour."""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.common import RGB, SUPERSAMPLE, Point


def glyph_outline(glyph: str, centre: Point, size: float) -> list[Point]:
    """The glyph's outline, `size` px across, around `centre` (a circle as a 24-gon)."""
    cx, cy = centre
    r = size / 2
    if glyph == "circle":
        steps = [math.tau * k / 24 for k in range(24)]
        return [(cx + 0.88 * r * math.cos(a), cy + 0.88 * r * math.sin(a)) for a in steps]
    if glyph == "triangle":
        return [(cx, cy - r), (cx + r, cy + 0.8 * r), (cx - r, cy + 0.8 * r)]
    if glyph == "square":
        s = 0.78 * r
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if glyph == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    arm = 0.3 * r  # cross: a plus of two bars
    return [
        (cx - arm, cy - r), (cx + arm, cy - r), (cx + arm, cy - arm), (cx + r, cy - arm),
        (cx + r, cy + arm), (cx + arm, cy + arm), (cx + arm, cy + r), (cx - arm, cy + r),
        (cx - arm, cy + arm), (cx - r, cy + arm), (cx - r, cy - arm), (cx - arm, cy - arm),
    ]  # fmt: skip


def draw_glyph(draw: ImageDraw.ImageDraw, glyph: str, centre: Point, size: float, ink: RGB) -> None:
    """Draw the glyph filled in `ink` (on an enlarged canvas: sizes in its pixels)."""
    draw.polygon(glyph_outline(glyph, centre, size), fill=(*ink, 255))


@cache
def glyph_sprite(glyph: str, size: int, ink: RGB, casing: RGB) -> Image.Image:
    """A glyph (RGBA) `size` px across with a thin casing, to lay on a bridge or a card."""
    k = SUPERSAMPLE
    full = size + 4
    big = Image.new("RGBA", (full * k, full * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    centre = (full * k / 2, full * k / 2)
    outline = glyph_outline(glyph, centre, size * k)
    draw.line([*outline, outline[0]], fill=(*casing, 255), width=2 * k, joint="curve")
    draw.polygon(outline, fill=(*ink, 255))
    return big.resize((full, full), Image.Resampling.LANCZOS)
