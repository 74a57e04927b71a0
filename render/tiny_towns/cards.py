"""Card faces: a building or monument card with its name, its shape as a small grid of
resource cubes, and its ability in a few words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from engine.core.messages import term
from engine.games.tiny_towns.cards import ability_term
from engine.games.tiny_towns.view import CardView, TinyTownsView
from render.common import RGB, fit_text, font, mix, paste_centred, text_colour_on, wrap
from render.language import say
from render.recent import TABLE_IMAGES, recent

from .pieces import cube_sprite
from .style import CARD, INK, MONUMENT_TRIM, MUTED, TILE, TILE_EDGE, building_fill, resource_fill

SCALE = 2  # card faces are drawn twice as large and reduced


@dataclass(frozen=True)
class Resource:
    key: str
    letter: str
    fill: RGB


Palette = tuple[Resource, ...]


def palette_of(view: TinyTownsView | Mapping[str, Any]) -> Palette:
    """Each resource's letter and cube colour, as the view names them."""
    return tuple(
        Resource(r.key, r.letter, resource_fill(r.colour)) for r in TinyTownsView.of(view).resources
    )


def resource_of(palette: Palette, key: str) -> Resource:
    return next((r for r in palette if r.key == key), Resource(key, key[:1].upper(), TILE))


def building_name(name: str, language: str) -> str:
    """A building's or monument's name (as the view names it) in `language`."""
    return say(term(name, "building"), language)


@dataclass(frozen=True)
class CardSize:
    width: int
    height: int
    band: int  # the coloured strip with the name
    cell: int  # one square of the shape
    shape_rows: int  # the rows the shape area is tall enough for
    text_size: int


@recent(64, budget=TABLE_IMAGES)
def card_sprite(face: CardView, size: CardSize, palette: Palette, language: str) -> Image.Image:
    """The card as an RGBA image of `size` (transparent outside its rounded corners), its name
    and its ability in `language`."""
    k = SCALE
    width, height = size.width * k, size.height * k
    big = Image.new("RGBA", (width, height), (*CARD, 0))
    draw = ImageDraw.Draw(big)
    fill = building_fill(face.colour)
    edge = MONUMENT_TRIM if face.monument else mix(fill, INK, 0.45)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 10 * k, fill=fill)
    draw.rectangle((k, size.band * k, width - 1 - k, height - 1 - 10 * k), fill=CARD)
    draw.rounded_rectangle((k, size.band * k, width - 1 - k, height - 1 - k), 9 * k, fill=CARD)
    draw.rounded_rectangle(
        (0, 0, width - 1, height - 1), 10 * k, outline=edge, width=(3 if face.monument else 2) * k
    )
    name = building_name(face.name, language)
    name, name_font = fit_text(name, round(size.band * 0.62) * k, width - 16 * k, 10 * k)
    draw.text(
        (width / 2, size.band * k / 2 + k),
        name,
        font=name_font,
        fill=text_colour_on(fill),
        anchor="mm",
    )
    shape_bottom = _draw_shape(big, face.shape, size, palette)
    _draw_text(draw, say(ability_term(face.key), language), size, shape_bottom)
    return big.reduce(k)


def _draw_shape(
    image: Image.Image, shape: Sequence[Sequence[str | None]], size: CardSize, palette: Palette
) -> int:
    """The shape centred under the band; returns the bottom of the shape area (scaled)."""
    k = SCALE
    cell = size.cell * k
    columns = max(len(row) for row in shape)
    area_top = (size.band + 6) * k
    area_height = size.shape_rows * cell
    left = (image.width - columns * cell) / 2
    top = area_top + (area_height - len(shape) * cell) / 2
    draw = ImageDraw.Draw(image)
    for r, row in enumerate(shape):
        for c, key in enumerate(row):
            x, y = left + c * cell, top + r * cell
            if key is None:
                inset = 3 * k
                draw.rounded_rectangle(
                    (x + inset, y + inset, x + cell - inset, y + cell - inset),
                    3 * k,
                    fill=mix(CARD, TILE, 0.6),
                    outline=mix(TILE, TILE_EDGE, 0.5),
                    width=k,
                )
                continue
            resource = resource_of(palette, key)
            sprite = cube_sprite(resource.fill, resource.letter, cell - 2 * k)
            paste_centred(image, sprite, (x + cell / 2, y + cell / 2))
    return round(area_top + area_height)


def _draw_text(draw: ImageDraw.ImageDraw, text: str, size: CardSize, top: int) -> None:
    k = SCALE
    text_font = font(size.text_size * k)
    line_height = round(size.text_size * 1.18) * k
    y = top + 5 * k
    lines = wrap(text, text_font, (size.width - 14) * k)
    room = max(0, (size.height * k - 6 * k - y) // line_height)
    if len(lines) > room:
        lines = lines[:room]
        if lines:
            lines[-1] = _shortened(lines[-1], text_font, (size.width - 14) * k)
    for line in lines:
        draw.text((size.width * k / 2, y), line, font=text_font, fill=MUTED, anchor="ma")
        y += line_height


def _shortened(line: str, text_font: Any, width: float) -> str:
    while line and text_font.getlength(line + "...") > width:
        line = line[:-1]
    return line.rstrip() + "..."
