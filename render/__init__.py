"""Board images: `render_png(game_key, view)` turns a game's view into PNG bytes.

A game's renderer is the package of the same name as its engine package — `render/tiny_towns`
draws `engine/games/tiny_towns` — and exports `render(view, language) -> bytes`. It is found
through the engine's registry, so there is no second list of games here. The same view in the
same language always gives the same bytes; every text an image draws is worded in the reader's
language (`render/language.py`, docs/i18n.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

import engine
from engine.core import EngineError

from .language import ENGLISH

#: A renderer takes a game's view (its typed model, or the model's data) and a language
#: (`engine.core.i18n.LANGUAGES`) and gives PNG bytes.
Renderer = Callable[[Any, str], bytes]


class UnknownRenderer(LookupError):
    """No board renderer is registered for this game key."""

    def __init__(self, key: str) -> None:
        self.key = key
        known = ", ".join(sorted(game.info.key for game in engine.all_games()))
        super().__init__(f"There is no board renderer for game '{key}'. Known games: {known}.")


@cache
def renderer_for(game_key: str) -> Renderer:
    """The `render` function of the game registered under `game_key`."""
    try:
        game = engine.get(game_key)
    except EngineError:
        raise UnknownRenderer(game_key) from None
    package = type(game).__module__.removeprefix("engine.games.").split(".")[0]
    module = importlib.import_module(f"{__name__}.{package}")
    renderer: Renderer = module.render
    return renderer


def render_png(game_key: str, view: Any, language: str = ENGLISH) -> bytes:
    """The board image of `view` (from `game.view_of` or `game.view`) as PNG bytes, its
    labels in `language`."""
    return renderer_for(game_key)(view, language)


__all__ = ["Renderer", "UnknownRenderer", "render_png", "renderer_for"]
