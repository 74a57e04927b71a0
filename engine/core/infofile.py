"""A game's description kept as data: `game.toml` beside its code names the game, its player
range, its summary and its documented options (GameInfo's fields, each option an `[[options]]`
table), so that the code holds the rules and not the words of the lobby."""

from __future__ import annotations

import tomllib

from .datafile import read_text
from .game import GameInfo


def read_info(package: str, name: str = "game.toml") -> GameInfo:
    """The GameInfo that the TOML file `name` inside `package` describes."""
    return GameInfo.model_validate(tomllib.loads(read_text(package, name)))
