"""The registry of games: `engine.all_games()` lists them, `engine.get(key)` finds one.

The list itself is `engine.games.ALL_GAMES`. Everything else that is per game finds the game
here: the renderer (`render.renderer_for`), the CLI, the service, the benchmarks.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .errors import UnknownGame
from .game import Game


@cache
def _registry() -> dict[str, Game[Any]]:
    from engine.games import ALL_GAMES  # imported late: the games import engine.core

    return {game.info.key: game for game in ALL_GAMES}


def all_games() -> list[Game[Any]]:
    """Every registered game, in the order the registry lists them."""
    return list(_registry().values())


def get(key: str) -> Game[Any]:
    """The game registered under `key`; raises UnknownGame naming the known keys."""
    try:
        return _registry()[key]
    except KeyError:
        raise UnknownGame(key, list(_registry())) from None
