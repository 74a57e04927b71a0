"""Terra Nova (Winning Moves 2006): the game, its state model and its board."""

from .board import Board, standard_board
from .game import TerraNova2006
from .state import TerraNova2006State

__all__ = ["Board", "TerraNova2006", "TerraNova2006State", "standard_board"]
