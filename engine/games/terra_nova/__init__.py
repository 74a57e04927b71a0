"""Terra Nova (KOSMOS 2022): the game, its state model, its two board sides and its data."""

from .board import Board, board
from .game import TerraNova
from .state import TerraNovaState

__all__ = ["Board", "TerraNova", "TerraNovaState", "board"]
