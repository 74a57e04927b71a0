"""`python -m render.palettes [GAME ...]` — design the fixed palettes again (render/palette.py)
and store them beside their renderers; run it after changing a game's colours.

The specimens are boards of seeded random games (the fewest and the most players, two seeds,
positions spread over each game, the last one also as a player's own view), so the palette
holds what real boards show. A game with a palette of its own making (Terramara builds one per
cached layer) is left alone.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from PIL import Image

import engine
from engine.core.game import Game
from engine.core.playout import random_playout

from . import renderer_for
from .common import PLAYER_COLOURS
from .palette import Palette, design, named_colours

SEEDS = (1, 2)
POSITIONS = 4
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


def games_with_stored_palettes() -> list[str]:
    """The games whose renderer reads a stored palette (it has a PALETTE_FOLDER)."""
    return sorted(
        game.info.key
        for game in engine.all_games()
        if hasattr(_package(game.info.key), "PALETTE_FOLDER")
    )


def _package(key: str) -> ModuleType:
    return importlib.import_module(renderer_for(key).__module__)


def specimen_views(game: Game[Any]) -> Iterator[tuple[Any, int | None]]:
    """(state, viewer) pairs spread over seeded random games."""
    for players in sorted({game.info.min_players, game.info.max_players}):
        names = list(NAMES[:players])
        for seed in SEEDS:
            log = random_playout(game, names, seed).log
            marks = {len(log) * step // POSITIONS for step in range(POSITIONS + 1)}
            state = game.new_game(names, seed, None)
            for number, (seat, text) in enumerate(log, start=1):
                state, _ = game.apply(state, seat, text)
                if number in marks:
                    yield state, None
            yield state, 0


def design_for(key: str) -> Palette:
    game = engine.get(key)
    package = _package(key)
    image_of: Callable[[Any], Image.Image] = package.image_of
    style = importlib.import_module(f"{package.__name__}.style")
    named = named_colours(vars(style).values(), PLAYER_COLOURS.values())
    specimens = [image_of(game.view(state, viewer)) for state, viewer in specimen_views(game)]
    return design(named, specimens)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render.palettes", description=__doc__)
    parser.add_argument("games", nargs="*", help="game keys (default: every game)")
    args = parser.parse_args(argv)
    for key in args.games or games_with_stored_palettes():
        palette = design_for(key)
        folder: Path = _package(key).PALETTE_FOLDER
        palette.save(folder)
        print(f"{key}: {len(palette.colours)} colours → {folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
