"""Colours, fonts sizes and names of the Tiny Towns image."""

from __future__ import annotations

from render.common import RGB, mix, rgb

WIDTH = 1400
MARGIN = 16
GAP = 12
LAYER_SCALE = 2  # cached layers are drawn twice as large and reduced: smooth edges

PAPER = rgb("#F1ECE1")
INK = rgb("#26231F")
MUTED = rgb("#6E675D")
CARD = rgb("#FBF8F1")
CARD_EDGE = rgb("#D5CBB8")
TILE = rgb("#E4DCC8")  # an empty square of a town
TILE_EDGE = rgb("#B9AD94")
HIGHLIGHT = rgb("#E0007A")  # who is still to act
DONE = rgb("#2E8B57")  # finished towns
WHITE = rgb("#FFFFFF")

#: A resource's colour name in the view → its cube's colour. Lightness differs as well as
#: hue (dark wood, mid brick and stone, light wheat and glass), and every cube carries its
#: letter, so players who cannot tell the hues apart still can tell the cubes.
RESOURCE_FILLS: dict[str, RGB] = {
    "brown": rgb("#6E4424"),
    "yellow": rgb("#F3C845"),
    "red": rgb("#D2502E"),
    "cyan": rgb("#8AD6EA"),
    "grey": rgb("#A3A3A0"),
}
UNKNOWN_FILL = rgb("#C8C8C8")

#: A building card's colour in the view → its token's colour.
BUILDING_FILLS: dict[str, RGB] = {
    "blue": rgb("#3B6FD4"),
    "red": rgb("#C7332C"),
    "gray": rgb("#8F8F8F"),
    "orange": rgb("#EB8A26"),
    "green": rgb("#3A9A4E"),
    "yellow": rgb("#EFCB3A"),
    "black": rgb("#2A2A2A"),
    "monument": rgb("#6A3F9C"),
}
MONUMENT_TRIM = rgb("#E6B940")  # monuments: a gold edge around a violet tower

HAMMER_HANDLE, HAMMER_HEAD = rgb("#96663A"), rgb("#5A5A60")

#: Fed and unfed cottages: a filled wheat disc against a hollow ring.
FED_FILL = RESOURCE_FILLS["yellow"]


def resource_fill(colour: str | None) -> RGB:
    return RESOURCE_FILLS.get(colour or "", UNKNOWN_FILL)


def building_fill(colour: str | None) -> RGB:
    return BUILDING_FILLS.get(colour or "", UNKNOWN_FILL)


def acting_fill() -> RGB:
    """The background of a town whose player is still to act."""
    return mix(CARD, HIGHLIGHT, 0.08)


#: What a monument's token leaves out of its name: the article before it, and what follows
#: the first of these words (English, German).
ARTICLES = ("The ",)
OF = (" of ", " des ", " der ", " von ")


def short_name(name: str) -> str:
    """A building's name as its token shows it: monuments lose their 'The' and their
    'of the ...' (`Archive of the Second Age` → `Archive`, `Archiv des Zweiten Zeitalters` →
    `Archiv`)."""
    for article in ARTICLES:
        name = name.removeprefix(article)
    for word in OF:
        name = name.split(word)[0]
    return name
