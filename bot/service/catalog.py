"""Where the service finds games and board images; both can be replaced (tests, tools)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import engine
from engine.core import Game, UnknownGame

from .speech import language

#: `(game_key, view) -> PNG bytes`, like `render.render_png`.
Renderer = Callable[[str, Mapping[str, Any]], bytes]
#: `(board PNGs, one caption each) -> (animated GIF, every how many moves a frame was kept)`,
#: like `render.animation.animate`.
Animator = Callable[[Sequence[bytes], Sequence[str]], tuple[bytes, int]]


class GameCatalog:
    """The games a service offers: the engine's registry, or a fixed list."""

    def __init__(self, games: Iterable[Game[Any]] | None = None) -> None:
        self._fixed = {game.info.key: game for game in games} if games is not None else None

    def get(self, key: str) -> Game[Any]:
        """The game under `key`; raises UnknownGame naming the known keys."""
        if self._fixed is None:
            return engine.get(key.strip().lower())
        try:
            return self._fixed[key.strip().lower()]
        except KeyError:
            raise UnknownGame(key, list(self._fixed)) from None

    def name_of(self, key: str) -> str:
        """The display name of the game under `key`; the key itself for a game no longer
        offered (an old table's, say)."""
        try:
            return self.get(key).info.name
        except UnknownGame:
            return key

    def all(self) -> list[Game[Any]]:
        return list(self._fixed.values()) if self._fixed is not None else engine.all_games()


def default_renderer(game_key: str, view: Mapping[str, Any]) -> bytes:
    """The renderer package's board image (imported on first use: it loads Pillow), its
    labels in the language being spoken where it is drawn (`speech`: the table's for what the
    channel sees, the reader's for a private board; a worker thread inherits it)."""
    from render import render_png

    return render_png(game_key, view, language())


def default_animator(pngs: Sequence[bytes], captions: Sequence[str]) -> tuple[bytes, int]:
    """The renderer package's replay GIF, within Discord's upload limit."""
    from render.animation import animate

    animation = animate(pngs, captions)
    return animation.gif, animation.step
