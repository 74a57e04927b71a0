"""Views of real Terra Nova (2006) games, and pixel helpers, for the renderer tests.

States are reached by playing seeded random legal actions through the engine, so the tests
follow the engine's board and notation instead of hard-coding them.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

import engine
from render import render_png
from render.common import RGB
from render.language import ENGLISH
from render.terra_nova_2006.layers import board_for
from render.terra_nova_2006.layout import BoardLayout, cells_of

GAME = "terra-nova-2006"
View = dict[str, Any]


@dataclass(frozen=True)
class Step:
    """One action of a game: the public view before and after it."""

    action: str
    before: View
    after: View


def play(seed: int, players: tuple[str, ...] = ("alice", "bob")) -> Iterator[Step]:
    """A whole game of random legal actions, one action at a time."""
    game = engine.get(GAME)
    state = game.new_game(list(players), seed)
    choose = random.Random(seed)
    before = game.view(state, None)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = choose.choice(game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        after = game.view(state, None)
        yield Step(action, before, after)
        before = after


def first_step(found: Callable[[Step], bool], seeds: range = range(1, 40)) -> Step:
    for seed in seeds:
        for step in play(seed):
            if found(step):
                return step
    raise AssertionError("no random game reached the wanted situation")


def new_single_winner_area(step: Step) -> bool:
    """The step closed an area of at least three cells that one player won."""
    new_areas = step.after["areas"][len(step.before["areas"]) :]
    return any(len(area["winners"]) == 1 and area["size"] >= 3 for area in new_areas)


def newest_area(step: Step) -> int:
    """The index of the first area the step closed that `new_single_winner_area` accepts."""
    areas = step.after["areas"]
    return next(
        index
        for index in range(len(step.before["areas"]), len(areas))
        if len(areas[index]["winners"]) == 1 and areas[index]["size"] >= 3
    )


def one_move_with_stones(step: Step) -> bool:
    last = step.after["last_turn"]
    return bool(last) and len(last["moves"]) == 1 and len(last["stones"]) >= 1


def draw(view: View) -> Image.Image:
    return Image.open(io.BytesIO(render_png(GAME, view))).convert("RGB")


def near(pixel: Any, colour: RGB, tolerance: int = 14) -> bool:
    return all(abs(int(a) - b) <= tolerance for a, b in zip(pixel[:3], colour, strict=True))


def layout_of(view: View) -> BoardLayout:
    return board_for(cells_of(view), ENGLISH).layout


def beside_letter(layout: BoardLayout, cell: str) -> list[tuple[int, int]]:
    """Two points inside a cell, left and right of its landscape letter: clear of any text."""
    x, y = layout.centre(cell)
    offset = layout.radius * 0.55
    return [(round(x - offset), round(y)), (round(x + offset), round(y))]


def count_near(image: Image.Image, box: tuple[int, int, int, int], colour: RGB) -> int:
    """How many pixels inside `box` have (nearly) `colour`."""
    data = image.crop(box).convert("RGB").tobytes()
    return sum(1 for i in range(0, len(data), 3) if near(data[i : i + 3], colour))


def around(layout: BoardLayout, cell: str) -> tuple[int, int, int, int]:
    x, y = layout.centre(cell)
    r = layout.radius
    return (round(x - r), round(y - r), round(x + r), round(y + r))
