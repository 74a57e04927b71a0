"""The Terra Nova (2006) board image: stable bytes, a small valid PNG, and the state drawn."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from engine.games.terra_nova_2006.view import TerraNova2006View
from render import UnknownRenderer, render_png
from render.common import PLAYER_COLOURS, RGB, UNICODE_FONT_FILES, Box, font, font_for, initials
from render.recent import image_bytes
from render.terra_nova_2006 import layers, pieces
from render.terra_nova_2006.layout import BoardLayout, cells_of
from render.terra_nova_2006.panel import WINNER_LINES, player_card
from render.terra_nova_2006.style import (
    BOARD_RIGHT,
    CARD_EDGE,
    CASING,
    HEIGHT,
    HIGHLIGHT,
    INK,
    KEY_SIZE,
    STONE,
    WIDTH,
    area_fill,
)
from tests.render.scenes import (
    GAME,
    Step,
    View,
    around,
    count_near,
    draw,
    layout_of,
    near,
    newest_area,
)
from tests.support.text_sizes import recording

MAX_PNG_BYTES = 500_000


def test_the_same_view_gives_the_same_bytes(final_view: View) -> None:
    first = render_png(GAME, final_view)
    assert render_png(GAME, json.loads(json.dumps(final_view))) == first
    assert render_png(GAME, copy.deepcopy(final_view)) == first


def inner(layout: BoardLayout, cell: str, share: float = 0.6) -> Box:
    """The middle of a cell, clear of its neighbours and of the board's hatching at its rim."""
    x, y = layout.centre(cell)
    r = layout.radius * share
    return (round(x - r), round(y - r), round(x + r), round(y + r))


def test_each_figure_and_stone_of_the_view_is_drawn_on_its_cell(
    opening_step: Step, final_view: View
) -> None:
    """The fullest board shows every figure in its player's colour and every stone on its
    cell; the empty board of the opening shows neither on those cells."""
    layout = layout_of(final_view)
    full, empty = draw(final_view), draw(opening_step.before)
    assert final_view["figures"] and final_view["stones"]
    assert not opening_step.before["figures"] and not opening_step.before["stones"]
    for figure in final_view["figures"]:
        colour = PLAYER_COLOURS[final_view["players"][figure["seat"]]["colour"]]
        box = around(layout, figure["cell"])
        assert count_near(full, box, colour) > 400, figure
        assert count_near(empty, box, colour) == 0, figure
    for stone in final_view["stones"]:
        box = inner(layout, stone)
        assert count_near(full, box, STONE[0]) > 400, stone
        assert count_near(empty, box, STONE[0]) < 120, stone


@pytest.mark.parametrize("scene", ["opening", "final"])
def test_the_image_is_a_small_valid_palette_png(
    scene: str, opening_step: Step, final_view: View
) -> None:
    view = opening_step.before if scene == "opening" else final_view
    png = render_png(GAME, view)
    assert len(png) <= MAX_PNG_BYTES
    image = Image.open(io.BytesIO(png))
    image.verify()
    image = Image.open(io.BytesIO(png))
    assert (image.format, image.mode, image.size) == ("PNG", "P", (WIDTH, HEIGHT))


def scored_area(step: Step) -> tuple[View, dict[str, Any]]:
    """A copy of the view after the step, and the area the step closed, in that copy."""
    view = copy.deepcopy(step.after)
    return view, view["areas"][newest_area(step)]


def share_in_fill(view: View, cells: list[str], winner: RGB | None) -> float:
    """The share of the cells' pixels that show the fill of an area won by `winner`; the
    hatching, letters and the points badge take up the rest."""
    image = draw(view)
    layout = layout_of(view)
    hits = 0
    for cell in cells:
        hits += count_near(image, around(layout, cell), area_fill(winner))
    hex_pixels = 2.6 * layout.radius**2
    return hits / (hex_pixels * len(cells))


def test_a_scored_area_is_shaded_in_its_winners_colour(scoring_step: Step) -> None:
    view, area = scored_area(scoring_step)
    winner = PLAYER_COLOURS[view["players"][area["winners"][0]]["colour"]]
    assert share_in_fill(view, area["cells"], winner) > 0.4
    assert share_in_fill(scoring_step.before, area["cells"], winner) < 0.1


def test_an_area_nobody_won_is_shaded_grey(scoring_step: Step) -> None:
    view, area = scored_area(scoring_step)
    area["winners"], area["awarded"] = [], {}
    assert share_in_fill(view, area["cells"], None) > 0.4
    assert share_in_fill(scoring_step.before, area["cells"], None) < 0.1


def test_a_shared_area_shows_every_winners_colour(scoring_step: Step) -> None:
    view, area = scored_area(scoring_step)
    area["winners"], area["awarded"] = [0, 1], {"0": 3, "1": 3}
    for seat in (0, 1):
        colour = PLAYER_COLOURS[view["players"][seat]["colour"]]
        share = share_in_fill(view, area["cells"], colour)
        assert 0.1 < share < 0.6, f"seat {seat}'s colour covers {share:.0%} of the area"


def test_a_scored_area_is_labelled_with_its_points(scoring_step: Step) -> None:
    view, area = scored_area(scoring_step)
    layout = layout_of(view)
    with_label = draw(view)
    plain = draw({**view, "areas": [], "last_turn": None})
    white = sum(count_near(with_label, around(layout, cell), CASING) for cell in area["cells"])
    assert white > 150
    assert sum(count_near(plain, around(layout, cell), CASING) for cell in area["cells"]) == 0


def test_the_last_move_is_drawn_as_an_arrow(move_step: Step) -> None:
    view = move_step.after
    move = view["last_turn"]["moves"][0]
    layout = layout_of(view)
    (x0, y0), (x1, y1) = layout.centre(move["from"]), layout.centre(move["to"])
    path = [(round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)) for t in (0.3, 0.4, 0.5)]
    with_arrow = draw(view)
    assert all(near(with_arrow.getpixel(p), HIGHLIGHT) for p in path)
    without = draw({**view, "last_turn": None})
    assert not any(near(without.getpixel(p), HIGHLIGHT) for p in path)


def test_new_stones_are_ringed(move_step: Step) -> None:
    view = move_step.after
    layout = layout_of(view)
    with_rings = draw(view)
    without = draw({**view, "last_turn": None})
    for stone in view["last_turn"]["stones"]:
        box = around(layout, stone)
        assert count_near(with_rings, box, HIGHLIGHT) > 60
        assert count_near(without, box, HIGHLIGHT) == 0


def test_the_placed_figure_is_ringed(opening_step: Step) -> None:
    view = opening_step.after
    placed = view["last_turn"]["placed"]
    box = around(layout_of(view), placed)
    assert count_near(draw(view), box, HIGHLIGHT) > 60
    assert count_near(draw({**view, "last_turn": None}), box, HIGHLIGHT) == 0


def card_border(image: Image.Image, seat: int) -> tuple[int, int, int]:
    left, top, _, bottom = player_card(seat)
    pixel = image.getpixel((left, (top + bottom) // 2))
    assert isinstance(pixel, tuple)
    return (pixel[0], pixel[1], pixel[2])


def test_the_side_panel_marks_whose_turn_it_is(opening_step: Step) -> None:
    for view in (opening_step.before, opening_step.after):
        image = draw(view)
        (acting,) = view["to_act"]
        waiting = 1 - acting
        assert near(card_border(image, acting), PLAYER_COLOURS[view["players"][acting]["colour"]])
        assert near(card_border(image, waiting), CARD_EDGE)
    assert opening_step.before["to_act"] != opening_step.after["to_act"]


def test_the_winners_cards_are_framed_and_say_so(final_view: View) -> None:
    """At the end the winner's card is framed in ink and says "winner"; before, no card is."""
    scores = [player["score"] for player in final_view["players"]]
    (winner,) = [seat for seat, score in enumerate(scores) if score == max(scores)]
    image = draw(final_view)
    for seat in range(len(scores)):
        assert near(card_border(image, seat), INK if seat == winner else CARD_EDGE), seat
    assert any(text.startswith("winner") for text in panel_texts(final_view, "_draw_figures"))
    running = {**final_view, "phase": "play", "to_act": [0], "winner_text": None}
    assert not any(near(card_border(draw(running), seat), INK) for seat in range(len(scores)))
    assert not any("winner" in text for text in panel_texts(running, "_draw_figures"))


def panel_texts(view: View, function: str) -> list[str]:
    """The texts `render.terra_nova_2006.panel.<function>` draws for the view, in order."""
    with recording() as drawn:
        render_png(GAME, view)
    name = f"render.terra_nova_2006.panel.{function}"
    return [text.text for text in drawn.texts if text.callers[0] == name]


def test_the_panel_says_the_turn_what_is_left_of_it_and_where_figures_are(
    opening_step: Step, move_step: Step, final_view: View
) -> None:
    placing, playing = opening_step.after, move_step.after
    assert panel_texts(placing, "_draw_heading") == [f"Placement · turn {placing['turn']}"]
    name = placing["players"][placing["to_act"][0]]["name"]
    assert panel_texts(placing, "_draw_status") == [f"{name} to act", "Place a figure"]
    assert panel_texts(playing, "_draw_heading") == [f"Play · turn {playing['turn']}"]
    name = playing["players"][playing["to_act"][0]]["name"]
    left = playing["actions_left"]
    actions = f"{left} action{'s' if left != 1 else ''} left this turn"
    assert panel_texts(playing, "_draw_status") == [f"{name} to act", actions]
    fresh = opening_step.before
    assert panel_texts(fresh, "_draw_figures") == ["0 on board · 13 to place"] * 2
    assert panel_texts(playing, "_draw_figures") == [
        f"{p['figures_on_board']} on board"
        + (f" · {p['figures_out']} out" if p["figures_out"] else "")
        for p in playing["players"]
    ]
    assert panel_texts(final_view, "_draw_heading") == ["Game over"]
    assert " ".join(panel_texts(final_view, "_draw_status")) == final_view["winner_text"]


def test_long_names_are_cut_short_not_drawn_smaller(final_view: View) -> None:
    long_names = ["Bartholomew the Magnificent", "Anastasia Wilhelmina", "Maximilian von H", "Di"]
    view = copy.deepcopy(final_view)
    for player, name in zip(view["players"], long_names, strict=True):
        player["name"], player["score"], player["resigned"] = name, 12, False
    view["winner_text"] = " and ".join(long_names) + " share the win with 12 points each"
    with recording() as drawn:
        render_png(GAME, view)
    names = [t for t in drawn.texts if t.callers[0].endswith("panel._draw_name")]
    assert {t.size for t in names} == {KEY_SIZE}
    assert [t.text for t in names][3] == "Di"
    for text, name in zip(names[:3], long_names[:3], strict=True):
        assert text.text.endswith("…") and name.startswith(text.text[:-1]), text.text
    status = [t for t in drawn.texts if t.callers[0].endswith("panel._draw_status")]
    assert {t.size for t in status} == {KEY_SIZE}
    assert len(status) == WINNER_LINES and status[-1].text.endswith("…")


def test_an_unknown_game_key_is_refused_by_name() -> None:
    with pytest.raises(UnknownRenderer, match=r"'chess'.*Known games: terra-nova, terra-nova-2006"):
        render_png("chess", {})


@pytest.mark.skipif(
    not any(Path(path).exists() for path in UNICODE_FONT_FILES),
    reason="this machine has no Unicode font to fall back on",
)
def test_names_outside_latin_1_are_drawn_not_boxed(opening_step: Step) -> None:
    def with_names(first: str, second: str) -> View:
        view = copy.deepcopy(opening_step.after)
        view["players"][0]["name"], view["players"][1]["name"] = first, second
        return view

    def written(name: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> bytes:
        canvas = Image.new("L", (160, 40))
        ImageDraw.Draw(canvas).text((4, 4), name, font=face, fill=255)
        return canvas.tobytes()

    # With the bundled font alone the two names are the same row of empty boxes; the
    # font chosen for them tells them apart, and so does `font`, which hands them to it.
    bundled = ImageFont.load_default(size=20)
    assert written("Дима", bundled) == written("Дина", bundled)
    assert written("Дима", font_for("Дима", 20)) != written("Дина", font_for("Дина", 20))
    assert written("Дима", font(20)) == written("Дима", font_for("Дима", 20))
    assert font_for("Zoë", 20) is not font(20)  # the bundled font has no ë either
    assert font_for("Zoe", 20) is font(20)
    # Same initials on the discs, different letters after them: the board is the same (but
    # for the palette's rounding: the PNG's 256 colours are chosen per image), and alice's
    # card in the side panel, where her name is written, differs.
    first, second = draw(with_names("Дима", "Бо")), draw(with_names("Дина", "Бо"))

    def difference(box: Box) -> int:
        bands = ImageChops.difference(first.crop(box), second.crop(box)).getextrema()
        return max(high for _, high in bands)

    assert difference((0, 0, BOARD_RIGHT, HEIGHT)) <= 2
    assert difference(player_card(0)) > 100


@pytest.mark.parametrize(
    ("names", "labels"),
    [
        (["alice", "bob"], ["A", "B"]),
        (["alice", "alina", "bob"], ["Ae", "Aa", "B"]),
        (["alice", "alice 2"], ["Ae", "A2"]),
        (["al", "Al"], ["A1", "A2"]),
    ],
)
def test_every_player_gets_a_different_disc_label(names: list[str], labels: list[str]) -> None:
    assert initials(names) == labels


def test_the_masks_of_scored_areas_are_kept_only_while_recent(
    final_view: View, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game scores areas of its own, and the board (shared by every table) keeps their
    masks: a long-running bot must not keep those of every area it ever drew."""
    monkeypatch.setattr(layers, "AREA_MASKS_KEPT", 2)
    typed = TerraNova2006View.of(final_view)
    board = layers.board_for.__wrapped__(cells_of(typed), "en")
    areas = [area.cells for area in typed.areas]
    assert len(areas) >= 3
    for cells in areas:
        masks = pieces._masks_of(board, cells, 1)
        assert image_bytes(masks) > 0  # weighed against the shared budget of images
    kept = [key for key, _ in board.area_masks.kept()]
    assert kept == [(tuple(cells), 1) for cells in areas[-2:]]
