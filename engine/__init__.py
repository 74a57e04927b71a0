"""Pure game rules: no I/O. `games()` lists the registered games, `get(key)` finds one."""

from .core.registry import games, get

__all__ = ["games", "get"]
