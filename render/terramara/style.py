"""Sizes, colours and type sizes of the Terramara image.

The image is 1040 px wide: Discord shows it 520 px wide on a phone, exactly half. Every text
that matters is at least `MIN_TEXT` px here, so at least 8 px there (tests check the sizes).
"""

from __future__ import annotations

from render.common import RGB, mix, rgb

WIDTH = 1040
#: The width a phone shows the image at, in Discord's preview.
PREVIEW_WIDTH = 520
MARGIN = 10

#: Type sizes (px). Key text — the round, who must act, names and scores — is KEY or more:
#: 12 px at the 520-px preview (docs/architecture.md asks for 11); the smallest is 8 px there.
TITLE, KEY, HEAD, BODY, SMALL = 26, 24, 20, 18, 16
MIN_TEXT = SMALL
LINE = 19  # the line height of BODY and SMALL texts in boxes

PAPER = rgb("#F4EFE4")
INK = rgb("#26231F")
MUTED = rgb("#6E675D")
CARD = rgb("#FBF8F1")
CARD_EDGE = rgb("#D5CBB8")
WHITE = rgb("#FFFFFF")
CASING = WHITE
HIGHLIGHT = rgb("#E0007A")  # the last placement and the seats to act
ROAD = rgb("#CDB58C")
ROAD_EDGE = rgb("#9C8460")
WATER = rgb("#CFE3F0")
WATER_EDGE = rgb("#86AFCB")
WATER_MARK = rgb("#A9CDE6")  # a river space with a milestone
FIRE = rgb("#E4572E")
FIRE_DARK = rgb("#9E2A0E")
BLOCKADE = rgb("#4A4540")
NEUTRAL = rgb("#9A948A")
USED = rgb("#B9B2A6")
WORKER = rgb("#E8D3A8")  # a worker tile  # a home space used this round, a used worker
FUTURE = mix(PAPER, MUTED, 0.08)
BACK = rgb("#EBD9B4")  # the back of a turned territory
SPECIAL = rgb("#F6E7B8")  # a round-5 special space

#: Terrain → fill of its territory tile (the terrain is also written on the tile).
TERRAINS: dict[str, RGB] = {
    "meadow": rgb("#DCEBB4"),
    "quarry": rgb("#E3DDD2"),
    "forest": rgb("#BFDDAE"),
    "mountain": rgb("#D8CFC4"),
}

#: Artifact category → the colour of its card's band (the category is written there too).
CATEGORIES: dict[str, RGB] = {
    "tools": rgb("#8C6239"),
    "weapons": rgb("#50677A"),
    "pottery": rgb("#B0523A"),
    "clothing": rgb("#735A99"),
}

#: Power zones I–IV of the military track, light to dark.
ZONES: tuple[RGB, ...] = (
    rgb("#F1E9DA"),
    rgb("#E6D9C2"),
    rgb("#DACAAE"),
    rgb("#CDB999"),
)
