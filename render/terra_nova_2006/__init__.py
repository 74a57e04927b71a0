"""The Terra Nova (2006) board image, drawn from the view of docs/games/terra-nova-2006.md.

The image is a static layer (island, landscapes, coordinates, legend — cached per board
layout) with the state drawn on top: scored areas, stones, the last turn, figures and the
side panel. Landscapes carry their letter as well as their colour, so colour-blind players
can tell them apart.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from engine.core.hexgrid import DIRECTIONS, Hex, HexGrid

from .common import (
    RGB,
    SQRT3,
    Point,
    ToMask,
    bounding_box,
    disc_sprite,
    draw_arrow,
    fit_text,
    font,
    hex_corners,
    hex_edge,
    hex_token_sprite,
    mix,
    paste_centred,
    rgb,
    ring_sprite,
    stamp,
    text_colour_on,
    to_png,
    wrap,
)

WIDTH, HEIGHT = 1200, 900
BOARD_RIGHT = 862  # the board fills x < BOARD_RIGHT, the side panel the rest
PANEL_LEFT, PANEL_RIGHT = BOARD_RIGHT + 8, WIDTH - 14
BACKGROUND_SCALE = 2  # the static layer is drawn twice as large and reduced: smooth edges

PAPER = rgb("#F4EFE4")
INK = rgb("#26231F")
MUTED = rgb("#6E675D")
CARD = rgb("#FBF8F1")
CARD_EDGE = rgb("#D9D0BF")
SHADOW = rgb("#B7AC98")
COAST = rgb("#4A4237")
HIGHLIGHT = rgb("#E0007A")  # the last turn: arrows, new stones, the placed figure
CASING = rgb("#FFFFFF")
NO_WINNER = rgb("#7A7A7A")
TINT_ALPHA = 165  # of 255: how strongly a scored area takes on its winner's colour

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

PLAYER_COLOURS: dict[str, RGB] = {
    "yellow": rgb("#FFD21F"),
    "red": rgb("#D7373F"),
    "blue": rgb("#2F66D0"),
    "green": rgb("#17894B"),
}

STONE = (rgb("#8E8880"), rgb("#2F2B27"), rgb("#B9B3AA"), rgb("#6A645C"))  # fill, edge, lit, shade


@dataclass(frozen=True)
class Cell:
    name: str
    q: int
    r: int
    landscape: str


@dataclass(frozen=True)
class BoardLayout:
    """Where each cell of the board is drawn, in image pixels."""

    radius: float  # circumradius of one hex
    centres: Mapping[str, Point]
    cells: Mapping[str, Cell]
    by_axial: Mapping[tuple[int, int], str]

    def centre(self, name: str) -> Point:
        return self.centres[name]

    def neighbour(self, name: str, direction: int) -> str | None:
        cell = self.cells[name]
        step = DIRECTIONS[direction]
        return self.by_axial.get((cell.q + step.q, cell.r + step.r))


def cells_of(view: Mapping[str, Any]) -> tuple[Cell, ...]:
    return tuple(Cell(c["name"], c["q"], c["r"], c["landscape"]) for c in view["cells"])


def layout_for(cells: Sequence[Cell]) -> BoardLayout:
    """Fit the island into the board part of the image, leaving margins for row letters."""
    unit = {c.name: HexGrid.centre(Hex(c.q, c.r), 1.0) for c in cells}
    xs = [x for x, _ in unit.values()]
    ys = [y for _, y in unit.values()]
    span_x = max(xs) - min(xs) + SQRT3
    span_y = max(ys) - min(ys) + 2
    label_margin, top_margin = 46, 24
    radius = min((BOARD_RIGHT - 2 * label_margin) / span_x, (HEIGHT - 2 * top_margin) / span_y)
    left = (BOARD_RIGHT - span_x * radius) / 2 + SQRT3 / 2 * radius - min(xs) * radius
    top = (HEIGHT - span_y * radius) / 2 + radius - min(ys) * radius
    centres = {name: (left + x * radius, top + y * radius) for name, (x, y) in unit.items()}
    return BoardLayout(
        radius=radius,
        centres=centres,
        cells={c.name: c for c in cells},
        by_axial={(c.q, c.r): c.name for c in cells},
    )


# -- the static layer -------------------------------------------------------------------


@dataclass(frozen=True)
class Board:
    layout: BoardLayout
    background: Image.Image


@lru_cache(maxsize=4)
def board_for(cells: tuple[Cell, ...]) -> Board:
    """The layout and static layer of a board; cached, as every image of a game shares them."""
    layout = layout_for(cells)
    k = BACKGROUND_SCALE
    big = Image.new("RGB", (WIDTH * k, HEIGHT * k), PAPER)
    _draw_island_shadow(big, layout, k)
    draw = ImageDraw.Draw(big)
    _draw_cells(draw, layout, k)
    _draw_coast(draw, layout, k)
    _draw_row_letters(draw, layout, k)
    _draw_panel_frame(draw, k)
    _draw_legend(draw, k)
    return Board(layout, big.reduce(k))


def _scaled(point: Point, k: float) -> Point:
    return (point[0] * k, point[1] * k)


def _draw_island_shadow(image: Image.Image, layout: BoardLayout, k: int) -> None:
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    for name in layout.cells:
        x, y = layout.centre(name)
        draw.polygon(hex_corners(((x + 3) * k, (y + 5) * k), (layout.radius + 1) * k), fill=150)
    image.paste(SHADOW, (0, 0), mask.filter(ImageFilter.GaussianBlur(6 * k)))


def _draw_cells(draw: ImageDraw.ImageDraw, layout: BoardLayout, k: int) -> None:
    radius = layout.radius
    letter_font = font(round(radius * 0.62 * k))
    name_font = font(round(radius * 0.36 * k))
    for cell in layout.cells.values():
        letter, _, colour = LANDSCAPES[cell.landscape]
        centre = _scaled(layout.centre(cell.name), k)
        draw.polygon(hex_corners(centre, radius * k), fill=colour)
        draw.polygon(
            hex_corners(centre, radius * k), outline=mix(colour, INK, 0.35), width=max(1, k)
        )
        ink = mix(colour, INK, 0.72)
        cx, cy = centre
        draw.text((cx, cy - radius * 0.22 * k), letter, font=letter_font, fill=ink, anchor="mm")
        draw.text(
            (cx, cy + radius * 0.45 * k),
            cell.name,
            font=name_font,
            fill=mix(colour, INK, 0.6),
            anchor="mm",
        )


def _draw_coast(draw: ImageDraw.ImageDraw, layout: BoardLayout, k: int) -> None:
    """A firm line along the island's outer edges: the board edge closes areas too."""
    for name in layout.cells:
        centre = _scaled(layout.centre(name), k)
        for direction in range(6):
            if layout.neighbour(name, direction) is None:
                a, b = hex_edge(centre, layout.radius * k, direction)
                draw.line([a, b], fill=COAST, width=3 * k)
                for corner in (a, b):
                    r = 1.5 * k
                    draw.ellipse(
                        (corner[0] - r, corner[1] - r, corner[0] + r, corner[1] + r), fill=COAST
                    )


def _draw_row_letters(draw: ImageDraw.ImageDraw, layout: BoardLayout, k: int) -> None:
    """Each row's letter just outside both ends of the row."""
    rows: dict[int, list[Cell]] = {}
    for cell in layout.cells.values():
        rows.setdefault(cell.r, []).append(cell)
    label_font = font(round(layout.radius * 0.62 * k))
    offset = layout.radius * SQRT3 / 2 + layout.radius * 0.62
    for row in rows.values():
        row.sort(key=lambda c: c.q)
        letter = row[0].name.rstrip("0123456789")
        for cell, side in ((row[0], -1), (row[-1], 1)):
            x, y = layout.centre(cell.name)
            draw.text(
                ((x + side * offset) * k, y * k), letter, font=label_font, fill=MUTED, anchor="mm"
            )


def _draw_panel_frame(draw: ImageDraw.ImageDraw, k: int) -> None:
    draw.rounded_rectangle(
        (PANEL_LEFT * k, 12 * k, PANEL_RIGHT * k, (HEIGHT - 12) * k),
        radius=12 * k,
        fill=CARD,
        outline=CARD_EDGE,
        width=2 * k,
    )
    draw.text(((PANEL_LEFT + 16) * k, 26 * k), "Terra Nova (2006)", font=font(28 * k), fill=INK)


LEGEND_TOP = HEIGHT - 150


def _draw_legend(draw: ImageDraw.ImageDraw, k: int) -> None:
    left = PANEL_LEFT + 16
    draw.line(
        ((left * k, (LEGEND_TOP - 10) * k), ((PANEL_RIGHT - 16) * k, (LEGEND_TOP - 10) * k)),
        fill=CARD_EDGE,
        width=k,
    )
    draw.text((left * k, LEGEND_TOP * k), "Landscapes", font=font(17 * k), fill=MUTED)
    for index, (letter, name, colour) in enumerate(LANDSCAPES.values()):
        column, row = divmod(index, 4)
        cx = left + 14 + column * 152
        cy = LEGEND_TOP + 40 + row * 27
        draw.polygon(
            hex_corners((cx * k, cy * k), 13 * k), fill=colour, outline=mix(colour, INK, 0.45)
        )
        draw.text(
            (cx * k, cy * k), letter, font=font(14 * k), fill=mix(colour, INK, 0.72), anchor="mm"
        )
        draw.text(((cx + 22) * k, cy * k), name, font=font(17 * k), fill=INK, anchor="lm")


# -- the state on top -------------------------------------------------------------------


def render(view: Mapping[str, Any]) -> bytes:
    """PNG bytes of the board as `view` shows it; the same view always gives the same bytes."""
    board = board_for(cells_of(view))
    image = board.background.copy()
    layout = board.layout
    players = view["players"]
    colours = [PLAYER_COLOURS[p["colour"]] for p in players]
    labels = initials([p["name"] for p in players])
    last = view.get("last_turn") or {}
    fresh_areas = set(last.get("areas", []))
    for index, area in enumerate(view["areas"]):
        _draw_area(image, layout, area, colours, fresh=index in fresh_areas)
    stone_sprite = hex_token_sprite(round(layout.radius * 0.9), *STONE)
    for name in view["stones"]:
        paste_centred(image, stone_sprite, layout.centre(name))
    figure_radius = round(layout.radius * 0.6)
    ring = ring_sprite(round(layout.radius * 0.7), HIGHLIGHT, CASING, 4)
    for name in last.get("stones", []):
        paste_centred(image, ring, layout.centre(name))
    _draw_moves(image, layout, last.get("moves", []), figure_radius)
    for figure in view["figures"]:
        seat = figure["seat"]
        sprite = figure_sprite(figure_radius, colours[seat], labels[seat])
        paste_centred(image, sprite, layout.centre(figure["cell"]))
    if last.get("placed"):
        paste_centred(image, ring, layout.centre(last["placed"]))
    _draw_panel(image, view, colours, labels)
    return to_png(image)


def initials(names: Sequence[str]) -> list[str]:
    """Each player's initial; players sharing one get two letters."""
    first = [name[:1].upper() for name in names]
    return [
        (name[:2].title() if first.count(initial) > 1 else initial) or "?"
        for name, initial in zip(names, first, strict=True)
    ]


def figure_sprite(radius: int, colour: RGB, label: str) -> Image.Image:
    font_size = round(radius * (1.05 if len(label) == 1 else 0.8))
    return disc_sprite(radius, colour, INK, label, text_colour_on(colour), CASING, font_size)


def _draw_area(
    image: Image.Image,
    layout: BoardLayout,
    area: Mapping[str, Any],
    colours: Sequence[RGB],
    fresh: bool,
) -> None:
    """Tint the area's cells in its winner's colour (stripes if shared), outline it and
    print the points it gave."""
    names: list[str] = area["cells"]
    winners: list[int] = area["winners"]
    tints = [colours[seat] for seat in winners] or [NO_WINNER]
    radius = layout.radius
    polygons = [hex_corners(layout.centre(name), radius + 0.5) for name in names]
    box = bounding_box([p for polygon in polygons for p in polygon], 4)
    stripe = radius * 0.45
    for index, tint in enumerate(tints):

        def tint_mask(mask: Image.Image, to_mask: ToMask, k: float, index: int = index) -> None:
            draw = ImageDraw.Draw(mask)
            for polygon in polygons:
                draw.polygon(to_mask(polygon), fill=TINT_ALPHA)
            if len(tints) > 1:
                _cut_stripes(mask, index, len(tints), stripe * k)

        stamp(image, tint, box, tint_mask)
    edge_colour = mix(tints[0], INK, 0.35) if len(tints) == 1 else INK
    inside = set(names)
    edges = [
        hex_edge(layout.centre(name), radius, direction)
        for name in names
        for direction in range(6)
        if layout.neighbour(name, direction) not in inside
    ]

    def outline_mask(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        draw = ImageDraw.Draw(mask)
        for edge in edges:
            draw.line(to_mask(edge), fill=255, width=round(3 * k))

    stamp(image, edge_colour, box, outline_mask)
    _draw_area_badge(image, layout, names, area, tints, fresh)


def _cut_stripes(mask: Image.Image, keep: int, count: int, width: float) -> None:
    """Clear every diagonal stripe of `mask` except each `count`-th, starting at `keep`."""
    draw = ImageDraw.Draw(mask)
    span = mask.width + mask.height
    band = 0
    x = -float(mask.height)
    while x < span:
        if band % count != keep:
            draw.polygon(
                [
                    (x, mask.height),
                    (x + width, mask.height),
                    (x + width + mask.height, 0),
                    (x + mask.height, 0),
                ],
                fill=0,
            )
        x += width
        band += 1


def _draw_area_badge(
    image: Image.Image,
    layout: BoardLayout,
    names: Sequence[str],
    area: Mapping[str, Any],
    tints: Sequence[RGB],
    fresh: bool,
) -> None:
    points = [layout.centre(name) for name in names]
    mean = (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))
    cx, cy = min(points, key=lambda p: (p[0] - mean[0]) ** 2 + (p[1] - mean[1]) ** 2)
    awarded: dict[str, int] = area["awarded"]
    if not area["winners"]:
        text = f"{area['points']}: nobody"
    elif len(area["winners"]) == 1:
        text = f"+{area['points']}"
    else:
        text = f"+{min(awarded.values())} each"
    badge_font = font(round(layout.radius * 0.62))
    width = badge_font.getlength(text) + 12
    height = layout.radius * 0.62 + 10
    box = (cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)
    draw = ImageDraw.Draw(image)
    edge = HIGHLIGHT if fresh else mix(tints[0], INK, 0.35)
    draw.rounded_rectangle(box, radius=6, fill=CASING, outline=edge, width=3 if fresh else 2)
    draw.text((cx, cy), text, font=badge_font, fill=INK, anchor="mm")


def _draw_moves(
    image: Image.Image, layout: BoardLayout, moves: Sequence[Mapping[str, str]], figure_radius: int
) -> None:
    """Each move of the last turn as an arrow from its start to the figure it moved."""
    start_mark = ring_sprite(round(layout.radius * 0.28), HIGHLIGHT, CASING, 3)
    for move in moves:
        paste_centred(image, start_mark, layout.centre(move["from"]))
    for number, move in enumerate(moves, start=1):
        (x0, y0), (x1, y1) = layout.centre(move["from"]), layout.centre(move["to"])
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        back = (figure_radius + 3) / length
        start_cut = layout.radius * 0.34 / length
        start = (x0 + (x1 - x0) * start_cut, y0 + (y1 - y0) * start_cut)
        end = (x1 - (x1 - x0) * back, y1 - (y1 - y0) * back)
        draw_arrow(image, start, end, HIGHLIGHT, CASING, width=max(4.0, layout.radius * 0.18))
        if len(moves) > 1:
            middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
            badge = disc_sprite(9, CASING, HIGHLIGHT, str(number), HIGHLIGHT, None, 12)
            paste_centred(image, badge, middle)


# -- the side panel ---------------------------------------------------------------------

PLAYER_ROW, PLAYER_GAP, PLAYERS_TOP = 84, 6, 98


def player_card(seat: int) -> tuple[int, int, int, int]:
    """The box of a seat's card in the side panel (left, top, right, bottom)."""
    top = PLAYERS_TOP + seat * (PLAYER_ROW + PLAYER_GAP)
    return (PANEL_LEFT + 10, top, PANEL_RIGHT - 10, top + PLAYER_ROW)


def _draw_panel(
    image: Image.Image, view: Mapping[str, Any], colours: Sequence[RGB], labels: Sequence[str]
) -> None:
    draw = ImageDraw.Draw(image)
    left, right = PANEL_LEFT + 16, PANEL_RIGHT - 16
    phase = view["phase"]
    heading = "Game over" if phase == "over" else f"Turn {view['turn']} · {phase} phase"
    draw.text((left, 66), heading, font=font(19), fill=MUTED)
    to_act = set(view["to_act"])
    for seat, player in enumerate(view["players"]):
        _draw_player(image, draw, player, colours[seat], labels[seat], seat in to_act, seat)
    y = player_card(len(view["players"]) - 1)[3] + 10
    y = _draw_status(draw, view, y, left, right)
    y = _draw_stones(image, draw, view, y + 14, left, right)
    _draw_last_turn(draw, view, y + 16, left, right)


def _draw_player(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    player: Mapping[str, Any],
    colour: RGB,
    label: str,
    acting: bool,
    seat: int,
) -> None:
    box = player_card(seat)
    left, top, right, _ = box
    if acting:
        draw.rounded_rectangle(
            box, radius=10, fill=mix(CARD, colour, 0.22), outline=colour, width=4
        )
    else:
        draw.rounded_rectangle(box, radius=10, fill=CARD, outline=CARD_EDGE, width=1)
    resigned = bool(player["resigned"])
    disc_colour = mix(colour, CARD, 0.55) if resigned else colour
    paste_centred(image, figure_sprite(20, disc_colour, label), (left + 32, top + 32))
    name_colour = MUTED if resigned else INK
    score = str(player["score"])
    score_font = font(34)
    score_width = score_font.getlength(score)
    name, name_font = fit_text(player["name"], 24, right - left - 74 - score_width - 16, minimum=15)
    draw.text((left + 62, top + 32), name, font=name_font, fill=name_colour, anchor="lm")
    draw.text((right - 12, top + 32), score, font=score_font, fill=name_colour, anchor="rm")
    if resigned:
        detail = "resigned"
    else:
        detail = (
            f"on board {player['figures_on_board']} · to place {player['figures_to_place']}"
            f" · out {player['figures_out']}"
        )
    draw.text((left + 14, top + 66), detail, font=font(16), fill=MUTED, anchor="lm")
    if acting:
        tip = (left - 2, top + PLAYER_ROW / 2)
        draw.polygon([(tip[0] - 12, tip[1] - 10), (tip[0] - 12, tip[1] + 10), tip], fill=colour)


def _draw_status(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], top: int, left: int, right: int
) -> int:
    """Whose turn and what is left to do, or the winner; returns the next free y."""
    title_font = font(23)
    if view["phase"] == "over":
        title = "Game over"
        body = view.get("winner_text") or ""
    else:
        suffix = " to act"
        names = ", ".join(view["players"][seat]["name"] for seat in view["to_act"])
        names, _ = fit_text(names, 23, right - left - title_font.getlength(suffix), minimum=23)
        title = names + suffix
        left_count = view["actions_left"]
        if view["phase"] == "placement":
            body = "Place a figure on any empty hex."
        else:
            body = f"{left_count} action{'s' if left_count != 1 else ''} left this turn."
    draw.text((left, top), title, font=title_font, fill=INK)
    y = top + 32
    body_font = font(18)
    for line in wrap(body, body_font, right - left):
        draw.text((left, y), line, font=body_font, fill=INK)
        y += 23
    return y


def _draw_stones(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    view: Mapping[str, Any],
    top: int,
    left: int,
    right: int,
) -> int:
    stones_left = view["stones_left"]
    total = stones_left + len(view["stones"])
    paste_centred(image, hex_token_sprite(12, *STONE), (left + 12, top + 12))
    draw.text(
        (left + 32, top + 12),
        f"Stones left: {stones_left} of {total}",
        font=font(18),
        fill=INK,
        anchor="lm",
    )
    bar_top = top + 30
    draw.rounded_rectangle((left, bar_top, right, bar_top + 10), radius=5, fill=CARD_EDGE)
    if total and stones_left:
        filled = left + (right - left) * stones_left / total
        draw.rounded_rectangle((left, bar_top, filled, bar_top + 10), radius=5, fill=STONE[0])
    return bar_top + 10


def _draw_last_turn(
    draw: ImageDraw.ImageDraw, view: Mapping[str, Any], top: int, left: int, right: int
) -> None:
    last = view.get("last_turn")
    if not last:
        return
    text = describe_last_turn(view, last)
    draw.text((left, top), "Last turn", font=font(17), fill=MUTED)
    body_font = font(17)
    y = top + 24
    for line in wrap(text, body_font, right - left)[:4]:
        draw.text((left, y), line, font=body_font, fill=INK)
        y += 21


def describe_last_turn(view: Mapping[str, Any], last: Mapping[str, Any]) -> str:
    """The last turn in a few words, matching what the arrows and rings show."""
    parts: list[str] = []
    if last.get("placed"):
        parts.append(f"placed a figure on {last['placed']}")
    if last.get("moves"):
        parts.append("moved " + ", ".join(f"{m['from']}-{m['to']}" for m in last["moves"]))
    if last.get("stones"):
        parts.append("stone " + ", ".join(last["stones"]))
    if last.get("passed"):
        parts.append("passed")
    for index in last.get("areas", []):
        area = view["areas"][index]
        parts.append(f"closed an area of {area['size']} for {area['points']}")
    name = view["players"][last["seat"]]["name"]
    return f"{name}: " + "; ".join(parts or ["no action"])
