"""Pure game rules: no I/O. `all_games()` lists the registered games, `get(key)` finds one.

Each game is a package under `engine.games` (`import engine.games.tiny_towns as tt`).
"""

from .core.registry import all_games, get

__all__ = ["all_games", "get"]
