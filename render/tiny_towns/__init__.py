"""The Tiny Towns image, drawn from the view of docs/games/tiny-towns.md.

All towns side by side under a header (the round, its resource, who is still to act, a
legend) and the building cards on offer. A cached layer holds what stays the same for every
game of as many players: paper, legend and the empty grids with their coordinates; the cards
are pasted on it, and towns that did not change are pasted as drawn before. A player's own image
(view with a viewer) is the public image plus a strip with that player's monument cards, so
the public part can never show more than the public view.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PIL import Image

from engine.games.tiny_towns.view import TinyTownsView
from render.language import ENGLISH
from render.palette import stored_palette

from .cards import palette_of
from .header import draw_header
from .layers import Legend, background_for
from .layout import PRIVATE_HEIGHT
from .private import draw_private, secret_holder
from .style import PAPER
from .towns import draw_towns

#: Where the game's fixed palette is stored (render/palette.py).
PALETTE_FOLDER = Path(__file__).parent


def render(view: TinyTownsView | Mapping[str, Any], language: str = ENGLISH) -> bytes:
    """PNG bytes of the towns as a view (or its data) shows them, worded in `language`; the
    same view always gives the same bytes."""
    return stored_palette(PALETTE_FOLDER).to_png(image_of(view, language))


def image_of(data: TinyTownsView | Mapping[str, Any], language: str = ENGLISH) -> Image.Image:
    """The image before it is reduced to a palette (which depends on all of its colours)."""
    view = TinyTownsView.of(data)
    palette = palette_of(view)
    legend = Legend.of(view.options, language)
    offer = tuple(view.cards)
    layout, background = background_for(len(view.players), offer, palette, legend)
    holder = secret_holder(view)
    if holder is None:
        image = background
    else:
        image = Image.new("RGB", (layout.width, layout.height + PRIVATE_HEIGHT), PAPER)
        image.paste(background, (0, 0))
    draw_header(image, view, palette, legend)
    layer = (len(view.players), offer, palette, legend)
    draw_towns(image, layout.towns, view, palette, layer, language)
    if holder is not None:
        draw_private(image, layout.private, holder, palette, language)
    return image
