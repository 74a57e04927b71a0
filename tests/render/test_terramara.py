"""The Terramara board image: stable bytes, a small valid PNG, text legible at Discord's preview
width, and every part of the view drawn where the layout puts it — checked on the pixels that
show it, against the same view without it."""

from __future__ import annotations

import copy
import io
import json
from typing import Any

import pytest
from PIL import Image

from engine.core.i18n import word
from engine.games.terramara.board import POWER_ZONES
from engine.games.terramara.content import ARTIFACTS
from engine.games.terramara.effects import ABILITIES, SIMPLE_STEPS
from render import render_png
from render.terramara import canvas as canvas_module
from render.terramara.cards import BAND
from render.terramara.layout import BOARD_RIGHT, MARGIN
from render.terramara.overlay import (
    CART_SIZE,
    SLOT_HEADING,
    cart_centres,
    member_centres,
    military_lanes,
    node_box,
    space_boxes,
)
from render.terramara.pieces import MEMBER_SIZE, TRACK_SIZE, Seats, label_size, token
from render.terramara.style import (
    BACK,
    BLOCKADE,
    CATEGORIES,
    FIRE,
    HIGHLIGHT,
    MIN_TEXT,
    NEUTRAL,
    PREVIEW_WIDTH,
    TERRAINS,
    USED,
    WIDTH,
)
from render.terramara.words import ABILITY_PHRASES, STEP_PHRASES, card_lines
from tests.render.terramara_scenes import (
    GAME,
    SEAT_COLOURS,
    View,
    around,
    border,
    count_near,
    draw,
    edited,
    first,
    layout,
    typed,
)
from tests.support.text_sizes import clear_render_caches

MAX_PNG_BYTES = 500_000
#: The smallest text a phone shows at the preview width, in its pixels.
LEGIBLE_PX = 8


@pytest.fixture(scope="module")
def busy() -> View:
    """Round 3 of a 4-player advanced game: members out, carts moving, cards crafted; the last
    placement is one of this round on the board (not in a hut, not on a row turned since)."""
    return first(
        lambda s: (
            s.phase == "play"
            and s.round == 3
            and s.step == "before"
            and any(p.placed_round for p in s.seats)
            and not s.last.endswith(" hut")
            and sum(len(p.artifacts) for p in s.seats) >= 3
        )
    )


@pytest.fixture(scope="module")
def two_players() -> View:
    """A 2-player game in round 2: neutral scouts, fire, a blockade on row 1's crossroad."""
    return first(lambda s: s.phase == "play" and s.round == 2 and bool(s.spaces), players=2)


@pytest.fixture(scope="module")
def draft() -> View:
    return first(lambda s: s.phase == "draft", players=3)


@pytest.fixture(scope="module")
def final() -> View:
    return first(lambda s: s.phase == "over", players=3, first_game=True)


def test_the_same_view_gives_the_same_bytes(busy: View) -> None:
    image = render_png(GAME, busy)
    assert render_png(GAME, json.loads(json.dumps(busy))) == image
    assert render_png(GAME, copy.deepcopy(busy)) == image
    assert render_png(GAME, typed(busy)) == image


@pytest.mark.parametrize("scene", ["busy", "two_players", "draft", "final"])
def test_every_image_is_a_small_palette_png_as_wide_as_designed(
    scene: str, request: pytest.FixtureRequest
) -> None:
    view = request.getfixturevalue(scene)
    png = render_png(GAME, view)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    assert image.size == (WIDTH, layout(view).height)
    assert len(png) <= MAX_PNG_BYTES


def test_the_smallest_text_stays_legible_at_discords_preview_width(
    busy: View, draft: View, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every text drawn (board, cards, panels, draft) is at least MIN_TEXT px, which a phone
    showing the image 520 px wide shows at 8 px or more; piece labels too."""
    sizes: list[int] = []
    original = canvas_module.Canvas.text

    def recording(self: Any, at: Any, text: str, size: int, *args: Any, **kwargs: Any) -> float:
        sizes.append(size)
        return float(original(self, at, text, size, *args, **kwargs))

    monkeypatch.setattr(canvas_module.Canvas, "text", recording)
    clear_render_caches()  # every layer, panel and card is drawn afresh
    for view in (busy, draft):
        render_png(GAME, view)
    assert sizes and min(sizes) >= MIN_TEXT
    assert MIN_TEXT * PREVIEW_WIDTH / WIDTH >= LEGIBLE_PX
    for shape in ("disc", "square", "diamond", "cart", "canoe", "banner"):
        for size in (MEMBER_SIZE, TRACK_SIZE, CART_SIZE):
            assert label_size(shape, size, "Ab") >= MIN_TEXT  # type: ignore[arg-type]


def test_each_member_stands_on_its_space_in_its_colour(busy: View) -> None:
    view = typed(busy)
    boxes = space_boxes(view, layout(busy))
    image = draw(busy)
    spaces = [s for s in _spaces(view) if s.members and s.id in boxes]
    assert len(spaces) >= 4
    for space in spaces:
        without = draw(edited(busy, lambda v, key=space.id: _clear_members(v, key)))
        centres = member_centres(boxes[space.id], len(space.members))
        for member, centre in zip(space.members, centres, strict=True):
            colour = NEUTRAL if member.seat is None else SEAT_COLOURS[member.seat]
            spot = around(centre, MEMBER_SIZE // 4)
            assert count_near(image, spot, colour) > 40, (space.id, member)
            assert count_near(without, spot, colour) < 5, (space.id, member)


def test_chief_scout_and_warrior_differ_in_shape_not_only_in_colour() -> None:
    colour = SEAT_COLOURS[0]
    masks = [
        token(shape, MEMBER_SIZE, colour, "A").getchannel("A")
        for shape in ("disc", "square", "diamond")
    ]
    for a, b in ((0, 1), (0, 2), (1, 2)):
        assert masks[a].tobytes() != masks[b].tobytes()
    labels = Seats.of(typed(first(lambda s: True)).players).labels
    assert len(set(labels)) == len(labels)


def test_the_last_placement_is_outlined_and_nothing_else(busy: View) -> None:
    view = typed(busy)
    assert view.last is not None
    boxes = space_boxes(view, layout(busy))
    image = draw(busy)
    unmarked = draw(edited(busy, lambda v: v.update(last=None)))
    box = boxes[view.last.space_id]
    marked = sum(count_near(image, strip, HIGHLIGHT) for strip in border(box))
    assert marked > (box[2] - box[0]) * 2
    assert sum(count_near(unmarked, strip, HIGHLIGHT) for strip in border(box)) == 0
    other = next(b for key, b in boxes.items() if key != view.last.space_id)
    assert sum(count_near(image, strip, HIGHLIGHT) for strip in border(other)) == 0


def test_carts_stand_on_their_road_nodes(busy: View) -> None:
    view = typed(busy)
    lay = layout(busy)
    image = draw(busy)
    empty = draw(edited(busy, lambda v: [node.update(carts=[]) for node in v["road"]]))
    moved = [node for node in view.road if node.carts and node.id != "S"]
    assert moved
    for node in moved:
        centres = cart_centres(node_box(lay, node.id), node.id, len(node.carts))
        for seat, centre in zip(node.carts, centres, strict=True):
            spot = around(centre, 5)
            assert count_near(image, spot, SEAT_COLOURS[seat]) > 20, (node.id, seat)
            assert count_near(empty, spot, SEAT_COLOURS[seat]) == 0, (node.id, seat)


def test_military_markers_and_canoes_sit_at_their_values(busy: View) -> None:
    lay = layout(busy)
    view = typed(busy)
    image = draw(busy)
    for lane, (_, value, seat) in enumerate(military_lanes(view)):
        assert seat is not None
        spot = around(_middle(lay.military_cell(value), lay.military_lane(lane)), 8)
        assert count_near(image, spot, SEAT_COLOURS[seat]) > 60, (seat, value)
    target = 0 if view.players[0].military else POWER_ZONES[3]
    moved = draw(edited(busy, lambda v: v["players"][0].update(military=target)))
    spot = around(_middle(lay.military_cell(target), lay.military_lane(0)), 8)
    assert count_near(moved, spot, SEAT_COLOURS[0]) > 60
    assert count_near(image, spot, SEAT_COLOURS[0]) == 0
    for seat, culture in enumerate(view.river.canoes):
        cell = lay.river_cell(min(culture, view.river.end))
        spot = around(_middle(cell, lay.river_lane(seat)), 8)
        assert count_near(image, spot, SEAT_COLOURS[seat]) > 40, (seat, culture)


def test_each_river_card_shows_its_categorys_band_and_an_empty_slot_none(busy: View) -> None:
    view = typed(busy)
    lay = layout(busy)
    image = draw(busy)
    emptied = draw(edited(busy, lambda v: v["river"]["slots"][0].update(card=None)))
    for slot in view.river.slots:
        assert slot.card is not None
        box = lay.slot_box(slot.slot)
        band = (box[0] + 4, box[1] + SLOT_HEADING + 6, box[2] - 4, box[1] + SLOT_HEADING + BAND - 4)
        colour = CATEGORIES[slot.card.category]
        assert count_near(image, band, colour, 10) > (band[2] - band[0]) * 4, slot.slot
    box = lay.slot_box(1)
    band = (box[0] + 4, box[1] + SLOT_HEADING + 6, box[2] - 4, box[1] + SLOT_HEADING + BAND - 4)
    assert count_near(emptied, band, CATEGORIES[view.river.slots[0].card.category], 10) == 0


def test_every_card_effect_reads_in_words_not_keywords() -> None:
    """The abilities' keywords (`crossroad-cvt 1`) never reach a card, in any language: each has
    a phrase."""
    assert set(ABILITY_PHRASES) == set(ABILITIES)
    assert set(SIMPLE_STEPS) - {"recruit"} <= set(STEP_PHRASES)
    for card in ARTIFACTS.values():
        for line in card_lines(card.text, card.category):
            for shown in (word(line, "en"), word(line, "de")):
                assert not any(keyword in shown for keyword in ABILITIES if "-" in keyword), shown


def test_turned_rows_show_their_backs_and_fire_burns_only_where_it_is(two_players: View) -> None:
    view = typed(two_players)
    lay = layout(two_players)
    image = draw(two_players)
    boxes = space_boxes(view, lay)
    turned, face_up = view.rows[0], view.rows[1]
    assert turned.left.turned and not face_up.left.turned
    back = lay.tile_box(1, "left")
    assert count_near(image, back, BACK, 4) > (back[2] - back[0]) * 30
    tile = lay.tile_box(2, "left")
    terrain = TERRAINS[face_up.left.terrain]
    assert count_near(image, tile, terrain, 4) > 500
    fires = [s for s in _spaces(view) if s.fire]
    assert fires
    for space in _spaces(view):
        if space.id in boxes:
            burning = count_near(image, boxes[space.id], FIRE, 10)
            assert (burning > 200) == space.fire, space.id


def test_a_blockade_is_drawn_on_its_crossroad_space(two_players: View) -> None:
    view = typed(two_players)
    crossroad = view.rows[0].crossroad
    assert crossroad is not None and crossroad.blockade
    box = space_boxes(view, layout(two_players))[crossroad.id]
    lifted = edited(two_players, lambda v: v["rows"][0]["crossroad"].update(blockade=False))
    assert count_near(draw(two_players), box, BLOCKADE, 6) > 300
    assert count_near(draw(lifted), box, BLOCKADE, 6) < 40  # only text edges


def test_a_used_home_space_says_so(busy: View) -> None:
    view = typed(busy)
    box = space_boxes(view, layout(busy))[view.home[0].id]
    used = edited(busy, lambda v: v["home"][0].update(used_this_round=True))
    unused = edited(busy, lambda v: v["home"][0].update(used_this_round=False))
    assert count_near(draw(used), box, USED, 6) > 300
    assert count_near(draw(unused), box, USED, 6) < 40  # only text edges


def test_only_the_panels_of_players_to_act_are_highlighted(busy: View) -> None:
    view = typed(busy)
    lay = layout(busy)
    image = draw(busy)
    assert view.to_act
    for player in view.players:
        box = lay.panel_box(player.seat)
        strip = (box[0] + 20, box[3] - 3, box[2] - 20, box[3] - 1)
        lit = count_near(image, strip, HIGHLIGHT) > (strip[2] - strip[0])
        assert lit == (player.seat in view.to_act), player.name


def test_the_draft_offer_is_drawn_only_during_the_draft(draft: View, busy: View) -> None:
    lay = layout(draft)
    assert lay.draft_lines >= 1 + 2 * len(draft["players"])
    offer = (MARGIN, lay.draft_top, BOARD_RIGHT, lay.draft_top + 4)
    assert count_near(draw(draft), offer, HIGHLIGHT) > 300
    assert layout(busy).draft_lines == 0


def _middle(cell: tuple[int, int, int, int], y: float) -> tuple[float, float]:
    return ((cell[0] + cell[2]) / 2, y)


def _spaces(view: Any) -> list[Any]:
    found = [*view.home]
    for row in view.rows:
        found += [*row.left.spaces, *row.right.spaces]
        found += [s for s in (row.special, row.crossroad) if s is not None]
    return found


def _clear_members(view: View, key: str) -> None:
    for space in _all_space_dicts(view):
        if space["id"] == key:
            space["members"] = []


def _all_space_dicts(view: View) -> list[dict[str, Any]]:
    found = list(view["home"])
    for row in view["rows"]:
        found += row["left"]["spaces"] + row["right"]["spaces"]
        found += [row[k] for k in ("special", "crossroad") if row[k] is not None]
    return found
