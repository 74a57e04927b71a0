"""Terramara (Quined Games 2019): the game, its state model and its typed view."""

from .game import Terramara
from .state import Seat, TerramaraState
from .view import TerramaraView

__all__ = ["Seat", "Terramara", "TerramaraState", "TerramaraView"]
