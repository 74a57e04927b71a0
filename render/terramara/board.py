"""The board's cached layer: everything that changes only when a round begins or a row is
turned — tiles and their spaces, the road with its bonus tiles, the tracks' scales and
milestones, the card slots' headings and the key. It is drawn once per
(player count, tiles, round, turned rows, fire and blockades), and shared by the images of that
stretch of the game."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from engine.core.messages import Message, chain, msg, term
from engine.games.terramara.board import END_SLOTS, POWER_ZONES, river_slots
from engine.games.terramara.content import HOME_TILES
from engine.games.terramara.view import (
    OutpostView,
    RoadNodeView,
    RowView,
    SpaceView,
    TerramaraView,
    TerritoryView,
)
from render.common import Box, mix
from render.palette import Palette
from render.recent import TABLE_IMAGES, Recent, image_bytes

from .canvas import Canvas
from .cards import draw_bonus
from .layout import (
    BOARD_LEFT,
    BOARD_RIGHT,
    MILITARY_CELLS,
    RIVER_CELLS,
    ROAD_LEFT,
    ROAD_RIGHT,
    SLOTS,
    TILE_HEADER,
    Layout,
)
from .palette import palette_for
from .pieces import Shape, token
from .style import (
    BACK,
    BLOCKADE,
    BODY,
    CARD,
    CARD_EDGE,
    FIRE,
    FIRE_DARK,
    FUTURE,
    HEAD,
    INK,
    LINE,
    MARGIN,
    MUTED,
    NEUTRAL,
    PAPER,
    ROAD,
    ROAD_EDGE,
    SMALL,
    SPECIAL,
    TERRAINS,
    TITLE,
    WATER,
    WATER_EDGE,
    WATER_MARK,
    WHITE,
    WIDTH,
    ZONES,
)
from .words import HOME_TITLES, home_effect, outpost_condition, special_condition


@dataclass(frozen=True)
class Layer:
    """The cached layer and the palette images drawn over it are reduced to."""

    image: Image.Image
    palette: Palette


#: The layers of the latest stretches of play (a few tables at once).
LAYERS: Recent[Layer] = Recent(8, weigh=lambda layer: image_bytes(layer.image), budget=TABLE_IMAGES)
#: Home space id → how its actions combine (`one` of them, or `both`).
_MERGE = {space.id: space.merge for tile in HOME_TILES.values() for space in tile.spaces}
MILESTONE_WORDS = {
    4: msg("may reserve a card"),
    8: msg("+1 scout"),
    12: msg("reserved card: 1 tile less"),
}
#: Under a space only one member may take.
SINGLE = msg("single")


def background_for(view: TerramaraView, layout: Layout, language: str) -> Layer:
    """The cached layer under `view`, worded in `language` (do not draw on it: copy it)."""

    def make() -> Layer:
        image = _draw_background(view, layout, language)
        return Layer(image, palette_for(image))

    return LAYERS.get((layout, language, *_key(view)), make)


def _space_key(space: SpaceView | None) -> tuple[object, ...]:
    if space is None:
        return ()
    return (
        space.id,
        space.effect,
        space.capacity,
        space.fire,
        space.blockade,
        space.future,
        space.condition,
    )


def _key(view: TerramaraView) -> tuple[object, ...]:
    rows = tuple(
        (
            row.left.id,
            row.right.id,
            row.left.turned,
            tuple(_space_key(s) for s in (*row.left.spaces, *row.right.spaces)),
            _space_key(row.crossroad),
            row.outpost.id if row.outpost else "",
            _space_key(row.special),
        )
        for row in view.rows
    )
    road = tuple(
        (node.id, node.bonus.id if node.bonus else "", node.revealed) for node in view.road
    )
    river = tuple((space, tuple(t.id for t in tiles)) for space, tiles in view.river.bonus.items())
    return (
        len(view.players),
        view.round,
        tuple(_space_key(s) for s in view.home),
        rows,
        road,
        river,
    )


def _draw_background(view: TerramaraView, layout: Layout, language: str) -> Image.Image:
    image = Image.new("RGB", (WIDTH, layout.height), PAPER)
    canvas = Canvas(image, language)
    canvas.text((MARGIN + 2, 10), "Terramara", TITLE, INK)
    _draw_key(canvas)
    _draw_road(canvas, view, layout)
    _draw_home(canvas, view, layout)
    for row in view.rows:
        _draw_row(canvas, row, layout)
    _draw_military_scale(canvas, view, layout)
    _draw_river_scale(canvas, view, layout)
    _draw_slot_headings(canvas, layout)
    _draw_legend(canvas, layout)
    return image


def _draw_key(canvas: Canvas) -> None:
    """What the shapes mean, top right: scout, chief, warrior, cart, canoe, banner."""
    x: float = BOARD_RIGHT
    key: list[tuple[Shape, Message]] = [
        ("disc", term("scout", "member")),
        ("square", term("chief", "member")),
        ("diamond", term("warrior", "member")),
        ("cart", msg("cart")),
        ("canoe", msg("canoe")),
        ("banner", msg("banner")),
    ]
    for shape, message in reversed(key):
        word = canvas.say(message)
        x -= canvas.width(word, SMALL)
        canvas.text((x, 22), word, SMALL, MUTED, anchor="lm")
        sprite = token(shape, 20, NEUTRAL, "")
        canvas.image.paste(sprite, (round(x - 28), 22 - 13), sprite)
        x -= 40


# -- the road ---------------------------------------------------------------------------------


def _draw_road(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    start, end = layout.start_box(), layout.end_box()
    middle = (start[0] + start[2]) / 2
    canvas.rect((round(middle) - 7, start[1] + 20, round(middle) + 7, end[1] + 20), fill=ROAD)
    nodes = {node.id: node for node in view.road}
    _node_box(canvas, start, "S", canvas.say(msg("start")))
    _node_box(canvas, end, "E", canvas.say(msg("end")))
    slots = " / ".join(str(vp) for vp in END_SLOTS)
    end_words = canvas.say(msg("carts at the end: {points} VP", points=slots))
    canvas.paragraph((ROAD_LEFT + 2, end[1] + 2), end_words, SMALL, MUTED, end[0] - ROAD_LEFT - 8)
    note = canvas.say(msg("Road: 1 rch = 1 step to the next C, or to B or O beside it"))
    canvas.paragraph((ROAD_LEFT + 2, end[3] + 6), note, SMALL, MUTED, ROAD_RIGHT - ROAD_LEFT - 4)
    for row in range(1, 7):
        bonus = nodes[f"B{row}"]
        box = layout.bonus_box(row)
        mid = (box[1] + box[3]) / 2
        canvas.line([(box[2], mid), (middle, mid)], ROAD, width=6)
        if bonus.bonus is not None:
            draw_bonus(canvas, box, bonus.bonus, f"B{row} {bonus.bonus.id}")
        outpost = nodes.get(f"O{row}")
        if outpost is not None:
            _outpost_node(canvas, layout.outpost_node(row), outpost, row)
        _node_box(canvas, layout.crossroad_node(row), f"C{row}", "")


def _node_box(canvas: Canvas, box: Box, label: str, words: str) -> None:
    canvas.rect(box, fill=mix(ROAD, WHITE, 0.55), outline=ROAD_EDGE, width=2, radius=6)
    canvas.text((box[0] + 6, box[1] + 3), label, BODY, INK)
    if words:
        canvas.text((box[0] + 6 + canvas.width(label, BODY) + 6, box[1] + 5), words, SMALL, MUTED)


def _outpost_node(canvas: Canvas, box: Box, node: RoadNodeView, row: int) -> None:
    if node.revealed:
        _node_box(canvas, box, f"O{row}", node.outpost or "")
        return
    canvas.rect(box, fill=PAPER, outline=CARD_EDGE, width=2, radius=6)
    canvas.text((box[0] + 6, box[1] + 3), f"O{row}", BODY, MUTED)
    after = canvas.say(msg("after round {round}", round=row))
    canvas.text((box[0] + 36, box[1] + 5), after, SMALL, MUTED)


# -- home and the round track -----------------------------------------------------------------


def _draw_home(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    boxes = layout.home_boxes(len(view.home))
    for space, box in zip(view.home, boxes, strict=True):
        left, top, right, bottom = box
        canvas.rect(box, fill=CARD, outline=CARD_EDGE, width=2, radius=6)
        actions = space.effect.split(" / ")
        joiner = " + " if _MERGE.get(space.id) == "both" else " / "
        title = joiner.join(canvas.say(HOME_TITLES[a]) for a in actions)
        y = canvas.paragraph((left + 6, top + 4), title, BODY, INK, right - left - 12, max_lines=2)
        effects = [home_effect(a) for a in actions]
        joined = chain(effects, "or" if joiner == " / " else "and")
        assert isinstance(joined, (Message, str))
        words = canvas.say(joined)
        y = canvas.paragraph((left + 6, y), words, SMALL, INK, right - left - 12, max_lines=2)
        if space.once_per_round:
            once = canvas.say(msg("once a round"))
            canvas.paragraph((left + 6, y), once, SMALL, MUTED, right - left - 12, 2)
        if space.capacity == 1:  # where territory spaces say it; a `used` stamp covers it
            canvas.text((left + 6, bottom - 4), canvas.say(SINGLE), SMALL, MUTED, anchor="ld")
    first = layout.round_boxes()[0]
    rounds = canvas.say(msg("Rounds, workers left"))
    canvas.text((first[0], layout.home_top + 2), rounds, SMALL, MUTED)
    for number, box in enumerate(layout.round_boxes(), start=1):
        current = number == view.round
        canvas.rect(
            box,
            fill=CARD if current else mix(CARD, PAPER, 0.6),
            outline=INK if current else CARD_EDGE,
            width=3 if current else 2,
            radius=6,
        )
        level = view.round_track.worker_levels[number - 1]
        canvas.text(
            ((box[0] + box[2]) / 2, box[1] + 14), str(number), HEAD, INK if current else MUTED, "mm"
        )
        canvas.text(((box[0] + box[2]) / 2, box[1] + 36), f"L{level}", SMALL, MUTED, "mm")


# -- the territory rows -----------------------------------------------------------------------


def _draw_row(canvas: Canvas, row: RowView, layout: Layout) -> None:
    for territory in (row.left, row.right):
        box = layout.tile_box(row.row, territory.column)
        if not territory.turned:
            special = row.special if territory.column == "right" else None
            _draw_territory(canvas, territory, row, special, layout)
        elif territory.column == "left" and row.outpost is not None:
            _draw_outpost(canvas, box, row.outpost, territory)
        elif row.crossroad is not None:
            _draw_crossroad(canvas, box, row.crossroad, territory, layout, row.row)


def _draw_territory(
    canvas: Canvas,
    territory: TerritoryView,
    row: RowView,
    special: SpaceView | None,
    layout: Layout,
) -> None:
    box = layout.tile_box(row.row, territory.column)
    future = bool(territory.spaces) and territory.spaces[0].future
    fill = TERRAINS[territory.terrain]
    canvas.rect(
        box,
        fill=mix(fill, PAPER, 0.35) if future else fill,
        outline=mix(fill, INK, 0.35),
        width=2,
        radius=7,
    )
    left, top, right, _ = box
    terrain = canvas.say(term(territory.terrain, "terrain"))
    title = canvas.text((left + 7, top + 3), f"{territory.id} {terrain}", BODY, INK)
    when = canvas.say(msg("round {round}", round=row.round))
    if future:
        when += " · " + canvas.say(msg("scouts only"))
    if special is not None:
        condition = special_condition(special.id)
        when = canvas.say(msg("{id} (last space): {condition}", id=special.id, condition=condition))
    room = right - left - title - 24
    canvas.fitted((right - 7, top + 5), when, SMALL, MUTED, room, anchor="ra")
    spaces = [*territory.spaces, *([special] if special else [])]
    boxes = layout.space_boxes(row.row, territory.column, len(spaces))
    for space, space_box in zip(spaces, boxes, strict=True):
        if space.kind == "special":
            _draw_space(canvas, space_box, "", space, SPECIAL)
        else:
            label = space.id.rsplit(" ", 1)[-1]
            _draw_space(canvas, space_box, label, space, FUTURE if future else CARD)


def _draw_space(
    canvas: Canvas, box: Box, label: str, space: SpaceView, fill: tuple[int, int, int]
) -> None:
    left, top, right, bottom = box
    canvas.rect(box, fill=fill, outline=CARD_EDGE, width=1, radius=5)
    label_width = canvas.text((left + 5, top + 1), label, BODY, INK) + 6 if label else 0
    effect = space.effect.removeprefix("single: ")
    width = right - left - 10 - label_width
    lines = 2 if label else 3  # a special space has no letter and room for a third line
    canvas.paragraph((left + 5 + label_width, top + 3), effect, SMALL, INK, width, max_lines=lines)
    if space.capacity == 1:
        canvas.text((left + 5, bottom - 4), canvas.say(SINGLE), SMALL, MUTED, anchor="ld")
    if space.fire:
        _draw_fire(canvas, box)


def _draw_fire(canvas: Canvas, box: Box) -> None:
    """Fire covers the space's lower part: flames and the word, so nobody goes there."""
    left, _, right, bottom = box
    band = (left + 2, bottom - 30, right - 2, bottom - 2)
    canvas.rect(band, fill=FIRE, radius=4)
    x = band[0] + 6
    while x < band[2] - 10:
        canvas.polygon([(x, band[3] - 3), (x + 5, band[1] + 5), (x + 10, band[3] - 3)], FIRE_DARK)
        x += 16
    middle = ((band[0] + band[2]) / 2, (band[1] + band[3]) / 2)
    fire = canvas.say(msg("FIRE"))
    width = canvas.width(fire, BODY)
    canvas.rect(
        (
            round(middle[0] - width / 2 - 5),
            band[1] + 4,
            round(middle[0] + width / 2 + 5),
            band[3] - 4,
        ),
        fill=WHITE,
        radius=3,
    )
    canvas.text(middle, fire, BODY, FIRE_DARK, anchor="mm")


def _draw_outpost(canvas: Canvas, box: Box, outpost: OutpostView, territory: TerritoryView) -> None:
    left, top, right, bottom = box
    canvas.rect(box, fill=BACK, outline=ROAD_EDGE, width=2, radius=7)
    canvas.text((left + 7, top + 3), canvas.say(msg("{id} outpost", id=outpost.id)), BODY, INK)
    node = canvas.say(msg("road node {node}", node=f"O{outpost.row}"))
    canvas.text((right - 7, top + 5), node, SMALL, MUTED, anchor="ra")
    vp = " / ".join(str(v) for v in outpost.vp)
    condition = canvas.say(outpost_condition(outpost.condition, outpost.thresholds))
    canvas.text((left + 7, top + TILE_HEADER + 4), condition, BODY, INK)
    banner = canvas.say(msg("with a banner: {points} VP at the end", points=vp))
    canvas.text((left + 7, top + TILE_HEADER + 27), banner, SMALL, MUTED)
    canvas.text((right - 7, bottom - 6), canvas.say(msg("banners")), SMALL, MUTED, anchor="rd")


def _draw_crossroad(
    canvas: Canvas, box: Box, space: SpaceView, territory: TerritoryView, layout: Layout, row: int
) -> None:
    left, top, right, _ = box
    canvas.rect(box, fill=BACK, outline=ROAD_EDGE, width=2, radius=7)
    canvas.text((left + 7, top + 3), canvas.say(msg("{id} crossroad", id=space.id)), BODY, INK)
    both = canvas.say(msg("both carts at {node} or beyond", node=f"C{row}"))
    canvas.text((right - 7, top + 5), both, SMALL, MUTED, anchor="ra")
    (inner,) = layout.space_boxes(row, "right", 1)
    _draw_space(canvas, inner, "", space, CARD)
    if space.blockade:
        blockade = canvas.say(msg("blockade: 1 member a round"))
        width = canvas.width(blockade, SMALL)
        at = (inner[2] - 8 - width, inner[3] - 28)
        canvas.rect(
            (round(at[0]) - 5, round(at[1]), inner[2] - 3, inner[3] - 4), fill=BLOCKADE, radius=4
        )
        canvas.text((at[0], at[1] + 3), blockade, SMALL, WHITE)


# -- tracks -----------------------------------------------------------------------------------


def _draw_military_scale(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    top = layout.military_top
    canvas.text((BOARD_LEFT, top + 2), canvas.say(msg("Military")), HEAD, INK)
    note = canvas.say(msg("power I 0-4 · II 5-9 · III 10-14 · IV 15-20 · beyond 20: 1 VP each"))
    canvas.text((BOARD_RIGHT, top + 6), note, SMALL, MUTED, anchor="ra")
    for value in range(MILITARY_CELLS):
        cell = layout.military_cell(value)
        zone = sum(1 for start in POWER_ZONES if value >= start) - 1
        canvas.rect(cell, fill=ZONES[zone], outline=mix(ZONES[zone], INK, 0.15))
        canvas.text(((cell[0] + cell[2]) / 2, cell[1] + 11), str(value), SMALL, INK, anchor="mm")


def _draw_river_scale(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    top = layout.river_top
    canvas.text((BOARD_LEFT, top + 2), canvas.say(msg("River")), HEAD, INK)
    milestones = set(MILESTONE_WORDS) | set(view.river.bonus)
    for space in range(RIVER_CELLS):
        cell = layout.river_cell(space)
        fill = WATER_MARK if space in milestones else WATER
        canvas.rect(cell, fill=fill, outline=WATER_EDGE)
        canvas.text(((cell[0] + cell[2]) / 2, cell[1] + 11), str(space), SMALL, INK, anchor="mm")
    canvas.text((ROAD_LEFT + 2, top + 2), canvas.say(msg("River milestones")), SMALL, MUTED)
    lines: list[tuple[str, str]] = []
    for space in sorted(milestones):
        tiles = view.river.bonus.get(space, [])
        if not tiles:
            lines.append((str(space), canvas.say(MILESTONE_WORDS[space])))
        for index, tile in enumerate(tiles):
            lines.append(("" if index else str(space), f"{tile.id}: {tile.text}"))
    lines.append(("15+", canvas.say(msg("1 VP per culture"))))
    y = top + 22
    for space_text, words in lines:
        canvas.text((ROAD_LEFT + 26, y), space_text, SMALL, INK, anchor="ra")
        canvas.text((ROAD_LEFT + 32, y), words, SMALL, INK)
        y += LINE


def _draw_slot_headings(canvas: Canvas, layout: Layout) -> None:
    for slot in range(1, SLOTS + 1):
        box = layout.slot_box(slot)
        needed = min(c for c in range(0, 15) if river_slots(c) >= slot)
        canvas.text((box[0] + 2, box[1] + 2), canvas.say(msg("slot {slot}", slot=slot)), BODY, INK)
        canvas.text((box[2] - 2, box[1] + 4), f"cul {needed}+", SMALL, MUTED, anchor="ra")


def _draw_legend(canvas: Canvas, layout: Layout) -> None:
    top = layout.legend_top + 4
    lines = (
        msg(
            "raw st wd or ca · processed ASH TIM MET LEA · raw? / PRC?: one of your choice · "
            "cvtN: turn up to N raw tiles"
        ),
        msg(
            "mil military · cul culture (river) · rch reach (road steps) · WAR2: 2 warriors · "
            "I once · P always · R once a round · E at the end"
        ),
        msg(
            "Artifacts: T tools (TIM) · W weapons (MET) · P pottery (ASH) · C clothing (LEA) · "
            "panels: VP so far, as if the game ended now"
        ),
    )
    for index, line in enumerate(lines):
        canvas.text((MARGIN + 2, top + index * 22), canvas.say(line), SMALL, MUTED)
