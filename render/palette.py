"""Fixed palettes: a game's 256 colours, designed once and stored beside its renderer
(`render/<game>/palette.txt`), so that reducing an image to a palette PNG is a nearest-colour
lookup (2–5 ms) instead of a colour search over every image (50–110 ms, the largest cost of
a render before).

A palette holds every colour the game's style names exactly (flat areas, pieces and texts
keep their colour, so the colour-vision checks see the designed colours), then the colours
that cover large areas of specimen boards (mixes such as a highlighted panel), then the
colours an octree search picks from the specimens for the blends along edges and in
anti-aliased text. `python -m render.palettes` designs them again after a style change;
tests/render/test_palettes.py fails when a named colour is missing or a board's content
would change.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from PIL import Image

from .common import RGB, rgb

#: zlib level of the PNG, chosen by measurement (docs/architecture.md, "Speed"): level 1
#: encodes a board in a fifth of the time of level 6 for 15–35 % more bytes (70–170 KB, far
#: below Discord's limits); the RLE strategy was no faster and twice as large. Pillow writes
#: palette PNGs without row filters, which suits flat colours.
PNG_COMPRESS_LEVEL = 1

PALETTE_SIZE = 256
#: A colour covering at least this many pixels of the specimens is a flat area: kept exactly.
FLAT_PIXELS = 400
#: At most this many slots go to named and flat colours; the rest are for blends.
EXACT_SLOTS = 160
PALETTE_FILE = "palette.txt"


class Palette:
    """A fixed palette and the PNG encoding of images reduced to it."""

    def __init__(self, colours: Sequence[RGB]) -> None:
        if not 0 < len(colours) <= PALETTE_SIZE:
            raise ValueError(f"a palette has 1 to {PALETTE_SIZE} colours, not {len(colours)}")
        self.colours = tuple(colours)
        self.image = Image.new("P", (1, 1))
        # Unused entries repeat the first colour: they are never nearer than it.
        padded = [*colours, *[colours[0]] * (PALETTE_SIZE - len(colours))]
        self.image.putpalette([value for colour in padded for value in colour])

    @classmethod
    def load(cls, folder: Path) -> Palette:
        """The palette stored in `folder` (one `#rrggbb` a line)."""
        lines = (folder / PALETTE_FILE).read_text().split()
        return cls([rgb(line) for line in lines])

    def save(self, folder: Path) -> None:
        text = "".join(f"#{r:02x}{g:02x}{b:02x}\n" for r, g, b in self.colours)
        (folder / PALETTE_FILE).write_text(text)

    def reduce(self, image: Image.Image) -> Image.Image:
        """`image` as a palette image: each pixel the nearest palette colour, no dithering.

        Pillow keeps the cache of nearest colours (see `without_thieves`) with `self.image`,
        so a kept palette (`stored_palette`) reduces a board in the same time whatever its
        colours, once its first boards have filled the cache; a palette image made anew for
        each board would pay for the cache every time (~3 ms instead of ~1 ms)."""
        return image.quantize(palette=self.image, dither=Image.Dither.NONE)

    def to_png(self, image: Image.Image, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
        buffer = io.BytesIO()
        self.reduce(image).save(buffer, "PNG", compress_level=compress_level)
        return buffer.getvalue()


@cache
def stored_palette(folder: Path) -> Palette:
    """The palette stored in `folder`, read once."""
    return Palette.load(folder)


def named_colours(*namespaces: Iterable[object]) -> list[RGB]:
    """Every RGB colour among the values (and inside dicts, lists and tuples of them)."""
    found: list[RGB] = []

    def visit(value: object, depth: int = 0) -> None:
        if _is_rgb(value):
            found.append(value)  # type: ignore[arg-type]
        elif depth < 2 and isinstance(value, dict):
            for item in value.values():
                visit(item, depth + 1)
        elif depth < 2 and isinstance(value, list | tuple):
            for item in value:
                visit(item, depth + 1)

    for namespace in namespaces:
        for value in namespace:
            visit(value)
    return list(dict.fromkeys(found))


def _is_rgb(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in value)
    )


def design(named: Sequence[RGB], specimens: Sequence[Image.Image]) -> Palette:
    """A palette for boards like `specimens` (RGB images) that keeps `named` colours exact."""
    colours = list(dict.fromkeys(named))[:EXACT_SLOTS]
    kept = len(colours)
    counts: Counter[RGB] = Counter()
    for image in specimens:
        for count, colour in image.getcolors(maxcolors=image.width * image.height) or []:
            counts[colour] += count  # type: ignore[index]  # an RGB image's colours
    for colour, count in counts.most_common():
        if len(colours) >= EXACT_SLOTS or count < FLAT_PIXELS:
            break
        if colour not in colours:
            colours.append(colour)
    mosaic = _mosaic(specimens)
    searched = mosaic.quantize(
        colors=PALETTE_SIZE - len(colours),
        method=Image.Quantize.FASTOCTREE,
        dither=Image.Dither.NONE,
    )
    flat = searched.getpalette() or []
    used = len(searched.getcolors(maxcolors=PALETTE_SIZE) or [])
    for index in range(used):
        colour = (flat[3 * index], flat[3 * index + 1], flat[3 * index + 2])
        if colour not in colours and len(colours) < PALETTE_SIZE:
            colours.append(colour)
    return Palette(without_thieves(colours, kept))


def without_thieves(colours: list[RGB], kept: int) -> list[RGB]:
    """`colours` without those after the first `kept` that an earlier colour would be reduced
    to.

    Pillow looks colours up in a cache of 64 levels per channel, each entry the palette
    colour nearest to the low corner of its cell, so a later colour close to an earlier one
    can take its pixels even though the earlier one is in the palette exactly. Dropping such
    colours (blends and flat areas, by the order of `design`) keeps the named colours exact,
    but for named colours so close to each other that they share a cell.
    """
    while True:
        palette = Palette(colours)
        probe = Image.new("RGB", (len(colours), 1))
        probe.putdata(colours)
        reduced = palette.reduce(probe)
        thieves = {
            taken
            for index in range(len(colours))
            if (taken := int(reduced.getpixel((index, 0)))) > max(index, kept - 1)  # type: ignore[arg-type]
        }
        if not thieves:
            return colours
        colours = [colour for index, colour in enumerate(colours) if index not in thieves]


def _mosaic(images: Sequence[Image.Image]) -> Image.Image:
    """The images stacked into one (the octree search weighs every pixel of every image)."""
    width = max(image.width for image in images)
    mosaic = Image.new("RGB", (width, sum(image.height for image in images)))
    top = 0
    for image in images:
        mosaic.paste(image, (0, top))
        top += image.height
    return mosaic
