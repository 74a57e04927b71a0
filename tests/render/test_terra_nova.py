"""The Terra Nova image: stable bytes, a small valid PNG on both board sides, and what the view
says drawn where it belongs — buildings, bridges, towns, the current round, used power
actions and each faction's money."""

from __future__ import annotations

import copy
import io
import json
import math
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import render_png
from render.terra_nova import image_of
from render.terra_nova.layout import card_box, strip_box, tile_boxes
from render.terra_nova.style import (
    CROSS,
    FACTION_COLOURS,
    HEIGHT,
    NOW,
    TOWN,
    WIDTH,
    glyph_ink,
)
from tests.render.terra_nova_scenes import (
    GAME,
    Moment,
    View,
    around,
    count_near,
    draw,
    first,
    layout_of,
    play,
    view_of,
)

MAX_PNG_BYTES = 500_000


def buildings(moment: Moment) -> int:
    return sum(1 for owner in moment.state.owner if owner >= 0)


@pytest.fixture(scope="module")
def games() -> dict[int, list[Moment]]:
    """Whole seeded games of 2, 3 and 4 players on the standard side."""
    return {players: list(play(players, 3)) for players in (2, 3, 4)}


@pytest.fixture(scope="module")
def busy(games: dict[int, list[Moment]]) -> View:
    """The 4-player moment with the most buildings before the game ended."""
    playing = [m for m in games[4] if m.state.phase == "actions"]
    return view_of(max(playing, key=buildings).state)


@pytest.fixture(scope="module")
def duo() -> View:
    """The end of a 2-player game on the 2-player side (Lucky Digger variant)."""
    return view_of(list(play(2, 5, {"variant": "lucky-digger"}))[-1].state)


def scenes(games: dict[int, list[Moment]], duo: View) -> list[View]:
    views = [view_of(moments[-1].state) for moments in games.values()]
    views += [view_of(moments[0].state) for moments in games.values()]
    return [*views, duo]


def test_the_same_view_gives_the_same_bytes(busy: View) -> None:
    first_png = render_png(GAME, busy)
    assert render_png(GAME, json.loads(json.dumps(busy))) == first_png
    assert render_png(GAME, copy.deepcopy(busy)) == first_png


def test_every_image_is_a_small_valid_palette_png(
    games: dict[int, list[Moment]], duo: View
) -> None:
    for view in scenes(games, duo):
        png = render_png(GAME, view)
        assert len(png) <= MAX_PNG_BYTES
        Image.open(io.BytesIO(png)).verify()
        image = Image.open(io.BytesIO(png))
        assert (image.format, image.mode, image.size) == ("PNG", "P", (WIDTH, HEIGHT))


def test_both_board_sides_are_drawn_with_their_own_map(
    games: dict[int, list[Moment]], duo: View
) -> None:
    standard = view_of(games[2][-1].state)
    assert (standard["side"], duo["side"]) == ("standard", "duo")
    assert len(standard["hexes"]) != len(duo["hexes"])
    assert layout_of(standard).centres != layout_of(duo).centres
    layout = layout_of(duo)
    neutral = [h for h in duo["hexes"] if "neutral" in h]
    assert neutral
    without = copy.deepcopy(duo)
    for entry in without["hexes"]:
        if "neutral" in entry:
            del entry["neutral"], entry["building"]
    with_houses, bare = image_of(duo), image_of(without)
    for entry in neutral:
        box = around(layout, entry["name"], 0.6)
        assert ImageChops.difference(with_houses.crop(box), bare.crop(box)).getbbox()


def test_a_building_is_drawn_at_its_hex_in_its_factions_colour(busy: View) -> None:
    layout = layout_of(busy)
    image = draw(busy)
    built = [h for h in busy["hexes"] if "seat" in h]
    assert built
    for entry in built:
        colour = FACTION_COLOURS[busy["players"][entry["seat"]]["colour"]]
        assert count_near(image, around(layout, entry["name"], 0.6), colour) > 120, entry
    cleared = copy.deepcopy(busy)
    for entry in cleared["hexes"]:
        entry.pop("building", None)
        entry.pop("seat", None)
    cleared["bridges"], cleared["towns"] = [], []
    empty = draw(cleared)
    for entry in built:
        colour = FACTION_COLOURS[busy["players"][entry["seat"]]["colour"]]
        assert count_near(empty, around(layout, entry["name"], 0.6), colour) < 10, entry


def test_the_three_building_types_have_different_shapes(busy: View) -> None:
    layout = layout_of(busy)
    entry = next(h for h in busy["hexes"] if "seat" in h)
    colour = FACTION_COLOURS[busy["players"][entry["seat"]]["colour"]]
    covered: dict[str, int] = {}
    masks: dict[str, Image.Image] = {}
    for kind in ("house", "trading post", "palace"):
        view = copy.deepcopy(busy)
        next(h for h in view["hexes"] if h["name"] == entry["name"])["building"] = kind
        crop = draw(view).crop(around(layout, entry["name"]))
        covered[kind] = count_near(crop, (0, 0, *crop.size), colour)
        masks[kind] = crop
    assert covered["house"] < covered["trading post"] < covered["palace"]
    assert ImageChops.difference(masks["house"], masks["palace"]).getbbox() is not None


def test_a_bridge_is_drawn_across_the_river_in_its_owners_colour_with_its_glyph() -> None:
    moment = first(lambda m: bool(m.state.bridges))
    view = view_of(moment.state)
    layout = layout_of(view)
    bridge = view["bridges"][0]
    (x0, y0), (x1, y1) = layout.centre(bridge["from"]), layout.centre(bridge["to"])
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    length = math.hypot(x1 - x0, y1 - y0)
    # beside the glyph in the middle, still over the river hex
    bx = round(mx + (x1 - x0) / length * layout.radius * 0.45)
    by = round(my + (y1 - y0) / length * layout.radius * 0.45)
    plank = (bx - 3, by - 3, bx + 3, by + 3)
    middle = (round(mx) - 3, round(my) - 3, round(mx) + 3, round(my) + 3)
    colour = FACTION_COLOURS[view["players"][bridge["seat"]]["colour"]]
    ink = glyph_ink(colour)
    with_bridge, without = draw(view), draw({**view, "bridges": view["bridges"][1:]})
    assert count_near(with_bridge, plank, colour) > 15
    assert count_near(without, plank, colour) == 0
    assert count_near(with_bridge, middle, ink, tolerance=16) > 10
    assert count_near(without, middle, ink, tolerance=16) == 0


def test_a_town_is_outlined(busy: View) -> None:
    layout = layout_of(busy)
    seat_hexes = [h["name"] for h in busy["hexes"] if h.get("seat") == 0]
    view = {**busy, "towns": [{"seat": 0, "tile": "9vp", "hexes": seat_hexes}]}
    boxes = [around(layout, name, 1.0) for name in seat_hexes]
    with_town, without = draw(view), draw({**busy, "towns": []})
    assert sum(count_near(with_town, box, TOWN) for box in boxes) > 100 * len(boxes)
    assert sum(count_near(without, box, TOWN) for box in boxes) == 0


def test_a_sea_dogs_town_across_the_river_takes_in_its_river_hex(busy: View) -> None:
    """The outline runs round the river hex D4 (its tile's place), not along the banks."""
    layout = layout_of(busy)
    town = {"seat": 0, "tile": "9vp", "hexes": ["C4", "E3", "E4", "F3"], "river": "D4"}
    across, plain = (
        draw({**busy, "towns": [town]}),
        draw({**busy, "towns": [{**town, "river": None}]}),
    )

    def edge(other: str) -> tuple[int, int, int, int]:
        (x0, y0), (x1, y1) = layout.centre("D4"), layout.centre(other)
        x, y = round((x0 + x1) / 2), round((y0 + y1) / 2)
        return (x - 5, y - 5, x + 5, y + 5)

    for outer in ("D3", "D5"):  # river and land beside D4, outside the town
        assert count_near(across, edge(outer), TOWN) > 15, outer
        assert count_near(plain, edge(outer), TOWN) == 0, outer
    for bank in ("C4", "E4"):  # the banks' edges facing D4 lie inside the town now
        assert count_near(across, edge(bank), TOWN) == 0, bank
        assert count_near(plain, edge(bank), TOWN) > 15, bank


def test_a_used_power_action_is_crossed_out() -> None:
    moment = first(lambda m: bool(m.state.power_used))
    view = view_of(moment.state)
    actions = view["power_actions"]
    assert any(action["used"] for action in actions)
    boxes = tile_boxes(strip_box(1), len(actions), 176)
    image = draw(view)
    for action, box in zip(actions, boxes, strict=True):
        crossed = count_near(image, box, CROSS)
        if action["used"]:
            assert crossed > 200, action["key"]
        else:
            assert crossed == 0, action["key"]
    fresh = copy.deepcopy(view)
    for action in fresh["power_actions"]:
        action["used"] = False
    fresh_image = draw(fresh)
    assert all(count_near(fresh_image, box, CROSS) == 0 for box in boxes)


def test_the_current_round_tile_is_marked(games: dict[int, list[Moment]]) -> None:
    rounds = {m.state.round: view_of(m.state) for m in games[3] if m.state.phase == "actions"}
    assert len(rounds) >= 2
    boxes = tile_boxes(strip_box(0), 5, 176)
    for number, view in rounds.items():
        image = draw(view)
        for index, box in enumerate(boxes, start=1):
            marked = count_near(image, box, NOW)
            if index == number:
                assert marked > 300, (number, index)
            else:
                assert marked == 0, (number, index)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_factions_money_is_shown_on_its_card(
    players: int, games: dict[int, list[Moment]]
) -> None:
    view = view_of(games[players][-1].state)
    image = image_of(view)
    for seat in range(players):
        richer = copy.deepcopy(view)
        richer["players"][seat]["money"] += 7
        assert render_png(GAME, richer) != render_png(GAME, view)
        changed = ImageChops.difference(image, image_of(richer)).getbbox()
        assert changed is not None
        left, top, right, bottom = card_box(seat, players)
        assert left <= changed[0] and changed[2] <= right
        assert top <= changed[1] and changed[3] <= bottom


def test_hexes_for_neutral_houses_are_ringed_while_they_are_set() -> None:
    setting = next(play(2, 4, {"variant": "planner"}))
    view = {**view_of(setting.state), "last_turn": None}  # its marks are tested on their own
    assert view["phase"] == "neutral"
    layout = layout_of(view)
    image = draw(view)
    free = [h["name"] for h in view["hexes"] if h["terrain"] != "river" and "building" not in h]
    marked = [h["name"] for h in view["hexes"] if h["marked"] and h["name"] in free]
    plain = [name for name in free if name not in marked]
    assert marked and plain
    assert all(count_near(image, around(layout, name), NOW) > 40 for name in marked)
    assert all(count_near(image, around(layout, name), NOW) == 0 for name in plain)
    later = draw({**view, "phase": "actions"})
    assert all(count_near(later, around(layout, name), NOW) == 0 for name in marked)


def test_the_last_turn_is_marked_on_its_hexes_its_bridges_and_its_card() -> None:
    moment = first(lambda m: bool(m.state.last_turn and m.state.last_turn.hexes))
    view = view_of(moment.state)
    last = view["last_turn"]
    layout = layout_of(view)
    image, unmarked = draw(view), draw({**view, "last_turn": None})
    for name in last["hexes"]:
        assert count_near(image, around(layout, name, 1.0), NOW) > 80, name
        assert count_near(unmarked, around(layout, name, 1.0), NOW) == 0, name
    others = [h["name"] for h in view["hexes"] if h["name"] not in last["hexes"]]
    near_marks = {n for name in last["hexes"] for n in others if _touching(layout, name, n)}
    assert all(
        count_near(image, around(layout, name, 0.6), NOW) == 0
        for name in others
        if name not in near_marks
    )
    for seat in range(len(view["players"])):
        card = card_box(seat, len(view["players"]))
        marked_card = count_near(image, card, NOW) - count_near(unmarked, card, NOW)
        assert (marked_card > 40) == (seat == last["seat"]), seat


def test_a_bridge_built_in_the_last_turn_is_cased_in_the_highlight_colour() -> None:
    moment = first(lambda m: bool(m.state.last_turn and m.state.last_turn.bridges))
    view = view_of(moment.state)
    bridge = view["last_turn"]["bridges"][0]
    layout = layout_of(view)
    (x0, y0), (x1, y1) = layout.centre(bridge["from"]), layout.centre(bridge["to"])
    middle = (round((x0 + x1) / 2), round((y0 + y1) / 2))
    box = (middle[0] - 14, middle[1] - 14, middle[0] + 14, middle[1] + 14)
    assert count_near(draw(view), box, NOW) > 20
    assert count_near(draw({**view, "last_turn": None}), box, NOW) == 0


def _touching(layout: Any, a: str, b: str) -> bool:
    (xa, ya), (xb, yb) = layout.centre(a), layout.centre(b)
    return math.hypot(xa - xb, ya - yb) < 2 * layout.radius
