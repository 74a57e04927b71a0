"""The five terrains and the terrain circle that prices making a terrain habitable.

The circle runs lake – forest – wasteland – desert – swamp and back to lake (clockwise from the
top of every faction mat). Converting a terrain into a faction's home terrain takes as many
shovels as the two lie apart on the circle: 1 for neighbours, 2 otherwise.
"""

from __future__ import annotations

from typing import Literal, get_args

from engine.core import Message, term

Terrain = Literal["lake", "forest", "wasteland", "desert", "swamp"]

#: The terrain circle, in order.
TERRAINS: tuple[Terrain, ...] = get_args(Terrain)

#: The letter of each terrain on board files and text maps: its initial.
TERRAIN_LETTERS: dict[str, Terrain] = {terrain[0].upper(): terrain for terrain in TERRAINS}

LETTER_OF: dict[Terrain, str] = {terrain: letter for letter, terrain in TERRAIN_LETTERS.items()}

#: Each terrain's colour, which is also the colour of the factions living on it.
TERRAIN_COLOURS: dict[Terrain, str] = dict(
    zip(TERRAINS, ("blue", "green", "red", "yellow", "black"), strict=True)
)


def shovels_between(start: Terrain, home: Terrain) -> int:
    """Shovels needed to turn `start` into `home`: 0 if equal, else 1 or 2 by the circle."""
    steps = abs(TERRAINS.index(start) - TERRAINS.index(home))
    return min(steps, len(TERRAINS) - steps)


def terrain_term(terrain: str) -> Message:
    """A terrain as a word of the game (`forest`, `Wald`)."""
    return term(terrain, "terrain")
