"""Texts stamped from cached masks: most texts of an image (names, scores, status chips,
score lines) repeat from one image of a game to the next, and laying out text is the
costliest part of drawing them."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import RGB, Font, Point


@lru_cache(maxsize=4096)
def _text_mask(text: str, text_font: Font, anchor: str) -> tuple[tuple[int, int], Image.Image]:
    """The text's mask and its offset from the anchor point."""
    left, top, right, bottom = (round(v) for v in text_font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=text_font, fill=255, anchor=anchor)
    return (left, top), mask


def stamp_text(
    image: Image.Image, at: Point, text: str, text_font: Font, colour: RGB, anchor: str = "la"
) -> None:
    """Like `ImageDraw.text(at, text, ...)`, with `at` rounded to whole pixels."""
    if not text:
        return
    (dx, dy), mask = _text_mask(text, text_font, anchor)
    image.paste(colour, (round(at[0]) + dx, round(at[1]) + dy), mask)
