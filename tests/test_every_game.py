"""Every registered game is complete (the checklist of docs/architecture.md): a renderer found
through the registry, a docs page linked from the README that names its key, option sets to
play and golden games. (The benchmarks and the random-playout tests take every registered
game by themselves.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import Game
from render import render_png
from tests.golden import specs
from tests.support.option_sets import OPTION_SETS, players

ROOT = Path(__file__).parent.parent
GAMES = engine.all_games()


@pytest.mark.parametrize("game", GAMES, ids=[game.info.key for game in GAMES])
def test_the_game_has_a_renderer(game: Game[Any]) -> None:
    state = game.new_game(players(max(game.info.min_players, 2)), 1)
    assert render_png(game.info.key, game.view(state, None)).startswith(b"\x89PNG\r\n")


@pytest.mark.parametrize("game", GAMES, ids=[game.info.key for game in GAMES])
def test_the_game_has_a_docs_page_linked_from_the_readme(game: Game[Any]) -> None:
    page = ROOT / "docs" / "games" / f"{game.info.key}.md"
    assert page.exists(), f"write {page.relative_to(ROOT)}"
    assert f"`{game.info.key}`" in page.read_text(encoding="utf-8")
    assert f"docs/games/{game.info.key}.md" in (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES, ids=[game.info.key for game in GAMES])
def test_the_game_has_option_sets_and_golden_games(game: Game[Any]) -> None:
    key = game.info.key
    assert key in OPTION_SETS, "list its option sets in tests/support/option_sets.py"
    assert {spec.game for spec in specs()} >= {key}
    assert list((ROOT / "tests" / "golden" / key).glob("*.txt")), "record them: make golden"
