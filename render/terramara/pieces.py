"""The pieces: members, carts, markers, canoes and banners, each in its player's colour with the
player's initials, and a shape that says what it is (colour is never the only cue).

Scouts are discs, chiefs squares, warriors diamonds; neutral scouts grey discs labelled `NA` /
`NB`. Sprites are drawn enlarged and reduced (smooth edges) and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from PIL import Image, ImageDraw

from engine.games.terramara.view import MemberView, PlayerView
from render.common import (
    PLAYER_COLOURS,
    RGB,
    SUPERSAMPLE,
    font_for,
    initials,
    mix,
    text_colour_on,
)

from .style import CASING, INK, NEUTRAL, SMALL

Shape = Literal["disc", "square", "diamond", "cart", "canoe", "banner"]
NEUTRAL_LABELS = ("NA", "NB")
MEMBER_SHAPES: dict[str, Shape] = {"scout": "disc", "chief": "square", "warrior": "diamond"}
#: The size (px across) of a member on a space.
MEMBER_SIZE = 28
TRACK_SIZE = 24


@dataclass(frozen=True)
class Seats:
    """How each seat is shown: its colour and the label on its pieces."""

    colours: list[RGB]
    labels: list[str]

    @classmethod
    def of(cls, players: Sequence[PlayerView]) -> Seats:
        palette = list(PLAYER_COLOURS.values())
        return cls(
            [palette[p.seat % len(palette)] for p in players], initials([p.name for p in players])
        )

    def member(self, member: MemberView, size: int = MEMBER_SIZE) -> Image.Image:
        if member.seat is None:
            return token("disc", size, NEUTRAL, NEUTRAL_LABELS[member.neutral or 0])
        shape = MEMBER_SHAPES[member.kind]
        return token(shape, size, self.colours[member.seat], self.labels[member.seat])

    def piece(self, shape: Shape, seat: int, size: int = TRACK_SIZE) -> Image.Image:
        return token(shape, size, self.colours[seat], self.labels[seat])


@lru_cache(maxsize=1024)  # labels differ from table to table: keep the recent ones
def token(shape: Shape, size: int, fill: RGB, label: str) -> Image.Image:
    """A piece `size` px across (RGBA): a white casing, a dark outline, the fill, the label."""
    k = SUPERSAMPLE
    pad = 3
    full = size + 2 * pad
    big = Image.new("RGBA", (full * k, full * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    outline = mix(fill, INK, 0.6)
    for grow, colour in ((2.2, CASING), (0.0, outline), (-2.0, fill)):
        _silhouette(draw, shape, full * k / 2, (size / 2 + grow) * k, (*colour, 255))
    if label:
        font_size = label_size(shape, size, label)
        centre_y = full * k / 2 + (size * 0.08 * k if shape in ("canoe", "cart") else 0)
        if shape == "banner":
            centre_y = full * k / 2 - size * 0.12 * k
        ink = text_colour_on(fill)
        draw.text(
            (full * k / 2, centre_y),
            label,
            font=font_for(label, font_size * k),
            fill=(*ink, 255),
            anchor="mm",
            stroke_width=k // 2,
            stroke_fill=(*ink, 255),
        )
    return big.resize((full, full), Image.Resampling.LANCZOS)


def label_size(shape: Shape, size: int, label: str) -> int:
    """The type size of a piece's label: as large as the piece allows, never below SMALL."""
    if shape == "canoe":
        return SMALL
    return max(SMALL, round(size * (0.6 if len(label) == 1 else 0.5)))


def _silhouette(
    draw: ImageDraw.ImageDraw, shape: Shape, c: float, r: float, colour: tuple[int, int, int, int]
) -> None:
    """The piece's silhouette of half-size `r` around the centre (c, c)."""
    if shape == "disc":
        draw.ellipse((c - r, c - r, c + r, c + r), fill=colour)
    elif shape == "square":
        q = r * 0.9
        draw.rounded_rectangle((c - q, c - q, c + q, c + q), radius=r * 0.25, fill=colour)
    elif shape == "diamond":
        q = r * 1.12
        draw.polygon([(c, c - q), (c + q, c), (c, c + q), (c - q, c)], fill=colour)
    elif shape == "cart":
        # A box on two wheels.
        draw.rounded_rectangle(
            (c - r, c - r * 0.72, c + r, c + r * 0.55), radius=r * 0.2, fill=colour
        )
        wheel = r * 0.3
        for wx in (c - r * 0.55, c + r * 0.55):
            draw.ellipse(
                (wx - wheel, c + r * 0.7 - wheel, wx + wheel, c + r * 0.7 + wheel), fill=colour
            )
    elif shape == "canoe":
        # A hull: wide on top, pointed ends.
        draw.polygon(
            [
                (c - r * 1.05, c - r * 0.45),
                (c + r * 1.05, c - r * 0.45),
                (c + r * 0.65, c + r * 0.65),
                (c - r * 0.65, c + r * 0.65),
            ],
            fill=colour,
        )
    else:  # banner: a flag with a swallowtail
        draw.polygon(
            [
                (c - r * 0.8, c - r),
                (c + r * 0.8, c - r),
                (c + r * 0.8, c + r),
                (c, c + r * 0.45),
                (c - r * 0.8, c + r),
            ],
            fill=colour,
        )
