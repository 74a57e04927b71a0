"""The Tiny Towns image: stable bytes, a small valid PNG, every town and the offer drawn,
who is still to act, and a private image that adds the viewer's monument and nothing else."""

from __future__ import annotations

import copy
import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import render_png
from render.common import RGB, Box
from render.tiny_towns import image_of
from render.tiny_towns.cards import Palette, palette_of, resource_of
from render.tiny_towns.layers import OFFER_CARD
from render.tiny_towns.layout import HEADER_BOTTOM, PRIVATE_HEIGHT, Layout, TownPanel, layout_for
from render.tiny_towns.style import (
    CARD_EDGE,
    DONE,
    FED_FILL,
    HAMMER_HEAD,
    HIGHLIGHT,
    MONUMENT_TRIM,
    TILE,
    building_fill,
)
from tests.render.tiny_towns_scenes import GAME, Moment, View, draw, game, play

MAX_PNG_BYTES = 500_000
FIRST_GAME = {"buildings": "first-game"}


@pytest.fixture(scope="module")
def games() -> dict[int, list[Moment]]:
    """Whole seeded games of 1, 3 and 6 players."""
    return {players: list(play(players, 5, FIRST_GAME)) for players in (1, 3, 6)}


def public(moment: Moment) -> View:
    return game().view(moment.state, None)


def final_views(games: dict[int, list[Moment]]) -> Iterator[View]:
    for moments in games.values():
        yield public(moments[-1])


def busiest(moments: list[Moment]) -> Moment:
    """The moment with the most buildings before the game ended."""

    def buildings(moment: Moment) -> int:
        view = public(moment)
        return sum(1 for p in view["players"] for sq in p["town"] if sq["building"])

    playing = [m for m in moments if not game().is_over(m.state)]
    return max(playing, key=buildings)


def layout_of(view: View) -> Layout:
    return layout_for(len(view["players"]), len(view["cards"]))


def near(pixel: Any, colour: RGB, tolerance: int = 12) -> bool:
    return all(abs(int(a) - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def count_near(image: Image.Image, box: Box, colour: RGB, tolerance: int = 12) -> int:
    """How many pixels inside `box` have (nearly) `colour`."""
    bands = image.crop(box).convert("RGB").split()
    masks = [
        band.point(lambda value, wanted=wanted: 255 if abs(value - wanted) <= tolerance else 0)
        for band, wanted in zip(bands, colour, strict=True)
    ]
    both = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    return both.histogram()[255]


def square_box(panel: TownPanel, square: dict[str, Any]) -> Box:
    return panel.square(square["column"], square["row"])


def corner(box: Box, share: float) -> Box:
    """The top right part of a square, `share` of its side wide and tall: the fed mark."""
    left, top, right, _ = box
    side = round((right - left) * share)
    return (right - side, top, right, top + side)


def test_the_same_view_gives_the_same_bytes(games: dict[int, list[Moment]]) -> None:
    for view in final_views(games):
        first = render_png(GAME, view)
        assert render_png(GAME, json.loads(json.dumps(view))) == first
        assert render_png(GAME, copy.deepcopy(view)) == first


def test_a_placed_resource_changes_the_image_at_its_square_and_only_in_that_town(
    games: dict[int, list[Moment]],
) -> None:
    """Two views that differ by one resource placed (the same players still to act) give
    images that differ where the resource now lies, and nowhere outside that player's town."""
    before, after = next(
        (before, after)
        for before, after in itertools.pairwise(games[3])
        if after.action is not None
        and after.action.startswith("place ")
        and game().to_act(after.state) == game().to_act(before.state)
    )
    assert after.seat is not None and after.action is not None
    view = public(after)
    (square,) = (
        sq
        for sq in view["players"][after.seat]["town"]
        if sq["square"] == after.action.split()[-1].upper()
    )
    assert square["resource"] is not None
    panel = layout_of(view).towns[after.seat]
    placed = square_box(panel, square)
    assert inside(changed_area(public(before), view), panel.box)
    fill = resource_of(palette_of(view), square["resource"]).fill
    assert count_near(image_of(view), placed, fill) > 0.12 * panel.cell**2
    assert count_near(image_of(public(before)), placed, fill) == 0


@pytest.mark.parametrize("players", [1, 3, 6])
def test_the_image_is_a_small_valid_palette_png(
    players: int, games: dict[int, list[Moment]]
) -> None:
    for moment in (games[players][0], busiest(games[players]), games[players][-1]):
        for viewer in (None, 0):
            view = game().view(moment.state, viewer)
            png = render_png(GAME, view)
            assert len(png) <= MAX_PNG_BYTES
            Image.open(io.BytesIO(png)).verify()
            image = Image.open(io.BytesIO(png))
            layout = layout_of(view)
            height = layout.height + (PRIVATE_HEIGHT if viewer is not None else 0)
            assert (image.format, image.mode, image.size) == ("PNG", "P", (layout.width, height))
            assert 1200 <= layout.width <= 1600


def square_colours(square: dict[str, Any], palette: Palette) -> tuple[RGB, list[RGB]]:
    """The colour that must fill much of a square (its building's, its resource's or the
    bare tile's) and those of the resources lying on its building."""
    if square["building"]:
        held = [resource_of(palette, key).fill for key in square["holds"]]
        return building_fill(square["colour"]), held
    if square["resource"]:
        return resource_of(palette, square["resource"]).fill, []
    return TILE, []


def assert_towns_drawn(view: View) -> None:
    image = draw(view)
    palette = palette_of(view)
    for panel, player in zip(layout_of(view).towns, view["players"], strict=True):
        area = panel.cell**2
        for square in player["town"]:
            box = square_box(panel, square)
            main, held = square_colours(square, palette)
            where = f"{player['name']}'s {square['square']}"
            assert count_near(image, box, main) > 0.12 * area, where
            for colour in held:
                assert count_near(image, box, colour) > 12, f"{where} holds {colour}"
            bare = count_near(image, box, TILE)
            if main == TILE:
                assert bare > 0.7 * area, where
            else:
                assert bare < 0.6 * area, where


@pytest.mark.parametrize("players", [1, 3, 6])
def test_every_square_of_every_town_shows_its_resource_or_building(
    players: int, games: dict[int, list[Moment]]
) -> None:
    view = public(busiest(games[players]))
    assert any(sq["building"] for p in view["players"] for sq in p["town"])
    assert any(sq["resource"] for p in view["players"] for sq in p["town"])
    assert_towns_drawn(view)
    assert_towns_drawn(public(games[players][-1]))


def cottage_squares(view: View) -> Iterator[tuple[int, dict[str, Any]]]:
    for seat, player in enumerate(view["players"]):
        for square in player["town"]:
            if square["fed"] is not None:
                yield seat, square


def test_fed_and_unfed_cottages_are_marked(games: dict[int, list[Moment]]) -> None:
    view = public(games[6][-1])
    seat, cottage = next(cottage_squares(view))
    panel = layout_of(view).towns[seat]
    mark = corner(square_box(panel, cottage), 0.3)
    shown = {}
    for fed in (True, False):
        cottage["fed"] = fed
        shown[fed] = count_near(draw(view), mark, FED_FILL)
    assert shown[True] > 0.15 * (0.3 * panel.cell) ** 2
    assert shown[False] == 0


def test_resources_lying_on_a_building_are_drawn_on_it(games: dict[int, list[Moment]]) -> None:
    view = public(busiest(games[3]))
    palette = palette_of(view)
    seat, square = next(
        (seat, sq)
        for seat, p in enumerate(view["players"])
        for sq in p["town"]
        if sq["building"] and not sq["holds"]
    )
    box = square_box(layout_of(view).towns[seat], square)
    glass = resource_of(palette, "glass").fill
    assert count_near(draw(view), box, glass) == 0
    square["holds"] = ["glass", "glass"]
    assert count_near(draw(view), box, glass) > 2 * 20


def test_a_built_monument_is_a_tower_with_a_gold_edge(games: dict[int, list[Moment]]) -> None:
    moment = busiest(games[3])
    (monument,) = game().view(moment.state, 0)["players"][0]["monument_cards"]
    view = public(moment)
    square = next(sq for sq in view["players"][0]["town"] if sq["building"])
    panel = layout_of(view).towns[0]
    box = square_box(panel, square)
    assert count_near(draw(view), box, MONUMENT_TRIM) == 0
    square.update(building=monument["key"], name=monument["name"], colour="monument")
    image = draw(view)
    assert count_near(image, box, MONUMENT_TRIM) > 0.03 * panel.cell**2
    assert count_near(image, box, building_fill("monument")) > 0.12 * panel.cell**2


def shape_area(card_box: Box) -> Box:
    left, top, right, _ = card_box
    shape_top = top + OFFER_CARD.band + 4
    return (left + 4, shape_top, right - 4, shape_top + OFFER_CARD.shape_rows * OFFER_CARD.cell + 6)


def test_the_offer_shows_every_card_in_its_colour_with_its_shape(
    games: dict[int, list[Moment]],
) -> None:
    view = public(games[3][-1])
    image = draw(view)
    palette = palette_of(view)
    for card, box in zip(view["cards"], layout_of(view).offer, strict=True):
        left, top, right, _ = box
        band = (left + 4, top + 4, right - 4, top + OFFER_CARD.band - 4)
        band_area = (band[2] - band[0]) * (band[3] - band[1])
        assert count_near(image, band, building_fill(card["colour"])) > 0.5 * band_area
        used = {key for row in card["shape"] for key in row if key}
        for resource in palette:
            shown = count_near(image, shape_area(box), resource.fill) > 40
            assert shown == (resource.key in used), f"{card['name']}: {resource.key}"


def test_the_header_shows_the_rounds_resource(games: dict[int, list[Moment]]) -> None:
    view = next(
        v for v in map(public, games[3]) if v["phase"] == "play" and v["round_kind"] == "card"
    )
    palette = palette_of(view)
    resource_area = (0, 0, 930, HEADER_BOTTOM // 2 + 10)
    for key in ("wood", "glass"):
        view["resource"] = key
        image = draw(view)
        for resource in palette:
            shown = count_near(image, resource_area, resource.fill) > 400
            assert shown == (resource.key == key), resource.key


def panel_border(image: Image.Image, panel: TownPanel) -> Any:
    left, top, _, bottom = panel.box
    return image.getpixel((left + 1, (top + bottom) // 2))


def test_the_towns_still_to_act_are_framed(games: dict[int, list[Moment]]) -> None:
    moments = games[3]
    step = next(
        (before, after)
        for before, after in itertools.pairwise(moments)
        if after.seat is not None
        and after.seat in game().to_act(before.state)
        and after.seat not in game().to_act(after.state)
        and game().to_act(after.state)
    )
    for moment in step:
        view = public(moment)
        image = draw(view)
        for seat, panel in enumerate(layout_of(view).towns):
            expected = HIGHLIGHT if seat in view["to_act"] else CARD_EDGE
            assert near(panel_border(image, panel), expected), (seat, view["to_act"])


def test_the_hammer_marks_who_names_the_resource() -> None:
    moment = next(m for m in play(3, 5, {"prospectors": True}) if m.state.hammer is not None)
    view = public(moment)
    image = draw(view)
    for seat, panel in enumerate(layout_of(view).towns):
        left, top, right, _ = panel.box
        header = (left, top, right, top + 40)
        assert (count_near(image, header, HAMMER_HEAD) > 30) == (seat == view["hammer"])


def strip(layout: Layout) -> Box:
    return (0, layout.height, layout.width, layout.height + PRIVATE_HEIGHT)


@pytest.mark.parametrize("moment_index", [0, -1])
def test_a_private_image_is_the_public_one_plus_the_viewers_monument(
    moment_index: int, games: dict[int, list[Moment]]
) -> None:
    """At the start (two cards to choose from) and at the end (the kept card). Compared
    before the palette is chosen, which depends on all colours of the image."""
    moment = games[3][moment_index]
    view = public(moment)
    layout = layout_of(view)
    public_image = image_of(view)
    for viewer in range(3):
        private_view = game().view(moment.state, viewer)
        private_image = image_of(private_view)
        top = private_image.crop((0, 0, layout.width, layout.height))
        assert top.tobytes() == public_image.tobytes()
        cards = len(private_view["players"][viewer]["monument_cards"])
        violet = count_near(private_image, strip(layout), building_fill("monument"))
        assert violet > cards * 5000


def with_other_monument(state: Any, seat: int) -> Any:
    """The state with `seat` holding a different secret monument (kept or still to choose)."""
    changed = state.model_copy(deep=True)
    town = changed.towns[seat]
    taken = {key for t in changed.towns for key in [*t.dealt, t.monument] if key}
    other = next(key for key in ALL_MONUMENTS if key not in taken)
    if town.monument is None:
        town.dealt = [other, *town.dealt[1:]]
    else:
        town.dealt = [other if key == town.monument else key for key in town.dealt]
        town.monument = other
    return changed


ALL_MONUMENTS = ("archive", "mausoleum", "obelisk", "cathedral", "silva-forum", "sky-baths")


@pytest.mark.parametrize("moment_index", [0, -1])
def test_the_public_image_never_shows_a_secret_monument(
    moment_index: int, games: dict[int, list[Moment]]
) -> None:
    state = games[3][moment_index].state
    changed = with_other_monument(state, 0)
    tiny = game()
    assert render_png(GAME, tiny.view(state, 0)) != render_png(GAME, tiny.view(changed, 0))
    for viewer in (None, 1, 2):
        assert render_png(GAME, tiny.view(state, viewer)) == render_png(
            GAME, tiny.view(changed, viewer)
        )


def changed_area(view: View, edited: View) -> Box | None:
    """The bounding box of the pixels that differ between the images of two views."""
    return ImageChops.difference(image_of(view), image_of(edited)).getbbox()


def inside(box: Box | None, outer: Box) -> bool:
    """Whether there is a `box` and it lies within `outer`."""
    if box is None:
        return False
    left, top, right, bottom = box
    return left >= outer[0] and top >= outer[1] and right <= outer[2] and bottom <= outer[3]


def test_each_town_shows_its_players_score_in_its_header(games: dict[int, list[Moment]]) -> None:
    view = public(busiest(games[3]))
    for seat, panel in enumerate(layout_of(view).towns):
        edited = copy.deepcopy(view)
        edited["players"][seat]["score"] += 7
        left, top, right, _ = panel.box
        score_area = ((left + right) // 2, top, right, top + 44)
        assert inside(changed_area(view, edited), score_area)


def test_each_town_shows_its_players_name(games: dict[int, list[Moment]]) -> None:
    view = public(games[3][-1])  # over: the header lists nobody as waiting or done
    winners = view["winner_text"]  # (the header names the winners: renaming one changes it)
    for seat, panel in enumerate(layout_of(view).towns):
        if view["players"][seat]["name"] in winners:
            continue
        edited = copy.deepcopy(view)
        edited["players"][seat]["name"] = "zed"
        left, top, right, _ = panel.box
        assert inside(changed_area(view, edited), (left, top, (left + right) // 2, top + 44))


def test_finished_towns_are_marked(games: dict[int, list[Moment]]) -> None:
    for moment, finished in ((games[3][1], False), (games[3][-1], True)):
        view = public(moment)
        image = draw(view)
        for player, panel in zip(view["players"], layout_of(view).towns, strict=True):
            assert (player["status"] == "finished") == finished
            left, top, right, _ = panel.box
            marks = count_near(image, (left, top, right, top + 64), DONE)
            assert (marks > 150) == finished, (player["name"], marks)


def test_each_towns_last_changes_are_framed_and_emptied_squares_marked(
    games: dict[int, list[Moment]],
) -> None:
    """Squares that hold what the town's latest move put there are framed in the highlight
    colour, squares a building emptied get corner marks, and no other square is marked."""
    moment = next(
        m
        for m in games[3]
        if any(
            p["last_changes"]
            and any(not sq["building"] and not sq["resource"] for sq in _changed(p))
            for p in public(m)["players"]
        )
    )
    view = public(moment)
    unmarked = copy.deepcopy(view)
    for player in unmarked["players"]:
        player["last_changes"] = None
    image, plain = image_of(view), image_of(unmarked)
    layout = layout_of(view)
    seen = {"framed": 0, "emptied": 0}
    for player, panel in zip(view["players"], layout.towns, strict=True):
        changed = {sq["square"] for sq in _changed(player)}
        for square in player["town"]:
            box = square_box(panel, square)
            marks = count_near(image, box, HIGHLIGHT) - count_near(plain, box, HIGHLIGHT)
            if square["square"] not in changed:
                assert marks == 0, (player["name"], square["square"])
            elif square["building"] or square["resource"] or square["holds"]:
                assert marks > 3 * panel.cell, (player["name"], square["square"])
                seen["framed"] += 1
            else:
                assert marks > 0.6 * panel.cell, (player["name"], square["square"])
                seen["emptied"] += 1
    assert seen["framed"] and seen["emptied"]


def _changed(player: dict[str, Any]) -> list[dict[str, Any]]:
    names = set((player["last_changes"] or {}).get("squares", []))
    return [sq for sq in player["town"] if sq["square"] in names]
