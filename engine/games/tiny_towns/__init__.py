"""Tiny Towns (AEG 2019; German edition Pegasus 2019): the game and its state model."""

from .game import TinyTowns
from .state import TinyTownsState, Town

__all__ = ["TinyTowns", "TinyTownsState", "Town"]
