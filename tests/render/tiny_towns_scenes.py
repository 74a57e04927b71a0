"""Views of real Tiny Towns games for the renderer tests.

Games are played through the engine with seeded choices by players who like to build: each
places the resource where the largest building becomes possible and always builds (the
largest building first). So towns fill with buildings as well as resources, and the tests
follow the engine's rules and notation instead of hard-coding them.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from PIL import Image

import engine
from engine.core.game import Game
from render import render_png

GAME = "tiny-towns"
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")
View = dict[str, Any]


def game() -> Game[Any]:
    return engine.get(GAME)


@dataclass(frozen=True)
class Moment:
    """A state of a game with the seat that acted last."""

    state: Any
    seat: int | None
    action: str | None


def _builds(acts: list[str]) -> list[str]:
    return [a for a in acts if a.startswith("build ")]


def _size(build: str) -> int:
    """How many squares a build uses."""
    return len(build.split(" using ")[-1].split())


def choose(tiny: Game[Any], state: Any, seat: int, rng: random.Random) -> str:
    """A builder's choice among the seat's legal actions."""
    actions = tiny.legal_actions(state, seat)
    builds = _builds(actions)
    if builds:
        return max(builds, key=lambda a: (_size(a), rng.random()))
    places = [a for a in actions if a.startswith("place ")]
    if places:
        return max(places, key=lambda a: (_largest_build(tiny, state, seat, a), rng.random()))
    return rng.choice(actions)


def _largest_build(tiny: Game[Any], state: Any, seat: int, action: str) -> int:
    """The squares the largest building possible after `action` would use."""
    after, _ = tiny.apply(state, seat, action)
    if seat not in tiny.to_act(after):
        return 0
    return max(map(_size, _builds(tiny.legal_actions(after, seat))), default=0)


def play(players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Moment]:
    """The moments of a whole game: the start, then one after every action."""
    tiny = game()
    state = tiny.new_game(NAMES[:players], seed, options or {})
    rng = random.Random(seed)
    yield Moment(state, None, None)
    while not tiny.is_over(state):
        seat = rng.choice(sorted(tiny.to_act(state)))
        action = choose(tiny, state, seat, rng)
        state, _ = tiny.apply(state, seat, action)
        yield Moment(state, seat, action)


def draw(view: View) -> Image.Image:
    return Image.open(io.BytesIO(render_png(GAME, view))).convert("RGB")
