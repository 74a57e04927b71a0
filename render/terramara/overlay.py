"""What changes with every move, drawn over the cached board: members on their spaces (the
last placement ringed), used home spaces, carts on the road, banners on outposts, markers on
the military track, canoes on the river, workers left on the round track, the cards in the
river's slots and the deck."""

from __future__ import annotations

from PIL import Image

from engine.core.messages import msg
from engine.games.terramara.view import MemberView, SpaceView, TerramaraView
from render.common import Box, Point, paste_centred, ring_sprite

from .canvas import Canvas
from .cards import card_sprite
from .layout import BOARD_RIGHT, Layout
from .pieces import MEMBER_SIZE, TRACK_SIZE, Seats, token
from .style import BODY, CARD, CASING, HIGHLIGHT, INK, MUTED, NEUTRAL, SMALL, USED, WORKER

SLOT_HEADING = 26
CART_SIZE = 24


def space_boxes(view: TerramaraView, layout: Layout) -> dict[str, Box]:
    """Where each action space on the board is drawn (home, territory, special, crossroad)."""
    boxes = dict(zip((s.id for s in view.home), layout.home_boxes(len(view.home)), strict=True))
    for row in view.rows:
        for territory in (row.left, row.right):
            if territory.turned:
                continue
            spaces = [s.id for s in territory.spaces]
            if territory.column == "right" and row.special is not None:
                spaces.append(row.special.id)
            found = layout.space_boxes(row.row, territory.column, len(spaces))
            boxes.update(zip(spaces, found, strict=True))
        if row.crossroad is not None and row.right.turned:
            (boxes[row.crossroad.id],) = layout.space_boxes(row.row, "right", 1)
    return boxes


def member_centres(box: Box, count: int) -> list[Point]:
    """Where the members on a space stand: along its bottom, from the right."""
    _, _, right, bottom = box
    y = bottom - MEMBER_SIZE / 2 - 4
    return [(right - MEMBER_SIZE / 2 - 5 - i * (MEMBER_SIZE + 4), y) for i in range(count)]


def draw_overlay(
    image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats, language: str
) -> None:
    canvas = Canvas(image, language)
    boxes = space_boxes(view, layout)
    spaces = [*view.home]
    for row in view.rows:
        spaces += [*row.left.spaces, *row.right.spaces]
        spaces += [s for s in (row.special, row.crossroad) if s is not None]
    for space in view.home:
        if space.used_this_round:
            _used(canvas, boxes[space.id])
    for space in spaces:
        if space.id in boxes:
            _members(image, boxes[space.id], space, seats)
    _last(image, canvas, view, boxes, seats)
    _carts(image, view, layout, seats)
    _banners(image, view, layout, seats)
    _military(image, view, layout, seats)
    _canoes(image, view, layout, seats)
    _round_track(canvas, view, layout)
    _river(image, canvas, view, layout)


def _used(canvas: Canvas, box: Box) -> None:
    left, _, _, bottom = box
    canvas.rect((left + 4, bottom - 26, left + 64, bottom - 4), fill=USED, radius=4)
    canvas.text((left + 34, bottom - 15), canvas.say(msg("used")), SMALL, INK, anchor="mm")


def _members(image: Image.Image, box: Box, space: SpaceView, seats: Seats) -> None:
    for member, centre in zip(space.members, member_centres(box, len(space.members)), strict=True):
        paste_centred(image, seats.member(member), centre)


def _last(
    image: Image.Image, canvas: Canvas, view: TerramaraView, boxes: dict[str, Box], seats: Seats
) -> None:
    """Ring the member of the latest placement and outline its space."""
    last = view.last
    if last is None or last.space_id not in boxes:
        return
    box = boxes[last.space_id]
    canvas.rect(box, outline=HIGHLIGHT, width=3, radius=5)
    space = _space_of(view, last.space_id)
    if space is None:
        return
    wanted = MemberView(kind=last.member, seat=last.seat)
    centres = member_centres(box, len(space.members))
    for member, centre in zip(reversed(space.members), reversed(centres), strict=True):
        if member == wanted:
            paste_centred(image, ring_sprite(MEMBER_SIZE // 2 + 3, HIGHLIGHT, CASING, 3), centre)
            paste_centred(image, seats.member(member), centre)
            return


def _space_of(view: TerramaraView, key: str) -> SpaceView | None:
    for row in view.rows:
        spaces = [*view.home] if row.row == 1 else []
        spaces += [*row.left.spaces, *row.right.spaces]
        spaces += [s for s in (row.special, row.crossroad) if s is not None]
        for space in spaces:
            if space.id == key:
                return space
    return None


# -- the road ---------------------------------------------------------------------------------


def node_box(layout: Layout, node: str) -> Box:
    """The box the carts on road node `node` stand in."""
    if node == "S":
        return layout.start_box()
    if node == "E":
        return layout.end_box()
    row = int(node[1:])
    return {
        "B": layout.bonus_box,
        "O": layout.outpost_node,
        "C": layout.crossroad_node,
    }[node[0]](row)


def cart_centres(box: Box, node: str, count: int) -> list[Point]:
    """Carts in a node: in rows of up to four along its lower part (close up when crowded)."""
    left, top, right, bottom = box
    if node[0] in "CO":  # a slim node: one row to the right of its label
        start, end = left + 46, right - CART_SIZE / 2 - 4
        step = min(CART_SIZE + 3, (end - start) / max(1, count - 1)) if count > 1 else 0
        y = (top + bottom) / 2 + 1
        return [(start + i * step, y) for i in range(count)]
    per_row = 4 if node in ("S", "E") else 3
    centres = []
    for i in range(count):
        line, column = divmod(i, per_row)
        x = left + 6 + CART_SIZE / 2 + column * (CART_SIZE + 4)
        y = bottom - 6 - CART_SIZE / 2 - line * (CART_SIZE + 3)
        centres.append((x, y))
    return centres


def _carts(image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats) -> None:
    for node in view.road:
        if not node.carts:
            continue
        box = node_box(layout, node.id)
        for seat, centre in zip(
            node.carts, cart_centres(box, node.id, len(node.carts)), strict=True
        ):
            paste_centred(image, seats.piece("cart", seat, CART_SIZE), centre)


def _banners(image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats) -> None:
    for row in view.rows:
        if row.outpost is None or not row.left.turned:
            continue
        _, _, right, bottom = layout.tile_box(row.row, "left")
        for index, seat in enumerate(row.outpost.banners):
            centre = (right - 90 - index * (TRACK_SIZE + 6), bottom - 18)
            paste_centred(image, seats.piece("banner", seat), centre)


# -- tracks -----------------------------------------------------------------------------------


def military_lanes(view: TerramaraView) -> list[tuple[str, int, int | None]]:
    """Each lane of the military track: (label, value, seat or None for a neutral)."""
    lanes: list[tuple[str, int, int | None]] = [
        (p.name, min(p.military, view.military.end), p.seat) for p in view.players
    ]
    for index, neutral in enumerate(view.military.neutrals):
        lanes.append((f"N{'AB'[index]}", min(neutral.military, view.military.end), None))
    return lanes


def _military(image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats) -> None:
    for lane, (label, value, seat) in enumerate(military_lanes(view)):
        cell = layout.military_cell(value)
        centre = ((cell[0] + cell[2]) / 2, layout.military_lane(lane))
        sprite = (
            token("disc", TRACK_SIZE, NEUTRAL, label) if seat is None else seats.piece("disc", seat)
        )
        paste_centred(image, sprite, centre)


def _canoes(image: Image.Image, view: TerramaraView, layout: Layout, seats: Seats) -> None:
    for seat, culture in enumerate(view.river.canoes):
        cell = layout.river_cell(min(culture, view.river.end))
        centre = ((cell[0] + cell[2]) / 2, layout.river_lane(seat))
        paste_centred(image, seats.piece("canoe", seat, TRACK_SIZE + 4), centre)


def _round_track(canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    for number, box in enumerate(layout.round_boxes(), start=1):
        if number < view.round:
            continue
        left = view.round_track.workers_left[number - 1]
        middle = (box[0] + box[2]) / 2
        for index in range(left):
            x = middle - left * 9 + index * 18 + 1
            canvas.rect(
                (round(x), box[3] - 30, round(x) + 16, box[3] - 8),
                fill=WORKER,
                outline=INK,
                radius=3,
            )


def _river(image: Image.Image, canvas: Canvas, view: TerramaraView, layout: Layout) -> None:
    for slot in view.river.slots:
        box = layout.slot_box(slot.slot)
        card_box = (box[0], box[1] + SLOT_HEADING, box[2], box[3])
        if slot.card is None:
            canvas.rect(card_box, fill=CARD, outline=USED, width=2, radius=6)
            middle = ((box[0] + box[2]) / 2, card_box[1] + 40)
            canvas.text(middle, canvas.say(msg("empty")), BODY, MUTED, "mm")
            continue
        sprite = card_sprite(slot.card, box[2] - box[0], box[3] - card_box[1], canvas.language)
        image.paste(sprite, (box[0], card_box[1]))
    deck = " · ".join(
        canvas.say(msg("level {level}: {count}", level=level, count=count))
        for level, count in sorted(view.river.deck.items())
    )
    words = canvas.say(msg("cards in the deck: {deck}", deck=deck))
    canvas.text((BOARD_RIGHT, layout.river_top + 6), words, SMALL, MUTED, "ra")
