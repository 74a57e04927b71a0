"""Views of real Terramara games for the renderer tests, and pixel helpers.

States are reached by playing seeded random legal actions through the engine, so the tests
follow the engine's content and notation instead of hard-coding them; where a test needs a
situation the games do not reach by themselves, it edits the view's data (the renderer draws
any view).
"""

from __future__ import annotations

import copy
import io
from collections.abc import Callable, Iterator
from typing import Any

from PIL import Image

import engine
from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.terramara import TerramaraState, TerramaraView
from render import render_png
from render.common import PLAYER_COLOURS, RGB, Box
from render.terramara.layout import Layout, layout_of

GAME = "terramara"
View = dict[str, Any]
PLAYERS = ("alice", "bob", "carol", "dave")
SEAT_COLOURS: list[RGB] = list(PLAYER_COLOURS.values())


def play(players: int, seed: int, first_game: bool = False) -> Iterator[TerramaraState]:
    """Every state of a whole game of random legal actions."""
    game = engine.get(GAME)
    state = game.new_game(list(PLAYERS[:players]), seed, {"first-game": first_game})
    rng = Rng(seed=seed)
    yield state
    while not game.is_over(state):
        seats = sorted(game.to_act(state))
        seat = seats[rng.below(len(seats))]
        state, _ = game.apply(state, seat, choose_action(rng, game.legal_actions(state, seat)))
        yield state


def first(
    found: Callable[[TerramaraState], bool], players: int = 4, first_game: bool = False
) -> View:
    """The public view of the first state of a random game that `found` accepts."""
    for seed in range(1, 40):
        for state in play(players, seed, first_game):
            if found(state):
                return view_of(state)
    raise AssertionError("no random game reached the wanted situation")


def view_of(state: TerramaraState) -> View:
    return engine.get(GAME).view(state, None)


def typed(view: View) -> TerramaraView:
    return TerramaraView.of(view)


def edited(view: View, change: Callable[[View], None]) -> View:
    """A deep copy of `view` changed by `change`."""
    changed = copy.deepcopy(view)
    change(changed)
    return changed


def draw(view: View) -> Image.Image:
    return Image.open(io.BytesIO(render_png(GAME, view))).convert("RGB")


def layout(view: View) -> Layout:
    return layout_of(typed(view))


def near(pixel: Any, colour: RGB, tolerance: int = 16) -> bool:
    return all(abs(int(a) - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def count_near(image: Image.Image, box: Box, colour: RGB, tolerance: int = 16) -> int:
    """How many pixels inside `box` have (nearly) `colour`."""
    data = image.crop(box).tobytes()
    return sum(1 for i in range(0, len(data), 3) if near(data[i : i + 3], colour, tolerance))


def around(centre: tuple[float, float], radius: int) -> Box:
    x, y = round(centre[0]), round(centre[1])
    return (x - radius, y - radius, x + radius, y + radius)


def border(box: Box, width: int = 3) -> list[Box]:
    """The four strips along the inside of a box's edge."""
    left, top, right, bottom = box
    return [
        (left, top, right, top + width),
        (left, bottom - width, right, bottom),
        (left, top, left + width, bottom),
        (right - width, top, right, bottom),
    ]
