"""What changes on the board: scored areas, stones, figures and the marks of the last turn."""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import NamedTuple, cast

from PIL import Image, ImageChops, ImageDraw

from engine.core import LinkView
from engine.core.messages import msg
from engine.games.terra_nova_2006.view import AreaView, PlayerView, TerraNova2006View
from render.common import (
    PLAYER_COLOURS,
    RGB,
    Box,
    DrawOnMask,
    Masked,
    Point,
    ToMask,
    bounding_box,
    disc_sprite,
    draw_arrow,
    font,
    hex_corners,
    hex_edge,
    hex_token_sprite,
    initials,
    paste_centred,
    ring_sprite,
    shape_mask,
    text_colour_on,
)
from render.language import say
from render.recent import TABLE_IMAGES, Grown, Recent

from .layers import Board
from .layout import BoardLayout
from .style import (
    CASING,
    HIGHLIGHT,
    INK,
    STONE,
    area_edge,
    area_fill,
    area_hatch,
)


@dataclass(frozen=True)
class Seats:
    """How each seat is shown: its colour and the label on its figures."""

    colours: list[RGB]
    labels: list[str]

    @classmethod
    def of(cls, players: Sequence[PlayerView]) -> Seats:
        return cls([PLAYER_COLOURS[p.colour] for p in players], initials([p.name for p in players]))


def figure_sprite(radius: int, colour: RGB, label: str) -> Image.Image:
    """A figure: a disc in the player's colour with a dark outline, a white halo (so it
    reads on every landscape) and the player's initial."""
    font_size = round(radius * (1.05 if len(label) == 1 else 0.8))
    return disc_sprite(radius, colour, INK, label, text_colour_on(colour), CASING, font_size)


def draw_pieces(
    image: Image.Image,
    board: Board,
    view: TerraNova2006View,
    seats: Seats,
    badges: Sequence[Badge],
) -> None:
    """The areas' `badges` that the `stones_layer` does not hold, the last turn's arrows,
    and figures on top."""
    layout = board.layout
    last = view.last_turn
    for badge in badges:
        badge.paste(image)
    ring = ring_sprite(round(layout.radius * 0.7), HIGHLIGHT, CASING, 4)
    for name in last.stones if last else []:
        paste_centred(image, ring, layout.centre(name))
    figure_radius = round(layout.radius * 0.6)
    draw_moves(image, layout, last.moves if last else [], figure_radius)
    for figure in view.figures:
        seat = figure.seat
        sprite = figure_sprite(figure_radius, seats.colours[seat], seats.labels[seat])
        paste_centred(image, sprite, layout.centre(figure.cell))
    if last and last.placed:
        paste_centred(image, ring, layout.centre(last.placed))


#: Boards with their scored areas, by board and areas: an area never changes once scored, so
#: most moves draw on the layer of the move before (late in a game a board has ten areas or
#: more, and shading them was half of the drawing).
SCORED: Recent[Image.Image] = Recent(4, budget=TABLE_IMAGES)


def scored_layer(
    board: Board, cells: Hashable, view: TerraNova2006View, seats: Seats
) -> Image.Image:
    """The board's static layer with the scored areas shaded (`cells` keys the board; do not
    draw on the layer: copy it).

    A new layer is drawn on a copy of the kept one with the most of the view's first areas
    (areas are scored one after another and shaded in that order), adding only the others."""
    key = _scored_key(cells, view, seats)

    def make() -> Image.Image:
        shaded, layer = 0, board.background
        for kept_key, kept in SCORED.kept():
            count = _shaded_before(kept_key, key)
            if count is not None and count > shaded:
                shaded, layer = count, kept
        image = layer.copy()
        for area in view.areas[shaded:]:
            draw_area(image, board, area, seats)
        return image

    return SCORED.get(key, make)


ScoredKey = tuple[Hashable, tuple[tuple[tuple[str, ...], tuple[int, ...]], ...], tuple[RGB, ...]]


def _scored_key(cells: Hashable, view: TerraNova2006View, seats: Seats) -> ScoredKey:
    winners = tuple(seats.colours[seat] for area in view.areas for seat in area.winners)
    return (cells, tuple((tuple(area.cells), tuple(area.winners)) for area in view.areas), winners)


def _shaded_before(kept: Hashable, wanted: ScoredKey) -> int | None:
    """How many areas a kept layer shades if they are the wanted layer's first ones, in the
    same colours, on the same board (else None)."""
    cells, areas, winners = cast(ScoredKey, kept)
    count = len(areas)
    if cells != wanted[0] or areas != wanted[1][:count] or winners != wanted[2][: len(winners)]:
        return None
    return count


#: Boards with their scored areas, stones and settled badges, by board: a move adds a stone
#: or two and now and then scores an area, and late in a game the board has a hundred stones
#: and ten areas, so each image is drawn from the one before by drawing again only where
#: something was added (docs/architecture.md, "Speed"). The parts are the stones, the areas
#: and the badges, each area and badge with its place in the view's order, so a kept board
#: shows the wanted board's first areas. Adding a stone takes ~0.3 ms and drawing the whole
#: layer afresh ~3 ms, so a board that lacks more than eight parts is drawn afresh.
STONED = Grown(4, most_added=8)


def stones_layer(
    board: Board,
    cells: Hashable,
    view: TerraNova2006View,
    seats: Seats,
    badges: Sequence[SettledBadge] = (),
) -> Image.Image:
    """A copy of the `scored_layer` with the view's stones on it, and over them the settled
    `badges` (to draw on)."""
    layout = board.layout
    stone = hex_token_sprite(round(layout.radius * 0.9), *STONE)
    width, height = stone.size
    corners: dict[str, tuple[int, int]] = {}

    def stone_corners() -> dict[str, tuple[int, int]]:
        """Where each stone's sprite goes (worked out only when stones are drawn)."""
        if not corners:
            corners.update(
                (name, (round(x - width / 2), round(y - height / 2)))
                for name, (x, y) in ((name, layout.centre(name)) for name in view.stones)
            )
        return corners

    areas = [
        ScoredArea(index, tuple(area.cells), tuple(seats.colours[seat] for seat in area.winners))
        for index, area in enumerate(view.areas)
    ]

    def make() -> Image.Image:
        image = scored_layer(board, cells, view, seats).copy()
        for corner in stone_corners().values():
            image.paste(stone, corner, stone)
        for settled in badges:
            settled.badge.paste(image)
        return image

    def box_of(part: Hashable) -> Box:
        if isinstance(part, ScoredArea):
            return _area_box(board, view.areas[part.index])
        if isinstance(part, SettledBadge):
            return part.badge.box
        x, y = stone_corners()[str(part)]
        return (x, y, x + width, y + height)

    def add(image: Image.Image, parts: Sequence[Hashable]) -> None:
        """Draw again, from the scored layer, each new area's box, each new stone's square
        and each new badge's box, with every stone and then every badge that reaches into
        it, in the view's order: outside them the kept board is the new one already, and the
        anti-aliased rims of neighbouring stones share a few pixels, so those pixels come out
        as `make` draws them. A box starts at even pixels, as a badge drawn shifted must."""
        scored = scored_layer(board, cells, view, seats)
        for part in parts:
            left, top, right, bottom = box_of(part)
            left, top = max(0, left - left % 2), max(0, top - top % 2)
            region = scored.crop((left, top, right, bottom))
            for x, y in stone_corners().values():
                if left - width < x < right and top - height < y < bottom:
                    region.paste(stone, (x - left, y - top), stone)
            for settled in badges:
                if _overlap(settled.badge.box, (left, top, right, bottom)):
                    settled.badge.paste(region, (left, top))
            image.paste(region, (left, top))

    return STONED.copy_of(cells, [*areas, *view.stones, *badges], make, add)


@dataclass(frozen=True)
class ScoredArea:
    """A scored area as a part of a board kept in `STONED`: its place in the view's order,
    its cells and its winners' colours (one per winner, the stripes it is shaded in)."""

    index: int
    cells: tuple[str, ...]
    colours: tuple[RGB, ...]


def _area_box(board: Board, area: AreaView) -> Box:
    """The box of every pixel that shading `area` draws."""
    masks = _masks_of(board, area.cells, max(1, len(area.winners)))
    regions = [region for region, _, _ in masks.stripes] + [masks.ink[0], masks.outline[0]]
    return (
        min(r[0] for r in regions),
        min(r[1] for r in regions),
        max(r[2] for r in regions),
        max(r[3] for r in regions),
    )


class AreaMasks(NamedTuple):
    """What drawing a scored area needs besides its colours: per winner's stripe the fill and
    hatch masks, the mask that keeps the cells' letters readable, and the outline (a tuple,
    so that `image_bytes` weighs it for the cache that keeps it)."""

    stripes: list[tuple[Box, Image.Image, Image.Image]]
    ink: Masked
    outline: Masked


def draw_area(
    image: Image.Image,
    board: Board,
    area: AreaView,
    seats: Seats,
) -> None:
    """Shade the area's cells in its winner's colour (in stripes when several share the win)
    with hatching, keep their letters and names, and outline the area."""
    winners: list[RGB | None] = [seats.colours[seat] for seat in area.winners] or [None]
    masks = _masks_of(board, area.cells, len(winners))
    for winner, (region, fill, hatch) in zip(winners, masks.stripes, strict=True):
        image.paste(area_fill(winner), region, fill)
        image.paste(area_hatch(winner), region, hatch)
    image.paste(INK, *masks.ink)
    image.paste(area_edge(winners[0]) if len(winners) == 1 else INK, *masks.outline)


def _masks_of(board: Board, names: Sequence[str], stripes: int) -> AreaMasks:
    """The masks of an area shaded in `stripes` stripes, made once per board and kept while
    recent (an area's masks take some 90 KB; each game scores areas of its own)."""
    masks: AreaMasks = board.area_masks.get(
        (tuple(names), stripes), lambda: _area_masks(board, names, stripes)
    )
    return masks


def _area_masks(board: Board, names: Sequence[str], stripes: int) -> AreaMasks:
    layout = board.layout
    radius = layout.radius
    polygons = [hex_corners(layout.centre(name), radius + 0.5) for name in names]
    box = bounding_box([p for polygon in polygons for p in polygon], 4)
    masked_stripes: list[tuple[Box, Image.Image, Image.Image]] = []
    for index in range(stripes):

        def area_mask(mask: Image.Image, to_mask: ToMask, k: float, index: int = index) -> None:
            draw = ImageDraw.Draw(mask)
            for polygon in polygons:
                draw.polygon(to_mask(polygon), fill=255)
            if stripes > 1:
                _cut_stripes(mask, index, stripes, radius * 0.5 * k)

        region, mask = shape_mask(board.ink.size, box, area_mask)
        hatch = ImageChops.multiply(mask, board.hatch.crop(region))
        masked_stripes.append((region, mask, hatch))
    region, mask = shape_mask(board.ink.size, box, _cells_mask(polygons))
    ink = (region, ImageChops.multiply(mask, board.ink.crop(region)))
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

    outline = shape_mask(board.background.size, box, outline_mask)
    return AreaMasks(masked_stripes, ink, outline)


def _cells_mask(polygons: Sequence[Sequence[Point]]) -> DrawOnMask:
    def draw_cells(mask: Image.Image, to_mask: ToMask, k: float) -> None:
        draw = ImageDraw.Draw(mask)
        for polygon in polygons:
            draw.polygon(to_mask(polygon), fill=255)

    return draw_cells


def _cut_stripes(mask: Image.Image, keep: int, count: int, width: float) -> None:
    """Clear every diagonal stripe of `mask` except each `count`-th, starting at `keep`."""
    draw = ImageDraw.Draw(mask)
    height = mask.height
    band = 0
    x = -float(height)
    while x < mask.width:
        if band % count != keep:
            draw.polygon(
                [(x, height), (x + width, height), (x + width + height, 0), (x + height, 0)],
                fill=0,
            )
        x += width
        band += 1


def area_badges(
    layout: BoardLayout, view: TerraNova2006View, seats: Seats, language: str
) -> list[Badge]:
    """Each area's badge, in the view's order: a label on the area's most central cell with
    the winners' discs and their points; a highlighted frame when the last turn closed the
    area."""
    fresh = set(view.last_turn.areas if view.last_turn else [])
    return [
        area_badge(layout, area, seats, index in fresh, language)
        for index, area in enumerate(view.areas)
    ]


def area_badge(
    layout: BoardLayout,
    area: AreaView,
    seats: Seats,
    fresh: bool,
    language: str,
) -> Badge:
    """The badge of `area` (`fresh`: the last turn closed it)."""
    points = tuple(layout.centre(name) for name in area.cells)
    discs = tuple((seats.colours[seat], seats.labels[seat][:1]) for seat in area.winners)
    awarded = tuple(area.awarded[str(seat)] for seat in area.winners)
    return _badge(layout.radius, points, discs, awarded, fresh, language)


@lru_cache(maxsize=512)
def _badge(
    radius: float,
    points: tuple[Point, ...],
    discs: tuple[tuple[RGB, str], ...],
    awarded: tuple[int, ...],
    fresh: bool,
    language: str,
) -> Badge:
    """A badge on the most central of `points`, kept: a late board shows the same ten or more
    on every image, and a badge measures its text once (`Badge.box`)."""
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    centre = min(points, key=lambda p: (p[0] - mean_x) ** 2 + (p[1] - mean_y) ** 2)
    if not discs:
        text = say(msg("nobody"), language)
    elif len(discs) == 1:
        text = f"+{awarded[0]}"
    else:
        text = say(msg("+{points} each", points=min(awarded)), language)
    return Badge(radius, centre, discs, text, fresh)


@dataclass(frozen=True)
class SettledBadge:
    """A badge as a part of a board kept in `STONED`: its place in the view's order and the
    badge."""

    index: int
    badge: Badge


def settle(badges: Sequence[Badge]) -> tuple[list[SettledBadge], list[Badge]]:
    """The badges the kept board holds, and those drawn on each image: a badge that the last
    turn highlights changes with the next turn, so it is drawn on the image, and so is every
    later one, which must lie on top of it. The last turn's areas are the view's last ones,
    so in play the kept board holds every badge but theirs."""
    first = next((index for index, badge in enumerate(badges) if badge.fresh), len(badges))
    settled = [SettledBadge(index, badge) for index, badge in enumerate(badges[:first])]
    return settled, list(badges[first:])


def _overlap(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]


#: Part of a badge's pixels, where they go, and the mask of them (None: all of them).
PatchBand = tuple[Image.Image, tuple[int, int], Image.Image | None]

#: The radius of a winner's disc on a badge.
DISC = 11

#: Badges drawn before, as the pixels they cover: a late board shows ten or more.
BADGES: Recent[list[PatchBand] | None] = Recent(256)


@dataclass(frozen=True)
class Badge:
    """Everything an area's badge shows, and where."""

    radius: float
    centre: Point
    discs: tuple[tuple[RGB, str], ...]
    text: str
    fresh: bool

    def _size(self) -> tuple[float, float]:
        badge_font = font(round(self.radius * 0.6))
        width = badge_font.getlength(self.text) + 14 + len(self.discs) * (2 * DISC + 3)
        return width, self.radius * 0.6 + 12

    @cached_property
    def box(self) -> Box:
        """A box around every pixel the badge draws."""
        width, height = self._size()
        left, top = self.centre[0] - width / 2, self.centre[1] - height / 2
        return (
            math.floor(left) - 2,
            math.floor(top) - 2,
            math.ceil(left + width) + 3,
            math.ceil(top + height) + 3,
        )

    def paste(self, image: Image.Image, offset: tuple[int, int] = (0, 0)) -> None:
        """Put the badge on `image` (shifted by `offset`, even pixels): its pixels pasted as
        drawn before, or drawn when they depend on the ground — and a fresh badge always
        drawn: it is shown only until its turn is over (on three images at most), and a patch
        costs ten drawings or more."""
        patch = None if self.fresh else BADGES.get(self, self.patch)
        if patch is None:
            self.draw(image, offset)
            return
        for pixels, (x, y), mask in patch:
            image.paste(pixels, (x - offset[0], y - offset[1]), mask)

    def draw(self, image: Image.Image, offset: tuple[int, int] = (0, 0)) -> None:
        """Draw the badge, shifted by `offset`."""
        cx, cy = self.centre[0] - offset[0], self.centre[1] - offset[1]
        badge_font = font(round(self.radius * 0.6))
        disc = DISC
        width, height = self._size()
        left, top = cx - width / 2, cy - height / 2
        outline = HIGHLIGHT if self.fresh else INK
        ImageDraw.Draw(image).rounded_rectangle(
            (left, top, left + width, top + height),
            radius=7,
            fill=CASING,
            outline=outline,
            width=3 if self.fresh else 1,
        )
        x = left + 7
        for colour, label in self.discs:
            sprite = disc_sprite(disc, colour, INK, label, text_colour_on(colour), None, 13)
            paste_centred(image, sprite, (x + disc, cy))
            x += 2 * disc + 3
        ImageDraw.Draw(image).text((x, cy), self.text, font=badge_font, fill=INK, anchor="lm")

    def patch(self) -> list[PatchBand] | None:
        """The badge's pixels, where they go and the mask of them — the pixels that come out
        the same on a black and on a white ground — in bands of rows (`masked_bands`), or None
        if some pixel depends on what lies under the badge (then it is drawn on the board each
        time).

        The patch is drawn shifted by even whole pixels, which rounds every coordinate as
        on the board."""
        reach = round(self.radius * 0.6 + 12 + len(self.text) * self.radius + 80)
        left = int(self.centre[0]) - reach // 2
        top = int(self.centre[1]) - reach // 2
        left, top = left - left % 2, top - top % 2
        grounds = [Image.new("RGB", (reach, reach), ground) for ground in GROUNDS]
        for ground in grounds:
            self.draw(ground, (left, top))
        on_black, on_white = grounds
        same = _where(_brightest(ImageChops.difference(on_black, on_white)), 0)
        untouched = ImageChops.multiply(
            _where(_brightest(on_black), 0), _where(_darkest(on_white), 255)
        )
        if ImageChops.lighter(same, untouched).getextrema()[0] == 0:
            return None
        box = same.getbbox()
        if box is None or box[0] == 0 or box[1] == 0 or box[2] == reach or box[3] == reach:
            return None
        return masked_bands(on_black.crop(box), (left + box[0], top + box[1]), same.crop(box))


def masked_bands(
    pixels: Image.Image, corner: tuple[int, int], mask: Image.Image
) -> list[PatchBand]:
    """`pixels` with its `mask` (0 or 255) as bands of rows, the rows the mask covers wholly
    without a mask: pasted that way they are copied, several times faster than blended, and
    blending at 255 gives the same pixels (a badge's mask is open only at its rounded
    corners)."""
    width, height = mask.size
    whole = [mask.crop((0, y, width, y + 1)).getextrema()[0] == 255 for y in range(height)]
    bands: list[PatchBand] = []
    top = 0
    while top < height:
        bottom = top + 1
        while bottom < height and whole[bottom] == whole[top]:
            bottom += 1
        box = (0, top, width, bottom)
        band_mask = None if whole[top] else mask.crop(box)
        bands.append((pixels.crop(box), (corner[0], corner[1] + top), band_mask))
        top = bottom
    return bands


#: The two grounds a badge is drawn on to tell its own pixels from those it blends.
GROUNDS = ((0, 0, 0), (255, 255, 255))


def _brightest(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def _darkest(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.darker(ImageChops.darker(red, green), blue)


def _where(channel: Image.Image, level: int) -> Image.Image:
    """A mask of the pixels at exactly `level`."""
    return channel.point(lambda value: 255 if value == level else 0)


def draw_moves(
    image: Image.Image, layout: BoardLayout, moves: Sequence[LinkView], figure_radius: int
) -> None:
    """Each move of the last turn as an arrow from a mark at its start to the figure; the
    marks carry the moves' order when the turn had several."""
    numbered = len(moves) > 1
    mark_radius = 10 if numbered else round(layout.radius * 0.28)
    for move in moves:
        (x0, y0), (x1, y1) = layout.centre(move.start), layout.centre(move.end)
        length = math.hypot(x1 - x0, y1 - y0)
        if length == 0:
            continue
        start_cut = (mark_radius + 2) / length
        end_cut = (figure_radius + 3) / length
        start = (x0 + (x1 - x0) * start_cut, y0 + (y1 - y0) * start_cut)
        end = (x1 - (x1 - x0) * end_cut, y1 - (y1 - y0) * end_cut)
        draw_arrow(image, start, end, HIGHLIGHT, CASING, width=max(4.0, layout.radius * 0.18))
    for number, move in enumerate(moves, start=1):
        if numbered:
            mark = disc_sprite(mark_radius, CASING, HIGHLIGHT, str(number), HIGHLIGHT, None, 13)
        else:
            mark = ring_sprite(mark_radius, HIGHLIGHT, CASING, 3)
        paste_centred(image, mark, layout.centre(move.start))
