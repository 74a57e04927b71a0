"""Pure game rules: no I/O. `games()` lists the registered games, `get(key)` finds one."""

# The game packages load first: importing the subpackage `engine.games` sets the attribute
# `engine.games` to that module, and the registry function of the same name must win.
from . import games as _game_packages  # noqa: F401
from .core.registry import games, get

__all__ = ["games", "get"]
