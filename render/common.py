"""Drawing helpers every board renderer shares: fonts, colours, hex shapes, anti-aliased
stamps, arrows and text (render/palette.py reduces and encodes the PNG).

Pillow draws polygons and lines without anti-aliasing, so smooth shapes are drawn on an
enlarged mask (`SUPERSAMPLE` times) and reduced before they are pasted; sprites that repeat
(discs, tokens) are drawn the same way once and cached by the caller.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from functools import cache, lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from .recent import Recent

RGB = tuple[int, int, int]
Point = tuple[float, float]
Box = tuple[int, int, int, int]  # left, top, right, bottom
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

SUPERSAMPLE = 3
SQRT3 = math.sqrt(3)

#: Fonts with wide Unicode coverage, tried in order for texts the bundled font cannot show
#: (player names in Cyrillic, Greek, …). DejaVu comes with Debian's fonts-dejavu-core.
UNICODE_FONT_FILES = (
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
)


class CachedFont(ImageFont.FreeTypeFont):
    """A FreeType font that keeps the bitmaps and widths of the texts it drew lately: most
    texts of a board (names, scores, labels, coordinates) recur from one image to the next,
    and rasterising them was the largest share of drawing. The pixels are the plain font's.

    The bundled font (`font`) draws a text with a character it lacks (German's `ä`, `ß`, a
    name's `ë`) in the Unicode font of the same size instead, as `font_for` would choose:
    a label worded in German is drawn, not boxed, wherever a renderer draws it.
    """

    #: The size of the Unicode font that draws what this font lacks; None: draws all itself.
    unicode_size: int | None = None

    def getmask2(  # type: ignore[override]
        self,
        text: str,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        if features is not None or args or set(kwargs) - {"stroke_filled"}:
            return super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start,
                *args, **kwargs,
            )  # fmt: skip
        stroke_filled = bool(kwargs.get("stroke_filled", False))
        start = None if start is None else (float(start[0]), float(start[1]))
        return _text_mask(
            self, text, mode, direction, language, stroke_width, anchor, ink, start, stroke_filled
        )

    def getlength(  # type: ignore[override]
        self,
        text: str,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        if features is not None:
            return super().getlength(text, mode, direction, features, language)
        return _text_length(self, text, mode, direction, language)


@lru_cache(maxsize=8192)
def _text_mask(
    text_font: CachedFont,
    text: str,
    mode: str,
    direction: str | None,
    language: str | None,
    stroke_width: float,
    anchor: str | None,
    ink: int,
    start: tuple[float, float] | None,
    stroke_filled: bool,
) -> tuple[Any, tuple[int, int]]:
    # Pillow only reads the mask (ImageDraw.text draws it with draw_bitmap), so one can serve
    # every image.
    stand_in = _stand_in(text_font, text)
    if stand_in is not None:
        return stand_in.getmask2(
            text, mode, direction, None, language, stroke_width, anchor, ink, start,
            stroke_filled=stroke_filled,
        )  # fmt: skip
    return ImageFont.FreeTypeFont.getmask2(
        text_font, text, mode, direction, None, language, stroke_width, anchor, ink, start,
        stroke_filled=stroke_filled,
    )  # fmt: skip


@lru_cache(maxsize=8192)
def _text_length(
    text_font: CachedFont, text: str, mode: str, direction: str | None, language: str | None
) -> float:
    stand_in = _stand_in(text_font, text)
    if stand_in is not None:
        return stand_in.getlength(text, mode, direction, None, language)
    return ImageFont.FreeTypeFont.getlength(text_font, text, mode, direction, None, language)


def _stand_in(text_font: CachedFont, text: str) -> ImageFont.FreeTypeFont | None:
    """The Unicode font that draws `text` for the bundled `text_font`, which lacks one of its
    characters; None when `text_font` draws it itself (or the machine has no Unicode font)."""
    if text_font.unicode_size is None or all(_bundled_draws(c) for c in text):
        return None
    other = _unicode_font(text_font.unicode_size)
    if not isinstance(other, CachedFont) or other.unicode_size is not None:
        return None
    return other


def _cached(loaded: Font, bundled: bool = False) -> Font:
    if not isinstance(loaded, ImageFont.FreeTypeFont):
        return loaded
    source = io.BytesIO(loaded.font_bytes) if hasattr(loaded, "font_bytes") else loaded.path
    cached = CachedFont(source, loaded.size, layout_engine=loaded.layout_engine)
    if bundled:
        cached.unicode_size = round(loaded.size)
    return cached


@cache
def font(size: int) -> Font:
    """Pillow's bundled scalable font (Aileron): no dependency on system fonts.

    Without FreeType, Pillow falls back to its small bitmap font, which is still legible.
    The bundled font covers ASCII and a few signs (`·`, `…`, quotes); `font_for` handles
    other texts (and draws them in its stead: `CachedFont`).
    """
    return _cached(ImageFont.load_default(size=size), bundled=True)


#: A code point no font has: how the bundled font draws a character it lacks (a box).
_NO_SUCH_CHARACTER = "\U0010fffd"
_PROBE_SIZE = 24


def _glyph(text_font: Font, character: str) -> tuple[tuple[int, int], bytes]:
    mask = text_font.getmask(character)
    return mask.size, bytes(Image.Image()._new(mask).tobytes())


@cache
def _probe() -> Font:
    """The bundled font as Pillow loads it (`font`'s would ask `_bundled_draws` itself)."""
    return ImageFont.load_default(size=_PROBE_SIZE)


@cache
def _bundled_draws(character: str) -> bool:
    """Whether the bundled font has a glyph for `character`, rather than its box: names like
    "José" or "Zoë" need another font, although their letters are Latin-1."""
    probe = _probe()
    return character.isspace() or _glyph(probe, character) != _glyph(probe, _NO_SUCH_CHARACTER)


@cache
def _unicode_font(size: int) -> Font:
    for path in UNICODE_FONT_FILES:
        try:
            return _cached(ImageFont.truetype(path, size))
        except OSError:
            continue
    return font(size)


def font_for(text: str, size: int) -> Font:
    """The bundled font if it can show every character of `text`, else a Unicode font
    (when the machine has one), so names in any script are drawn rather than as boxes."""
    if all(_bundled_draws(character) for character in text):
        return font(size)
    return _unicode_font(size)


def rgb(hex_colour: str) -> RGB:
    """`#rrggbb` → (r, g, b)."""
    value = hex_colour.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


#: The players' colours of the games whose pieces have no colour of their own (Terra Nova
#: (2006) names them in its view, Terramara gives them by seat). Colour is never the only cue:
#: every piece also carries its player's initials (`initials`).
PLAYER_COLOURS: dict[str, RGB] = {
    "yellow": rgb("#FFD21F"),
    "red": rgb("#D7373F"),
    "blue": rgb("#2F66D0"),
    "green": rgb("#17894B"),
}


def mix(colour: RGB, other: RGB, share: float) -> RGB:
    """`colour` moved `share` (0..1) of the way towards `other`."""
    return (
        round(colour[0] + (other[0] - colour[0]) * share),
        round(colour[1] + (other[1] - colour[1]) * share),
        round(colour[2] + (other[2] - colour[2]) * share),
    )


def luminance(colour: RGB) -> float:
    """Perceived brightness 0..1, to choose dark or light text on a colour."""
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def text_colour_on(colour: RGB) -> RGB:
    return (34, 34, 34) if luminance(colour) > 0.55 else (255, 255, 255)


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """Corners of a pointy-top hex, clockwise from the upper right (screen y grows downward).

    Corner k and k+1 bound the edge towards `engine.core.hexgrid.DIRECTIONS[k]`.
    """
    cx, cy = centre
    return [
        (
            cx + radius * math.cos(math.radians(-30 + 60 * k)),
            cy + radius * math.sin(math.radians(-30 + 60 * k)),
        )
        for k in range(6)
    ]


def hex_edge(centre: Point, radius: float, direction: int) -> tuple[Point, Point]:
    """The edge of a pointy-top hex that faces DIRECTIONS[direction] (0 = east, clockwise)."""
    corners = hex_corners(centre, radius)
    return corners[direction], corners[(direction + 1) % 6]


def scaled(points: Iterable[Point], factor: float, offset: Point = (0.0, 0.0)) -> list[Point]:
    """Points moved by `-offset` and then multiplied by `factor` (into a stamp's frame)."""
    ox, oy = offset
    return [((x - ox) * factor, (y - oy) * factor) for x, y in points]


ToMask = Callable[[Iterable[Point]], list[Point]]
#: Draws a shape onto an enlarged L mask: (mask, to_mask, factor) -> None.
DrawOnMask = Callable[[Image.Image, ToMask, float], None]


def shape_mask(size: tuple[int, int], box: Box, draw_shape: DrawOnMask) -> tuple[Box, Image.Image]:
    """An anti-aliased L mask of a shape inside `box` (clipped to an image of `size`), and the
    clipped box it covers.

    `draw_shape(mask, to_mask, factor)` draws the shape in white (or grey for partial cover)
    on an enlarged mask; `to_mask` converts image coordinates into mask coordinates and
    `factor` scales lengths such as line widths.
    """
    region, enlarged = enlarged_mask(size, box, draw_shape)
    return region, enlarged.reduce(SUPERSAMPLE)


def enlarged_mask(
    size: tuple[int, int], box: Box, draw_shape: DrawOnMask
) -> tuple[Box, Image.Image]:
    """The clipped box and the enlarged mask that `shape_mask` reduces."""
    left, top = max(box[0], 0), max(box[1], 0)
    right, bottom = max(min(box[2], size[0]), left + 1), max(min(box[3], size[1]), top + 1)
    mask = Image.new("L", ((right - left) * SUPERSAMPLE, (bottom - top) * SUPERSAMPLE), 0)

    def to_mask(points: Iterable[Point]) -> list[Point]:
        return scaled(points, SUPERSAMPLE, (left, top))

    draw_shape(mask, to_mask, SUPERSAMPLE)
    return (left, top, right, bottom), mask


Masked = tuple[Box, Image.Image]


def trimmed_mask(region: Box, enlarged: Image.Image) -> Masked:
    """The enlarged mask of `region` reduced, but only the pixels the shape covers, and the
    box they fill: pasting through a mask's zero pixels changes nothing, so the image comes
    out as through the whole `shape_mask`, for less reducing and pasting (the blocks reduced
    are the same SUPERSAMPLE-wide blocks)."""
    k = SUPERSAMPLE
    covered = enlarged.getbbox()
    if covered is None:
        covered = (0, 0, 1, 1)
    left, top = covered[0] // k, covered[1] // k
    right, bottom = -(-covered[2] // k), -(-covered[3] // k)
    box = (left * k, top * k, right * k, bottom * k)
    x, y = region[0], region[1]
    return (x + left, y + top, x + right, y + bottom), enlarged.reduce(k, box=box)


#: Masks of shapes stamped before, by the shape's key, the box and the image's size: late in
#: a game a board strokes dozens of the same shapes (bridges, town outlines, the last turn's
#: arrows) again on every image, and each mask is drawn enlarged and reduced.
MASKS: Recent[tuple[Box, Image.Image]] = Recent(512)


def stamp(
    image: Image.Image,
    colour: RGB,
    box: Box,
    draw_shape: DrawOnMask,
    key: Hashable | None = None,
) -> None:
    """Paint `colour` onto `image` through the anti-aliased mask of a shape (see shape_mask).
    A `key` that names the shape (everything `draw_shape` draws, but not the colour) keeps
    its mask for the next image that stamps it."""
    if key is None:
        region, mask = shape_mask(image.size, box, draw_shape)
    else:
        size = image.size
        region, mask = MASKS.get((key, box, size), lambda: shape_mask(size, box, draw_shape))
    image.paste(colour, region, mask)


def bounding_box(points: Sequence[Point], margin: float) -> Box:
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (
        math.floor(min(xs) - margin),
        math.floor(min(ys) - margin),
        math.ceil(max(xs) + margin),
        math.ceil(max(ys) + margin),
    )


def arrow_outline(start: Point, end: Point, width: float, head: float) -> list[Point]:
    """A closed polygon for an arrow from `start` to `end` (the tip), shaft `width` wide."""
    (x0, y0), (x1, y1) = start, end
    length = math.hypot(x1 - x0, y1 - y0)
    if length == 0:
        return []
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    head_length = min(head * 1.2, length * 0.6)
    bx, by = x1 - ux * head_length, y1 - uy * head_length
    half, wing = width / 2, head / 2 + width / 2
    return [
        (x0 + nx * half, y0 + ny * half),
        (bx + nx * half, by + ny * half),
        (bx + nx * wing, by + ny * wing),
        (x1, y1),
        (bx - nx * wing, by - ny * wing),
        (bx - nx * half, by - ny * half),
        (x0 - nx * half, y0 - ny * half),
    ]


def draw_arrow(
    image: Image.Image,
    start: Point,
    end: Point,
    colour: RGB,
    casing: RGB,
    width: float = 6.0,
) -> None:
    """A smooth arrow with a contrasting casing so it reads on any background."""
    head = width * 3.2
    core = arrow_outline(start, end, width, head)
    if not core:
        return
    box = bounding_box([start, end], head + width * 2)
    size = image.size
    casing_mask, core_mask = ARROWS.get(
        (start, end, width, box, size), lambda: arrow_masks(size, box, core, width)
    )
    image.paste(casing, *casing_mask)
    image.paste(colour, *core_mask)


#: The casing and core masks of arrows drawn before (a board is often drawn again for the
#: same last turn), by the arrow, its box and the image's size.
ARROWS: Recent[tuple[Masked, Masked]] = Recent(64)


def arrow_masks(
    size: tuple[int, int], box: Box, core: Sequence[Point], width: float
) -> tuple[Masked, Masked]:
    """The masks of an arrow's casing (its outline `core` widened by a line with round
    joints) and of its core, each trimmed to the pixels it covers; the enlarged core is
    drawn once and the casing's line drawn on a copy of it."""
    casing_width = max(2.0, width / 2.5)
    points: list[Point] = []

    def draw_core(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        points.extend(to_mask(core))
        ImageDraw.Draw(mask).polygon(points, fill=255)

    region, enlarged_core = enlarged_mask(size, box, draw_core)
    enlarged_casing = enlarged_core.copy()
    ImageDraw.Draw(enlarged_casing).line(
        [*points, points[0]], fill=255, width=round(casing_width * 2 * SUPERSAMPLE), joint="curve"
    )
    return trimmed_mask(region, enlarged_casing), trimmed_mask(region, enlarged_core)


@cache
def disc_sprite(
    radius: int,
    fill: RGB,
    outline: RGB,
    label: str,
    label_colour: RGB,
    halo: RGB | None,
    font_size: int,
) -> Image.Image:
    """A smooth round token (RGBA) with an outline, an optional outer halo and a centred label."""
    k = SUPERSAMPLE
    pad = 3
    size = (radius + pad) * 2
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    centre = size * k / 2
    if halo is not None:
        r = (radius + 2) * k
        draw.ellipse((centre - r, centre - r, centre + r, centre + r), fill=(*halo, 255))
    r = radius * k
    draw.ellipse((centre - r, centre - r, centre + r, centre + r), fill=(*outline, 255))
    inner = (radius - 2) * k
    draw.ellipse(
        (centre - inner, centre - inner, centre + inner, centre + inner), fill=(*fill, 255)
    )
    if label:
        draw.text(
            (centre, centre),
            label,
            font=font_for(label, font_size * k),
            fill=(*label_colour, 255),
            anchor="mm",
            stroke_width=k // 2,
            stroke_fill=(*label_colour, 255),
        )
    return big.resize((size, size), Image.Resampling.LANCZOS)


@cache
def ring_sprite(radius: int, colour: RGB, casing: RGB, width: int) -> Image.Image:
    """A smooth ring (RGBA) of `width` px in `colour` between two thin casing lines."""
    k = SUPERSAMPLE
    outer = radius + width // 2 + 2
    size = outer * 2 + 2
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    c = size * k / 2

    def circle(r: float, fill: tuple[int, int, int, int]) -> None:
        draw.ellipse((c - r * k, c - r * k, c + r * k, c + r * k), fill=fill)

    circle(outer, (*casing, 255))
    circle(outer - 1.5, (*colour, 255))
    circle(outer - 1.5 - width, (*casing, 255))
    circle(outer - 3 - width, (0, 0, 0, 0))
    return big.resize((size, size), Image.Resampling.LANCZOS)


def paste_centred(image: Image.Image, sprite: Image.Image, centre: Point) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


#: What a text cut short ends with.
ELLIPSIS = "…"


def cut(text: str, text_font: Font, width: float) -> str:
    """`text` if it fits `width` pixels in `text_font`, else as much of it as fits followed
    by an ellipsis."""
    if text_font.getlength(text) <= width:
        return text
    while len(text) > 1 and text_font.getlength(text + ELLIPSIS) > width:
        text = text[:-1]
    return text.rstrip() + ELLIPSIS


def wrap(text: str, text_font: Font, width: float, most: int | None = None) -> list[str]:
    """Greedy word wrap of `text` into lines no wider than `width` pixels; into at most
    `most` lines if given, the last cut short (`…`) when the text needs more."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if current and text_font.getlength(candidate) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    if current:
        lines.append(current)
    if most is not None and len(lines) > most:
        # The joined rest is wider than `width` (that is why it was wrapped), so it is cut.
        lines = [*lines[: most - 1], cut(" ".join(lines[most - 1 :]), text_font, width)]
    return lines


def fit_text(text: str, size: int, width: float, minimum: int = 12) -> tuple[str, Font]:
    """`text` in the largest font not above `size` that fits `width` pixels; cut short with
    an ellipsis if even the `minimum` size is too wide."""
    while size > minimum and font_for(text, size).getlength(text) > width:
        size -= 1
    chosen = font_for(text, size)
    return cut(text, chosen, width), chosen


@cache
def hex_token_sprite(radius: int, fill: RGB, edge: RGB, light: RGB, shade: RGB) -> Image.Image:
    """A smooth pointy-top hex token (RGBA) with a bevel: lit upper left, shaded lower right."""
    k = SUPERSAMPLE
    size = radius * 2 + 4
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    centre = (size * k / 2, size * k / 2)
    draw.polygon(hex_corners(centre, radius * k), fill=(*edge, 255))
    draw.polygon(hex_corners(centre, (radius - 1.5) * k), fill=(*shade, 255))
    lit = (centre[0] - 1.2 * k, centre[1] - 1.2 * k)
    draw.polygon(hex_corners(lit, (radius - 3) * k), fill=(*light, 255))
    draw.polygon(hex_corners(centre, (radius - 5) * k), fill=(*fill, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


def initials(names: Sequence[str]) -> list[str]:
    """A short label per player for their discs, different for every player: the initial;
    where initials clash, the clashing players all get two letters by the first rule that
    tells them apart — the first two letters, else first and last, else initial and seat
    ("alice" and "alina" become "Ae" and "Aa"; "alice" and "alice 2" become "Ae" and "A2")."""
    letters = ["".join(c for c in name if c.isalnum()) or "?" for name in names]
    labels = [word[0].upper() for word in letters]
    rules: tuple[Callable[[int], str], ...] = (
        lambda seat: letters[seat][:2].title(),
        lambda seat: labels[seat] + letters[seat][-1].lower(),
        lambda seat: f"{labels[seat]}{seat + 1}",
    )
    for initial in {label for label in labels if labels.count(label) > 1}:
        group = [seat for seat, label in enumerate(labels) if label == initial]
        for rule in rules:
            tried = [rule(seat) for seat in group]
            if len(set(tried)) == len(tried):
                break
        for seat, label in zip(group, tried, strict=True):
            labels[seat] = label
    return labels
