"""Views of real Terra Nova games for the renderer tests, and pixel helpers.

States are reached by playing seeded random legal actions through the engine (the game is
not in the registry yet, so its class is imported directly); the tests follow the engine's
boards and notation instead of hard-coding them.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image, ImageChops

from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.terra_nova.game import TerraNova
from engine.games.terra_nova.state import TerraNovaState
from render import render_png
from render.common import RGB, Box
from render.language import ENGLISH
from render.terra_nova.layers import background_for
from render.terra_nova.layout import MapLayout, cells_of

GAME = "terra-nova"
View = dict[str, Any]
PLAYERS = ("alice", "bob", "carol", "dave")


@cache
def game() -> TerraNova:
    return TerraNova()


@dataclass(frozen=True)
class Moment:
    """The state after an action of a game, and that action."""

    action: str
    state: TerraNovaState


def play(players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Moment]:
    """A whole game of random legal actions, one action at a time."""
    tn = game()
    state = tn.new_game(list(PLAYERS[:players]), seed, options or {})
    rng = Rng(seed=seed)
    while not tn.is_over(state):
        seat = min(tn.to_act(state))
        action = choose_action(rng, tn.legal_actions(state, seat))
        state, _ = tn.apply(state, seat, action)
        yield Moment(action, state)


def view_of(state: TerraNovaState) -> View:
    """The public view (Terra Nova has no hidden information)."""
    return game().view(state, None)


def first(
    found: Callable[[Moment], bool], players: int = 3, options: dict[str, Any] | None = None
) -> Moment:
    for seed in range(1, 60):
        for moment in play(players, seed, options):
            if found(moment):
                return moment
    raise AssertionError("no random game reached the wanted situation")


def draw(view: View) -> Image.Image:
    return Image.open(io.BytesIO(render_png(GAME, view))).convert("RGB")


def layout_of(view: View) -> MapLayout:
    return background_for(cells_of(view), ENGLISH)[0]


def around(layout: MapLayout, name: str, share: float = 0.8) -> Box:
    x, y = layout.centre(name)
    r = layout.radius * share
    return (round(x - r), round(y - r), round(x + r), round(y + r))


def count_near(image: Image.Image, box: Box, colour: RGB, tolerance: int = 12) -> int:
    """How many pixels inside `box` have (nearly) `colour`."""
    bands = image.crop(box).convert("RGB").split()
    masks = [
        band.point(lambda value, wanted=wanted: 255 if abs(value - wanted) <= tolerance else 0)
        for band, wanted in zip(bands, colour, strict=True)
    ]
    both = ImageChops.multiply(ImageChops.multiply(masks[0], masks[1]), masks[2])
    return both.histogram()[255]
