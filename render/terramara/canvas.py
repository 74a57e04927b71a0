"""Drawing boxes, lines and (wrapped, fitted) text.

Texts recur from image to image (labels, names, counts), so each text's anti-aliased mask,
width and wrapping are computed once and cached; drawing a text pastes its colour through
the mask, which gives the same pixels as drawing it afresh."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.core.messages import Message
from render.common import RGB, Point, fit_text, font_for, wrap
from render.language import ENGLISH, say

from .style import LINE


class Canvas:
    """Draws on `image`; its words in `language`."""

    def __init__(self, image: Image.Image, language: str = ENGLISH) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.language = language

    def say(self, message: Message | str) -> str:
        """`message` in the canvas's language."""
        return say(message, self.language)

    def rect(
        self,
        box: Sequence[float],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
        radius: int = 0,
    ) -> None:
        """A box (left, top, right, bottom), the right and bottom edges excluded."""
        left, top, right, bottom = box
        self.draw.rounded_rectangle(
            (left, top, right - 1, bottom - 1),
            radius=radius,
            fill=fill,
            outline=outline,
            width=width,
        )

    def line(self, points: Sequence[Point], fill: RGB, width: int = 1) -> None:
        self.draw.line(list(points), fill=fill, width=width)

    def polygon(self, points: Sequence[Point], fill: RGB) -> None:
        self.draw.polygon(list(points), fill=fill)

    def text(self, at: Point, text: str, size: int, fill: RGB, anchor: str = "la") -> float:
        """Draws `text`; returns its width."""
        if text:
            mask, (dx, dy) = _mask(text, size, anchor)
            x, y = round(at[0]) + dx, round(at[1]) + dy
            self.image.paste(fill, (x, y, x + mask.width, y + mask.height), mask)
        return self.width(text, size)

    def fitted(
        self,
        at: Point,
        text: str,
        size: int,
        fill: RGB,
        width: float,
        minimum: int | None = None,
        anchor: str = "la",
    ) -> float:
        """`text` in the largest size from `size` down to `minimum` (default: `size`) that fits
        `width`, cut short with an ellipsis if even that is too wide; returns its width."""
        shown, chosen = fit_text(text, size, width, minimum or size)
        return self.text(at, shown, getattr(chosen, "size", size), fill, anchor)

    def width(self, text: str, size: int) -> float:
        return _length(text, size)

    def paragraph(
        self,
        at: Point,
        text: str,
        size: int,
        fill: RGB,
        width: float,
        max_lines: int = 9,
        line: int = LINE,
    ) -> float:
        """`text` wrapped into `width`, from the top left `at`, in at most `max_lines` lines
        (the last cut short with `…` if it needs more); returns the y below it."""
        lines = wrapped(text, size, width, max_lines)
        x, y = at
        for text_line in lines:
            self.text((x, y), text_line, size, fill)
            y += line
        return y


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    """The anti-aliased mask of `text` and where its top left lies from the anchor point."""
    text_font = font_for(text, size)
    left, top, right, bottom = (round(v) for v in text_font.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=text_font, fill=255, anchor=anchor)
    return mask, (left, top)


@lru_cache(maxsize=8192)
def _length(text: str, size: int) -> float:
    return font_for(text, size).getlength(text)


@lru_cache(maxsize=2048)
def wrapped(text: str, size: int, width: float, most: int | None = None) -> tuple[str, ...]:
    """`text` wrapped into lines of `width` at `size` (at most `most`; cached: the same texts
    are wrapped again and again)."""
    return tuple(wrap(text, font_for(text, size), width, most))
