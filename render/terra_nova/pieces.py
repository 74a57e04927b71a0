"""What stands on the map: terrain hexes, bridges, towns and buildings.

Every building is drawn in its faction's colour with a dark edge and a white casing, so it
reads on any terrain, including its own (a faction builds on its home terrain, whose light
shade fills the hex). The three building types differ in shape, not only in size: a house has
one gable, a trading post a gable and a flat-roofed annex, a palace two crenellated towers.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw

from engine.games.terra_nova.view import (
    BridgeView,
    HexView,
    LastTurnView,
    PlayerView,
    TownView,
)
from render.common import (
    RGB,
    SUPERSAMPLE,
    Point,
    ToMask,
    bounding_box,
    font,
    hex_corners,
    hex_edge,
    mix,
    paste_centred,
    ring_sprite,
    stamp,
)

from .glyphs import draw_glyph, glyph_sprite
from .layout import MapLayout
from .style import (
    CASING,
    COLOUR_OF_TERRAIN,
    FACTION_COLOURS,
    INK,
    NOW,
    TERRAINS,
    TOWN,
    WHITE,
    faction_colour,
    glyph_ink,
    glyph_of,
    letter_ink,
    piece_edge,
)

#: Building outlines in a unit box (x right, y down), all standing on y = 0.95.
SHAPES: dict[str, tuple[Point, ...]] = {
    "house": ((0.2, 0.95), (0.2, 0.5), (0.5, 0.18), (0.8, 0.5), (0.8, 0.95)),
    "trading post": (
        (0.06, 0.95),
        (0.06, 0.46),
        (0.33, 0.14),
        (0.6, 0.46),
        (0.6, 0.52),
        (0.94, 0.52),
        (0.94, 0.95),
    ),
    "palace": (
        (0.04, 0.95),
        (0.04, 0.2),
        (0.14, 0.2),
        (0.14, 0.28),
        (0.22, 0.28),
        (0.22, 0.2),
        (0.32, 0.2),
        (0.32, 0.46),
        (0.68, 0.46),
        (0.68, 0.2),
        (0.78, 0.2),
        (0.78, 0.28),
        (0.86, 0.28),
        (0.86, 0.2),
        (0.96, 0.2),
        (0.96, 0.95),
    ),
}
#: A building's width as a share of the hex radius.
BUILDING_SIZE = {"house": 0.98, "trading post": 1.14, "palace": 1.22}
#: Where a building carries its faction's glyph (centre x, y and size in the unit box).
GLYPH_AT: dict[str, tuple[float, float, float]] = {
    "house": (0.5, 0.71, 0.38),
    "trading post": (0.33, 0.71, 0.36),
    "palace": (0.5, 0.72, 0.32),
}


@cache
def building_sprite(
    kind: str, size: int, fill: RGB, edge: RGB, glyph: str | None, ink: RGB
) -> Image.Image:
    """A building (RGBA) `size` px wide with a white casing, an edge in `edge` and its
    faction's glyph in `ink`."""
    k = SUPERSAMPLE
    pad = 3
    full = size + 2 * pad
    big = Image.new("RGBA", (full * k, full * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    points = [((pad + x * size) * k, (pad + y * size) * k) for x, y in SHAPES[kind]]
    casing = max(2, round(size * 0.07)) * k
    draw.line([*points, points[0]], fill=(*CASING, 255), width=casing * 2, joint="curve")
    draw.polygon(points, fill=(*CASING, 255))
    edge_width = max(k, round(size * 0.05 * k))
    draw.polygon(points, fill=(*fill, 255), outline=(*edge, 255), width=edge_width)
    if glyph is not None:
        x, y, share = GLYPH_AT[kind]
        centre = ((pad + x * size) * k, (pad + y * size) * k)
        draw_glyph(draw, glyph, centre, share * size * k, ink)
    return big.resize((full, full), Image.Resampling.LANCZOS)


def building_of(kind: str, radius: float, colour: RGB, neutral: bool = False) -> Image.Image:
    """A building of the faction of `colour` (a neutral house: pale, its glyph in its edge)."""
    size = round(radius * BUILDING_SIZE[kind])
    glyph = glyph_of(colour)
    if neutral:
        edge = mix(colour, INK, 0.3)
        return building_sprite(kind, size, mix(colour, WHITE, 0.65), edge, glyph, edge)
    return building_sprite(kind, size, colour, piece_edge(colour), glyph, glyph_ink(colour))


@cache
def hex_sprite(terrain: str, name: str, radius: float) -> Image.Image:
    """A land hex (RGBA) in its terrain's shade with a thin edge, the terrain's letter (so
    terrains are told apart without colour) and the hex's name below it."""
    k = SUPERSAMPLE
    letter, fill = TERRAINS[terrain]
    ink = letter_ink(fill)
    size = int(radius * 2) + 4
    big = Image.new("RGBA", (size * k, size * k), (0, 0, 0, 0))
    draw = ImageDraw.Draw(big)
    cx, cy = size * k / 2, size * k / 2
    draw.polygon(hex_corners((cx, cy), (radius + 0.6) * k), fill=(*mix(fill, INK, 0.35), 255))
    draw.polygon(hex_corners((cx, cy), (radius - 0.6) * k), fill=(*fill, 255))
    letter_at, name_at = (cx, cy - radius * 0.22 * k), (cx, cy + radius * 0.5 * k)
    draw.text(letter_at, letter, font=font(round(radius * 0.62 * k)), fill=ink, anchor="mm")
    draw.text(name_at, name, font=font(round(radius * 0.36 * k)), fill=ink, anchor="mm")
    return big.resize((size, size), Image.Resampling.LANCZOS)


def draw_terrain(image: Image.Image, layout: MapLayout, hexes: Sequence[HexView]) -> None:
    """Each land hex in its current terrain."""
    for entry in hexes:
        if entry.terrain != "river":
            sprite = hex_sprite(entry.terrain, entry.name, layout.radius)
            paste_centred(image, sprite, layout.centre(entry.name))


def draw_neutral_spots(image: Image.Image, layout: MapLayout, hexes: Sequence[HexView]) -> None:
    """While neutral houses are being set, a ring on every free hex that may take one."""
    ring = ring_sprite(round(layout.radius * 0.4), NOW, CASING, 3)
    for entry in hexes:
        if entry.marked and entry.building is None:
            x, y = layout.centre(entry.name)
            paste_centred(image, ring, (x, y - layout.radius * 0.22))


def draw_towns(image: Image.Image, layout: MapLayout, towns: Sequence[TownView]) -> None:
    """A gold outline, cased in ink, around every town's hexes; a Sea Dogs' town across the
    river takes in the river hex its tile lies on."""
    for town in towns:
        river = [town.river] if town.river else []
        edges = [
            hex_edge(layout.centre(name), layout.radius - 2, direction)
            for name, direction in layout.edges_around([*town.hexes, *river])
        ]
        stroke(image, INK, edges, 7)
        stroke(image, TOWN, edges, 3.5)


def draw_bridges(
    image: Image.Image,
    layout: MapLayout,
    bridges: Sequence[BridgeView],
    last: LastTurnView | None,
    colours: Sequence[RGB],
) -> None:
    """Each bridge as a plank in its owner's colour from one bank's centre to the other's,
    those the last turn built cased in the highlight colour; drawn before the land, so only
    the part over the river shows."""
    width = layout.radius * 0.32
    built = {(b.start, b.end) for b in last.bridges} if last else set()
    for bridge in bridges:
        (x0, y0), (x1, y1) = layout.centre(bridge.start), layout.centre(bridge.end)
        plank = [((x0, y0), (x1, y1))]
        colour = colours[bridge.seat]
        casing = NOW if (bridge.start, bridge.end) in built else INK
        stroke(image, casing, plank, width + 5, round_ends=False)
        stroke(image, colour, plank, width, round_ends=False)
        glyph = glyph_of(colour)
        if glyph is not None:
            sprite = glyph_sprite(glyph, round(width * 0.95), glyph_ink(colour), colour)
            paste_centred(image, sprite, ((x0 + x1) / 2, (y0 + y1) / 2))


def draw_last_turn(image: Image.Image, layout: MapLayout, last: LastTurnView | None) -> None:
    """A frame in the highlight colour, cased in white, inside every hex the last turn
    changed (built, upgraded or made habitable)."""
    for name in last.hexes if last else ():
        centre = layout.centre(name)
        edges = [hex_edge(centre, layout.radius - 4.5, d) for d in range(6)]
        stroke(image, CASING, edges, 7)
        stroke(image, NOW, edges, 3.5)


def stroke(
    image: Image.Image,
    colour: RGB,
    segments: Sequence[tuple[Point, Point]],
    width: float,
    round_ends: bool = True,
) -> None:
    """Smooth line segments `width` px wide in `colour`."""
    box = bounding_box([p for segment in segments for p in segment], width + 2)

    def draw_segments(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        draw = ImageDraw.Draw(mask)
        r = width * k / 2
        for segment in segments:
            a, b = to_mask(segment)
            draw.line([a, b], fill=255, width=round(width * k))
            if round_ends:
                for x, y in (a, b):
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=255)

    stamp(image, colour, box, draw_segments, (tuple(segments), width, round_ends))


def draw_buildings(
    image: Image.Image, layout: MapLayout, hexes: Sequence[HexView], colours: Sequence[RGB]
) -> None:
    """Every building at its hex, a little above the hex's name."""
    for entry in hexes:
        kind = entry.building
        if kind is None:
            continue
        x, y = layout.centre(entry.name)
        # Every building stands on the same line, just above the hex's name.
        size = layout.radius * BUILDING_SIZE[kind]
        at = (x, y + layout.radius * 0.3 - 0.45 * size)
        if entry.neutral is not None:
            colour = FACTION_COLOURS[COLOUR_OF_TERRAIN[entry.neutral]]
            paste_centred(image, building_of(kind, layout.radius, colour, neutral=True), at)
        elif entry.seat is not None:
            paste_centred(image, building_of(kind, layout.radius, colours[entry.seat]), at)


def seat_colours(players: Sequence[PlayerView]) -> list[RGB]:
    return [faction_colour(player.colour) for player in players]
