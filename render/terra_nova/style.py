"""Sizes and colours of the Terra Nova image."""

from __future__ import annotations

from render.common import RGB, luminance, mix, rgb

WIDTH, HEIGHT = 1400, 880
MAP_RIGHT = 984  # the map and the tile strips fill x < MAP_RIGHT, the faction panel the rest
PANEL_LEFT, PANEL_RIGHT = MAP_RIGHT + 6, WIDTH - 12
HEADER_BOTTOM = 58
MAP_TOP, MAP_BOTTOM = HEADER_BOTTOM, 536
LAYER_SCALE = 2  # cached layers are drawn twice as large and reduced: smooth edges

PAPER = rgb("#F4EFE4")
INK = rgb("#26231F")
MUTED = rgb("#6E675D")
CARD = rgb("#FBF8F1")
CARD_EDGE = rgb("#D9D0BF")
WHITE = rgb("#FFFFFF")
CASING = WHITE
POWER = rgb("#8A4FBF")  # power tokens and bowls
COIN = rgb("#E8B923")
COIN_EDGE = rgb("#8C6A0A")
TOWN = rgb("#F2A516")  # the outline of a town
CROSS = rgb("#C8102E")  # a used power action is crossed out in this red
NOW = rgb("#E0007A")  # the current round's tile and the seat to act
RIVER = rgb("#CFE6F2")
RIVER_WAVE = rgb("#8FBFDA")

#: Terrain → (letter, hex fill). Fills are light so the pieces of the faction living on that
#: terrain (in the full colour below) stand out on it.
TERRAINS: dict[str, tuple[str, RGB]] = {
    "lake": ("L", rgb("#86B9E6")),
    "forest": ("F", rgb("#8CC97A")),
    "wasteland": ("W", rgb("#E79A86")),
    "desert": ("D", rgb("#F3DC84")),
    "swamp": ("S", rgb("#8C8478")),
}
#: The terrain each colour of faction lives on (for neutral houses, which name a terrain).
COLOUR_OF_TERRAIN: dict[str, str] = {
    "lake": "blue",
    "forest": "green",
    "wasteland": "red",
    "desert": "yellow",
    "swamp": "black",
}

#: Faction colours, as the view names them.
FACTION_COLOURS: dict[str, RGB] = {
    "blue": rgb("#1F5BC4"),
    "green": rgb("#12803F"),
    "red": rgb("#D1262E"),
    "yellow": rgb("#FFD21F"),
    "black": rgb("#24211E"),
}
NO_FACTION = rgb("#A39C90")  # a seat that has not chosen its faction yet

#: Each faction colour's glyph, drawn on its buildings, bridges and card: under colour
#: blindness the green and red factions' pieces (and, with tritanopia, the blue and green
#: ones) look alike in colour, never in glyph.
GLYPHS: dict[str, str] = {
    "blue": "circle",
    "green": "triangle",
    "red": "square",
    "yellow": "diamond",
    "black": "cross",
}
_GLYPH_OF_COLOUR = {FACTION_COLOURS[name]: glyph for name, glyph in GLYPHS.items()}


def faction_colour(name: str | None) -> RGB:
    return NO_FACTION if name is None else FACTION_COLOURS[name]


def piece_edge(colour: RGB) -> RGB:
    """The outline of a building: dark on light colours, so every piece has a firm edge."""
    return mix(colour, INK, 0.6) if colour != FACTION_COLOURS["black"] else INK


def letter_ink(fill: RGB) -> RGB:
    """A terrain letter: a darker shade of its hex (white on the dark swamp)."""
    return mix(fill, WHITE, 0.75) if fill == TERRAINS["swamp"][1] else mix(fill, INK, 0.6)


def glyph_of(colour: RGB) -> str | None:
    """The glyph of a faction colour (None for a seat without a faction)."""
    return _GLYPH_OF_COLOUR.get(colour)


def glyph_ink(fill: RGB) -> RGB:
    """A glyph on a piece: white on the dark colours, ink on yellow."""
    return INK if luminance(fill) > 0.55 else WHITE
