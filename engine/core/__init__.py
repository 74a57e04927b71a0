"""What all games share: the protocol, errors, randomness, hex grids and notation helpers."""

from .echo import printable, shorten
from .errors import (
    ActionError,
    BadOptions,
    EngineError,
    GameOver,
    IllegalAction,
    NotYourTurn,
    ParseError,
    UnknownGame,
)
from .game import (
    ActionText,
    BaseState,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    OptionValue,
    Result,
)
from .hexgrid import DIRECTION_NAMES, DIRECTIONS, Hex, HexGrid
from .notation import join_turn, nearest, normalize, split_turn
from .rng import Rng

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "ActionError",
    "ActionText",
    "BadOptions",
    "BaseState",
    "EngineError",
    "Event",
    "Game",
    "GameInfo",
    "GameOver",
    "Hex",
    "HexGrid",
    "IllegalAction",
    "NotYourTurn",
    "OptionSpec",
    "OptionValue",
    "ParseError",
    "Result",
    "Rng",
    "UnknownGame",
    "join_turn",
    "nearest",
    "normalize",
    "printable",
    "shorten",
    "split_turn",
]
