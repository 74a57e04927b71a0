"""The layer under every image of a game: paper, title, legend and every town's empty grid
with its column letters and row digits (cached), and the cards on offer."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from PIL import Image, ImageDraw

from engine.core.messages import msg, term
from engine.games.tiny_towns.view import CardView
from render.common import font, paste_centred
from render.language import ENGLISH, say
from render.recent import recent

from .cards import CardSize, Palette, card_sprite
from .layout import HEADER_BOTTOM, LABELS, OFFER_HEIGHT, SIZE, Layout, TownPanel, layout_for
from .pieces import (
    cube_sprite,
    fed_sprite,
    finished_sprite,
    hammer_sprite,
    last_move_sprite,
    secret_card_sprite,
)
from .style import (
    CARD,
    CARD_EDGE,
    DONE,
    INK,
    LAYER_SCALE,
    MARGIN,
    MUTED,
    PAPER,
    TILE,
    TILE_EDGE,
    WIDTH,
)

OFFER_CARD = CardSize(width=0, height=OFFER_HEIGHT, band=32, cell=28, shape_rows=2, text_size=13)
#: The legend's two rows, right-aligned in the header.
LEGEND_RIGHT = WIDTH - MARGIN - 4
LEGEND_ROWS = (36, 80)
LEGEND_TEXT = 17


@dataclass(frozen=True)
class Legend:
    """Which marks the legend explains: the hammer and the face-down monument card only
    appear in games with Prospectors and with monuments."""

    hammer: bool
    monuments: bool
    #: The language its labels (and every text of the layer) are worded in.
    language: str = ENGLISH

    @classmethod
    def of(cls, options: Mapping[str, Any], language: str = ENGLISH) -> Legend:
        return cls(bool(options.get("prospectors")), bool(options.get("monuments")), language)


def background_for(
    players: int, offer: tuple[CardView, ...], palette: Palette, legend: Legend
) -> tuple[Layout, Image.Image]:
    """The layout, and a new image of the static layer with the cards on offer (to draw on).

    The layer without the cards is cached per number of players, palette and legend — a few
    for every table in play; the cards differ from table to table, so they are pasted on
    each image (their sprites are cached), and many tables in play cost no more than one.
    """
    layout, layer = _layer(players, len(offer), palette, legend)
    image = layer.copy()
    for face, box in zip(offer, layout.offer, strict=True):
        size = replace(OFFER_CARD, width=box[2] - box[0])
        card = card_sprite(face, size, palette, legend.language)
        image.paste(card, box[:2], card)
    return layout, image


@recent(4, megabytes=8)
def _layer(
    players: int, offers: int, palette: Palette, legend: Legend
) -> tuple[Layout, Image.Image]:
    layout = layout_for(players, offers)
    k = LAYER_SCALE
    big = Image.new("RGB", (layout.width * k, layout.height * k), PAPER)
    draw = ImageDraw.Draw(big)
    draw.line(
        ((MARGIN * k, HEADER_BOTTOM * k), ((WIDTH - MARGIN) * k, HEADER_BOTTOM * k)),
        fill=CARD_EDGE,
        width=k,
    )
    for panel in layout.towns:
        _draw_town_frame(draw, panel, k)
    image = big.reduce(k)
    _draw_legend(image, palette, legend)
    return layout, image


def _draw_town_frame(draw: ImageDraw.ImageDraw, panel: TownPanel, k: int) -> None:
    left, top, right, bottom = panel.box
    frame = (left * k, top * k, right * k, bottom * k)
    draw.rounded_rectangle(frame, 12 * k, fill=CARD, outline=CARD_EDGE, width=2 * k)
    cell = panel.cell
    label_font = font(round(min(LABELS * 0.8, cell * 0.3)) * k)
    for column in range(SIZE):
        x, _ = panel.centre(column, 0)
        y = panel.grid[1] - LABELS / 2
        draw.text((x * k, y * k), "ABCD"[column], font=label_font, fill=MUTED, anchor="mm")
    for row in range(SIZE):
        _, y = panel.centre(0, row)
        x = panel.grid[0] - LABELS / 2 - 1
        draw.text((x * k, y * k), str(row + 1), font=label_font, fill=MUTED, anchor="mm")
    for row in range(SIZE):
        for column in range(SIZE):
            x0, y0, x1, y1 = panel.square(column, row)
            draw.rounded_rectangle(
                (x0 * k + 2 * k, y0 * k + 2 * k, x1 * k - 2 * k, y1 * k - 2 * k),
                6 * k,
                fill=TILE,
                outline=TILE_EDGE,
                width=k,
            )


LegendRow = list[tuple[Image.Image, str]]


def legend_rows(palette: Palette, legend: Legend) -> tuple[LegendRow, LegendRow]:
    """The legend's keys, each a sprite and its label: the resources with their letters, and
    the marks (the last move, fed and unfed cottages, finished towns, and — in games that
    have them — the secret monument and the hammer)."""
    language = legend.language
    resources = [
        (cube_sprite(r.fill, r.letter, 24), say(term(r.key, "resource"), language)) for r in palette
    ]
    marks = [
        (last_move_sprite(22), msg("last move")),
        (fed_sprite(9, True), msg("fed")),
        (fed_sprite(9, False), msg("unfed")),
        (finished_sprite(10, DONE), term("finished", "town")),
    ]
    if legend.monuments:
        marks.append((secret_card_sprite(24), msg("secret monument")))
    if legend.hammer:
        marks.append((hammer_sprite(24), msg("names the resource")))
    return resources, [(sprite, say(label, language)) for sprite, label in marks]


def _placed(row: LegendRow) -> list[tuple[float, float, Image.Image, str]]:
    """Right-aligned keys of a row: (sprite centre x, label x, sprite, label)."""
    text_font = font(LEGEND_TEXT)
    x = float(LEGEND_RIGHT)
    placed = []
    for sprite, label in reversed(row):
        x -= round(text_font.getlength(label))
        label_x = x
        x -= 6 + sprite.width / 2
        placed.append((x, label_x, sprite, label))
        x -= sprite.width / 2 + 18
    return placed


def legend_lefts(palette: Palette, legend: Legend) -> tuple[int, int]:
    """Where each legend row begins: the header's texts must end before."""
    rows = legend_rows(palette, legend)
    return tuple(  # type: ignore[return-value]
        round(min(x - sprite.width / 2 for x, _, sprite, _ in _placed(row))) for row in rows
    )


def _draw_legend(image: Image.Image, palette: Palette, legend: Legend) -> None:
    """Right-aligned keys: the resources' letters in one row, the marks in the other."""
    draw = ImageDraw.Draw(image)
    for y, row in zip(LEGEND_ROWS, legend_rows(palette, legend), strict=True):
        for sprite_x, label_x, sprite, label in _placed(row):
            draw.text((label_x, y), label, font=font(LEGEND_TEXT), fill=INK, anchor="lm")
            paste_centred(image, sprite, (sprite_x, y))
