"""Player names in any script are drawn with a font that has their letters, and names at the
limit (32 characters, emoji, right-to-left scripts) keep every board's layout."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import engine
from engine.core import Game
from render import render_png
from render.common import UNICODE_FONT_FILES, font, font_for

NAMES = ["🎲" * 32, "مرحبا بالعالم يا صديقي", "Zoë José", "x" * 32]


@pytest.mark.skipif(
    not any(Path(path).exists() for path in UNICODE_FONT_FILES),
    reason="this machine has no Unicode font to fall back on",
)
def test_the_bundled_font_is_used_only_for_what_it_can_draw() -> None:
    assert font_for("alice · bob…", 20) is font(20)
    for name in ("Zoë", "José", "Ødegaard", "Łukasz", "Наташа", "מרים"):
        assert font_for(name, 20) is not font(20), name


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda game: game.info.key)
def test_long_and_foreign_names_keep_the_boards_layout(game: Game[Any]) -> None:
    count = min(len(NAMES), game.info.max_players)
    plain = game.new_game([f"p{n}" for n in range(count)], 3)
    named = game.new_game(NAMES[:count], 3)
    sizes = [
        Image.open(BytesIO(render_png(game.info.key, game.view(state, viewer)))).size
        for state in (plain, named)
        for viewer in (None, 0)
    ]
    assert sizes[0] == sizes[2] and sizes[1] == sizes[3]
