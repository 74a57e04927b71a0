"""Sizes and colours of the Terra Nova (2006) image."""

from __future__ import annotations

from render.common import RGB, mix, rgb

WIDTH, HEIGHT = 1200, 900
BOARD_RIGHT = 840  # the board (island and legend) fills x < BOARD_RIGHT, the side panel the rest
PANEL_LEFT, PANEL_RIGHT = BOARD_RIGHT + 8, WIDTH - 12
LEGEND_TOP = HEIGHT - 64  # the landscape legend: one row under the island
#: The size of key text — the turn and phase, whose turn it is or who won, the players' names
#: and scores: 13 px when the image is shown 520 px wide, more than the 11 px asked for
#: (docs/architecture.md, "render/"). Everything else is at least 12 px in the full image.
KEY_SIZE = 30
LAYER_SCALE = 2  # cached layers are drawn twice as large and reduced: smooth edges

PAPER = rgb("#F4EFE4")
INK = rgb("#26231F")
MUTED = rgb("#6E675D")
CARD = rgb("#FBF8F1")
CARD_EDGE = rgb("#D9D0BF")
SHADOW = rgb("#B7AC98")
COAST = rgb("#4A4237")
HIGHLIGHT = rgb("#E0007A")  # the last turn: arrows, new stones, the placed figure
CASING = rgb("#FFFFFF")
WHITE = rgb("#FFFFFF")

#: Landscape key → (letter, name shown in the legend, colour).
LANDSCAPES: dict[str, tuple[str, str, RGB]] = {
    "forest": ("F", "forest", rgb("#6FAA5E")),
    "grassland": ("G", "grassland", rgb("#BEE08C")),
    "steppe": ("S", "steppe", rgb("#EAE2BE")),
    "lake": ("L", "lake", rgb("#8CCBEA")),
    "hills": ("H", "hills", rgb("#BE9A74")),
    "cropland": ("C", "cropland", rgb("#F0C46A")),
    "rock": ("R", "rock", rgb("#BEBAB4")),
    "moor": ("M", "moor", rgb("#B99CCB")),
}

#: A boundary stone: fill, edge, lit bevel, shaded bevel.
STONE = (rgb("#8E8880"), rgb("#2F2B27"), rgb("#B9B3AA"), rgb("#6A645C"))


NOBODY_FILL = mix(PAPER, MUTED, 0.12)  # an area that nobody won

#: How strongly the ink shows over a cell's colour: landscape letters, cell names, outlines.
LETTER_INK, NAME_INK, OUTLINE_INK = 0.72, 0.6, 0.35


def area_fill(winner: RGB | None) -> RGB:
    """The cells of a scored area: a light shade of its winner's colour, or a pale grey
    when nobody won it."""
    return NOBODY_FILL if winner is None else mix(winner, WHITE, 0.22)


def area_edge(winner: RGB | None) -> RGB:
    """The outline of a scored area."""
    return MUTED if winner is None else mix(winner, INK, 0.4)


def area_hatch(winner: RGB | None) -> RGB:
    """The thin diagonal lines that mark every cell of a scored area."""
    return mix(area_fill(winner), area_edge(winner), 0.45)
