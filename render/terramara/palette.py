"""A fixed palette per cached layer, so that reducing each image to 256 colours is a fast
nearest-colour lookup instead of a fresh colour search over two million pixels (the largest
cost of a render otherwise).

The palette has two parts: the colours of a specimen of everything drawn over the layer
(pieces in every player colour, rings, panels, badges, cards of every category, texts on
their backgrounds), and the colours of the layer itself. Both are fixed for the layer, so the
same view always gives the same bytes.
"""

from __future__ import annotations

from functools import cache

from PIL import Image

from engine.games.terramara.view import card_view
from render.common import PLAYER_COLOURS, RGB, mix, paste_centred, ring_sprite
from render.palette import Palette, without_thieves

from . import style
from .canvas import Canvas
from .cards import card_sprite
from .pieces import NEUTRAL_LABELS, Shape, token
from .style import (
    BODY,
    CARD,
    CASING,
    FUTURE,
    HEAD,
    HIGHLIGHT,
    INK,
    MUTED,
    NEUTRAL,
    PAPER,
    SMALL,
    SPECIAL,
    TERRAINS,
    TITLE,
    USED,
    WATER,
    WATER_MARK,
    WHITE,
    WORKER,
    ZONES,
)

#: How many of the 256 colours go to the specimen of what is drawn over the layer.
SPECIMEN_COLOURS = 112
SHAPES: tuple[Shape, ...] = ("disc", "square", "diamond", "cart", "canoe", "banner")


def palette_for(layer: Image.Image) -> Palette:
    """The colours to reduce images over `layer` to: the named colours exactly (flat areas
    keep their colour), then the specimen's and the layer's."""
    colours = [*exact_colours(), *_specimen_colours()]
    # Half the size keeps every flat colour and the blends along edges, at a quarter the cost.
    colours += _colours(layer.reduce(2), 256 - len(colours))
    return Palette(without_thieves(list(dict.fromkeys(colours)), len(exact_colours())))


def _colours(image: Image.Image, count: int) -> list[RGB]:
    reduced = image.quantize(
        colors=count, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    used = len(reduced.getcolors(maxcolors=256) or [])
    flat = reduced.getpalette() or []
    return [(flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]) for i in range(used)]


@cache
def _specimen_colours() -> list[RGB]:
    return _colours(specimen(), SPECIMEN_COLOURS)


@cache
def exact_colours() -> tuple[RGB, ...]:
    """Every colour the style names: fills of spaces, tiles, tracks, pieces and texts."""
    named = [value for value in vars(style).values() if _is_rgb(value)]
    named += [*style.TERRAINS.values(), *style.CATEGORIES.values(), *style.ZONES]
    named += [*PLAYER_COLOURS.values()]
    return tuple(dict.fromkeys(named))


def _is_rgb(value: object) -> bool:
    return isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value)


def specimen() -> Image.Image:
    """Everything that is drawn over the layer, in every colour it comes in (drawn once: its
    colours are cached, not the image)."""
    backgrounds: list[RGB] = [PAPER, CARD, FUTURE, SPECIAL, WATER, WATER_MARK, *ZONES]
    backgrounds += list(TERRAINS.values())
    colours = [*PLAYER_COLOURS.values()]
    width = 1040
    image = Image.new("RGB", (width, 70 * (len(backgrounds) + len(colours) + 4)), PAPER)
    canvas = Canvas(image)
    y = 0
    for background in backgrounds:
        canvas.rect((0, y, width, y + 70), fill=background)
        x = 20
        for fill, label in [*((c, "A") for c in colours), (NEUTRAL, NEUTRAL_LABELS[0])]:
            for shape in SHAPES:
                paste_centred(image, token(shape, 28, fill, label), (x, y + 20))
                x += 34
        paste_centred(image, ring_sprite(17, HIGHLIGHT, CASING, 3), (20, y + 52))
        canvas.text((50, y + 44), "Text 12 VP", SMALL, INK)
        canvas.text((150, y + 44), "Muted text", SMALL, MUTED)
        canvas.text((250, y + 40), "Heading", HEAD, INK)
        y += 70
    for colour in colours:  # a panel of that player, whose turn it is
        canvas.rect((0, y, width, y + 70), fill=mix(CARD, colour, 0.12), outline=HIGHLIGHT, width=4)
        canvas.text((20, y + 10), "Name 32 VP", TITLE, INK)
        canvas.text((220, y + 14), "st 3 ASH 1", BODY, INK)
        y += 70
    x = 10
    for word, fill, ink in (
        ("to act", HIGHLIGHT, WHITE),
        ("start", INK, WHITE),
        ("used", USED, INK),
    ):
        canvas.rect((x, y + 10, x + 70, y + 34), fill=fill, radius=5)
        canvas.text((x + 5, y + 12), word, SMALL, ink)
        x += 80
    canvas.rect((x, y + 10, x + 40, y + 34), fill=WORKER, outline=INK, radius=3)
    x = 10
    y += 40
    for key in ("T2a", "W2a", "P2a", "C2a"):
        image.paste(card_sprite(card_view(key), 121, 174), (x, y))
        x += 130
    return image
