"""Board images: `render_png(game_key, view)` turns a game's view into PNG bytes.

One module per game draws its board; the registry below maps game keys to them. The same
view always gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from . import terra_nova, terra_nova_2006, tiny_towns

Renderer = Callable[[Mapping[str, Any]], bytes]

RENDERERS: dict[str, Renderer] = {
    "terra-nova": terra_nova.render,
    "terra-nova-2006": terra_nova_2006.render,
    "tiny-towns": tiny_towns.render,
}


class UnknownRenderer(LookupError):
    """No board renderer is registered for this game key."""

    def __init__(self, key: str) -> None:
        self.key = key
        known = ", ".join(sorted(RENDERERS))
        super().__init__(f"There is no board renderer for game '{key}'. Known games: {known}.")


def render_png(game_key: str, view: Mapping[str, Any]) -> bytes:
    """The board image of `view` (from `game.view(state, viewer)`) as PNG bytes."""
    renderer = RENDERERS.get(game_key)
    if renderer is None:
        raise UnknownRenderer(game_key)
    return renderer(view)


__all__ = ["RENDERERS", "UnknownRenderer", "render_png"]
