"""Every game package, in the order `engine.all_games()` lists them."""

from typing import Any

from engine.core.game import Game

from .terra_nova import TerraNova
from .terra_nova_2006 import TerraNova2006
from .terramara import Terramara
from .tiny_towns import TinyTowns

ALL_GAMES: tuple[Game[Any], ...] = (TerraNova(), TerraNova2006(), Terramara(), TinyTowns())
