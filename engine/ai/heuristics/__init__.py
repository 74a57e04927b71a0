"""Each game's heuristics, by game key; a game without its own module gets the defaults.

Adding a game's heuristics is one module: subclass `Heuristics` in `<game>.py` here and list
it in `_BY_KEY`.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.game import Game

from .base import Heuristics


@cache
def _by_key() -> dict[str, Heuristics]:
    from .terra_nova import TerraNovaHeuristics
    from .terra_nova_2006 import TerraNova2006Heuristics
    from .terramara import TerramaraHeuristics
    from .tiny_towns import TinyTownsHeuristics

    return {
        "terra-nova": TerraNovaHeuristics(),
        "terra-nova-2006": TerraNova2006Heuristics(),
        "terramara": TerramaraHeuristics(),
        "tiny-towns": TinyTownsHeuristics(),
    }


def heuristics_for(game: Game[Any]) -> Heuristics:
    """The heuristics registered for `game`, or the game-blind defaults."""
    return _by_key().get(game.info.key) or Heuristics()


__all__ = ["Heuristics", "heuristics_for"]
