"""Option names are kebab-case in every game (`first-game`, `more-storage`), and the older
snake-case spelling (`first_game`, `turn_order`) that stored tables and golden games kept is
still read: new games accept it, stored states load with today's keys, and games replay to
the same results."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import engine
from engine.core import BadOptions, Game, OptionValue, option_key
from engine.core.replay import replay as replay_lines
from tests.golden import Spec, Transcript, replay, specs

KEBAB_CASE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
WITH_OPTIONS = [spec for spec in specs() if spec.options]


def snake_case(options: dict[str, OptionValue]) -> dict[str, OptionValue]:
    return {key.replace("-", "_"): value for key, value in options.items()}


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda game: game.info.key)
def test_every_option_is_named_in_kebab_case(game: Game[Any]) -> None:
    for spec in game.info.options:
        assert KEBAB_CASE.match(spec.key), f"{game.info.key}: {spec.key}"


def test_the_old_spelling_is_read_as_todays_key() -> None:
    info = engine.get("terra-nova").info
    old = info.resolve_options({"first_game": "true", "turn_order": "drop-out"})
    assert old == info.resolve_options({"first-game": "true", "turn-order": "drop-out"})
    assert old["first-game"] is True and "first_game" not in old
    assert option_key(" Turn_Order ") == "turn-order"
    with pytest.raises(BadOptions, match="The option first-game of Terra Nova is given twice"):
        info.resolve_options({"first_game": "true", "first-game": "false"})


@pytest.mark.parametrize("spec", WITH_OPTIONS, ids=lambda spec: f"{spec.game}/{spec.name}")
def test_golden_games_written_with_the_old_spelling_replay_the_same(spec: Spec) -> None:
    stored = Transcript.parse(spec.path.read_text(encoding="utf-8"))
    stored.options = snake_case(stored.options)
    assert replay(stored) == stored.results


@pytest.mark.parametrize(
    "spec",
    [spec for spec in WITH_OPTIONS if any("_" in key for key in snake_case(spec.options))],
    ids=lambda spec: f"{spec.game}/{spec.name}",
)
def test_a_state_stored_with_the_old_spelling_loads_as_it_was(spec: Spec) -> None:
    """The state of a table stored before the rename, half-way through its game."""
    stored = Transcript.parse(spec.path.read_text(encoding="utf-8"))
    game = engine.get(stored.game)
    half = [f"{player}: {action}" for player, action in stored.lines[: len(stored.lines) // 2]]
    state = replay_lines(game, stored.players, stored.seed, stored.options, half).state
    data = json.loads(game.dump_state(state))
    data["options"] = snake_case(data["options"])

    loaded = game.load_state(json.dumps(data))

    assert loaded == state
    assert set(loaded.options) == {option.key for option in game.info.options}
