"""Boards everyone can read: seen as a protanope, a deuteranope or a tritanope sees them (see
tests/support/colour_vision.py), every two players' pieces on a rendered board differ —
by colour (ΔE00 ≥ DISTINGUISHABLE) or else by a mark (a glyph, initials, a letter or a name).

For each game a piece is drawn at one place in every player colour (everything else the
same), the images are simulated and compared pair by pair. Tiny Towns has no player colours
(every town is its own named panel); its colour-coded pieces are the resource cubes and the
buildings, so those are checked the same way.
"""

from __future__ import annotations

import copy
import io
import itertools
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from PIL import Image

from render import render_png
from render.common import PLAYER_COLOURS, RGB, Box
from render.terra_nova.style import FACTION_COLOURS
from render.terramara.overlay import member_centres, space_boxes
from render.terramara.pieces import MEMBER_SIZE
from render.tiny_towns.layout import layout_for
from render.tiny_towns.style import building_fill, resource_fill
from tests.render import scenes as tn2006_scenes
from tests.render import terra_nova_scenes as tn_scenes
from tests.render import terramara_scenes
from tests.render import tiny_towns_scenes as tt_scenes
from tests.support.colour_vision import (
    DEFICIENCIES,
    DISTINGUISHABLE,
    MARK_PIXELS,
    marked_pixels,
    seen_apart,
)

View = dict[str, Any]


class Specimens:
    """One kind of piece drawn in each colour of a game at the same place: the colour of
    each, and the crop of the rendered board (a palette image) that shows it."""

    def __init__(self, game: str, box: Box) -> None:
        self.game, self.box = game, box
        self.colours: dict[str, RGB] = {}
        self.crops: dict[str, Image.Image] = {}

    def add(self, key: str, colour: RGB, view: View) -> None:
        image = Image.open(io.BytesIO(render_png(self.game, view)))
        self.colours[key] = colour
        self.crops[key] = image.crop(self.box)


def problems(specimens: Specimens) -> list[str]:
    """Every pair of colours that neither colour nor marks tell apart, per deficiency."""
    found = []
    for (a, colour_a), (b, colour_b) in itertools.combinations(specimens.colours.items(), 2):
        for deficiency in DEFICIENCIES:
            if seen_apart(colour_a, colour_b, deficiency) >= DISTINGUISHABLE:
                continue
            marks = marked_pixels(specimens.crops[a], specimens.crops[b], deficiency)
            if marks < MARK_PIXELS:
                found.append(f"{a}/{b} under {deficiency}: {marks} marked pixels")
    return found


# -- Terra Nova (2022) -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def terra_nova() -> View:
    """A 4-player board late in play: buildings of every kind and bridges."""
    moments = [m for m in tn_scenes.play(4, 3) if m.state.phase == "actions"]
    return tn_scenes.view_of(moments[-1].state)


TN_PIECES = ("house", "trading post", "palace", "bridge")


def terra_nova_specimens(view: View, piece: str) -> Specimens:
    """Seat 0's piece in each faction colour (the view's faction colour is all that changes)."""
    layout = tn_scenes.layout_of(view)
    if piece == "bridge":
        bridge = {**view["bridges"][0], "seat": 0}
        (x0, y0), (x1, y1) = layout.centre(bridge["from"]), layout.centre(bridge["to"])
        cx, cy = round((x0 + x1) / 2), round((y0 + y1) / 2)
        half = round(layout.radius * 0.5)
        box = (cx - half, cy - half, cx + half, cy + half)
        base = {**view, "bridges": [bridge], "last_turn": None}
    else:
        base = copy.deepcopy({**view, "last_turn": None})
        entry = next(h for h in base["hexes"] if h.get("seat") == 0)
        entry["building"] = piece
        box = tn_scenes.around(layout, entry["name"], 0.7)
    specimens = Specimens(tn_scenes.GAME, box)
    for name, colour in FACTION_COLOURS.items():
        coloured = copy.deepcopy(base)
        coloured["players"][0]["colour"] = name
        specimens.add(name, colour, coloured)
    return specimens


@pytest.mark.parametrize("piece", TN_PIECES)
def test_terra_nova_factions_differ_for_colour_blind_players(terra_nova: View, piece: str) -> None:
    assert problems(terra_nova_specimens(terra_nova, piece)) == []


def test_without_glyphs_the_red_and_green_factions_would_look_alike(
    terra_nova: View, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check has teeth: drawn without glyphs, the red and green factions' houses fail it
    for deuteranopes and protanopes."""
    monkeypatch.setattr("render.terra_nova.pieces.glyph_of", lambda colour: None)
    found = " ".join(problems(terra_nova_specimens(terra_nova, "house")))
    assert "green/red under protan" in found and "green/red under deutan" in found


# -- Terra Nova (2006) -----------------------------------------------------------------------


def test_terra_nova_2006_players_differ_for_colour_blind_players() -> None:
    """Figures carry their players' initials."""
    view = list(tn2006_scenes.play(2, ("alice", "bob", "carol", "dave")))[40].after
    view = {**view, "last_turn": None}
    layout = tn2006_scenes.layout_of(view)
    cell = view["figures"][0]["cell"]
    x, y = layout.centre(cell)
    half = round(layout.radius * 0.75)
    specimens = Specimens(
        tn2006_scenes.GAME, (round(x) - half, round(y) - half, round(x) + half, round(y) + half)
    )
    for seat, player in enumerate(view["players"]):
        placed = copy.deepcopy(view)
        placed["figures"][0]["seat"] = seat
        specimens.add(player["name"], PLAYER_COLOURS[player["colour"]], placed)
    assert problems(specimens) == []


# -- Terramara -------------------------------------------------------------------------------


def test_terramara_players_differ_for_colour_blind_players() -> None:
    """Members (and every other piece) carry their players' initials."""
    view = terramara_scenes.first(lambda s: s.phase == "play" and s.round == 2)
    typed = terramara_scenes.typed(view)
    boxes = space_boxes(typed, terramara_scenes.layout(view))
    space = next(s for row in typed.rows for s in row.left.spaces if s.id in boxes)
    x, y = member_centres(boxes[space.id], 1)[0]
    half = MEMBER_SIZE // 2 + 4
    specimens = Specimens(
        terramara_scenes.GAME, (round(x) - half, round(y) - half, round(x) + half, round(y) + half)
    )
    for seat, player in enumerate(view["players"]):
        placed = copy.deepcopy(view)
        placed["last"] = None
        for row in placed["rows"]:
            for candidate in row["left"]["spaces"]:
                if candidate["id"] == space.id:
                    candidate["members"] = [{"kind": "scout", "seat": seat, "neutral": None}]
        specimens.add(player["name"], terramara_scenes.SEAT_COLOURS[seat], placed)
    assert problems(specimens) == []


# -- Tiny Towns ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def tiny_towns() -> View:
    moments = list(tt_scenes.play(3, 5, {"buildings": "first-game"}))
    return tt_scenes.game().view(moments[len(moments) // 2].state, None)


def tiny_towns_specimens(
    view: View,
    keys: list[str],
    fill: Callable[[str], RGB],
    square_of: Callable[[str], Mapping[str, Any]],
) -> Specimens:
    base = copy.deepcopy(view)
    for player in base["players"]:
        player["last_changes"] = None
    panel = layout_for(len(base["players"]), len(base["cards"])).towns[0]
    specimens = Specimens(tt_scenes.GAME, panel.square(0, 0))
    for key in keys:
        placed = copy.deepcopy(base)
        placed["players"][0]["town"][0].update(square_of(key))
        specimens.add(key, fill(key), placed)
    return specimens


def test_tiny_towns_resources_differ_for_colour_blind_players(tiny_towns: View) -> None:
    """Resource cubes carry their letters."""
    colours = {r["key"]: r["colour"] for r in tiny_towns["resources"]}
    specimens = tiny_towns_specimens(
        tiny_towns,
        list(colours),
        lambda key: resource_fill(colours[key]),
        lambda key: {
            "resource": key,
            "building": None,
            "name": None,
            "colour": colours[key],
            "fed": None,
            "holds": [],
        },
    )
    assert problems(specimens) == []


def test_tiny_towns_buildings_differ_for_colour_blind_players(tiny_towns: View) -> None:
    """Building tokens carry their names (one card of each colour is on offer)."""
    cards = {card["key"]: card for card in tiny_towns["cards"]}
    specimens = tiny_towns_specimens(
        tiny_towns,
        list(cards),
        lambda key: building_fill(cards[key]["colour"]),
        lambda key: {
            "resource": None,
            "building": key,
            "name": cards[key]["name"],
            "colour": cards[key]["colour"],
            "fed": None,
            "holds": [],
        },
    )
    assert problems(specimens) == []
