"""The arena: its JSON object, its reproducibility from the seed, and its command line."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import engine
from engine.ai import decide, search
from engine.ai.arena import run_arena
from engine.core.errors import BadOptions

ROOT = Path(__file__).resolve().parents[2]
LEVEL_KEYS = {
    "games",
    "wins",
    "win_rate",
    "mean_score",
    "decisions",
    "mean_decision_ms",
    "p95_decision_ms",
    "max_decision_ms",
    "p95_decision_cpu_ms",
    "time_capped",
}
TIMES = ("mean_decision_ms", "p95_decision_ms", "max_decision_ms", "p95_decision_cpu_ms")


def without_times(result: dict[str, Any]) -> dict[str, Any]:
    levels = {
        name: {key: value for key, value in figures.items() if key not in TIMES}
        for name, figures in result["levels"].items()
    }
    return {**result, "levels": levels}


def arena_cli(*args: str, hash_seed: str = "0") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", "arena", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": hash_seed},
        timeout=300,
    )


def test_the_result_names_every_level_with_its_figures() -> None:
    result = run_arena(engine.get("terra-nova"), ["easy", "random"], games=4, seed=3)
    assert set(result) == {
        "game",
        "bots",
        "games",
        "first",
        "seed",
        "options",
        "unfinished",
        "mean_actions",
        "levels",
    }
    assert result["game"] == "terra-nova" and result["bots"] == ["easy", "random"]
    assert result["games"] == 4 and result["first"] == 1 and result["seed"] == 3
    assert result["unfinished"] == 0
    assert list(result["levels"]) == ["easy", "random"]
    for figures in result["levels"].values():
        assert set(figures) == LEVEL_KEYS
        assert figures["games"] == 4 and figures["decisions"] > 0
        assert 0 <= figures["win_rate"] <= 1
        assert figures["p95_decision_ms"] <= figures["max_decision_ms"]
    assert sum(f["wins"] for f in result["levels"].values()) == pytest.approx(4)


def test_seats_rotate_and_ties_are_split() -> None:
    result = run_arena(engine.get("tiny-towns"), ["random", "random", "easy"], games=3, seed=1)
    assert result["levels"]["random"]["games"] == 6
    assert result["levels"]["easy"]["games"] == 3
    assert sum(f["wins"] for f in result["levels"].values()) == pytest.approx(3)


def test_the_same_seed_gives_the_same_figures_but_the_times() -> None:
    game = engine.get("terra-nova")
    first = run_arena(game, ["normal", "easy"], games=1, seed=9)
    again = run_arena(game, ["normal", "easy"], games=1, seed=9)
    assert without_times(first) == without_times(again)
    other = run_arena(game, ["random", "easy"], games=2, seed=10)
    assert without_times(other) != without_times(run_arena(game, ["random", "easy"], 2, seed=11))


def test_the_command_line_reproduces_its_figures_in_another_process() -> None:
    args = ("terra-nova", "--bots", "normal,easy", "--games", "1", "--seed", "4")
    first, again = arena_cli(*args, hash_seed="1"), arena_cli(*args, hash_seed="2")
    assert first.returncode == 0 and again.returncode == 0, first.stderr + again.stderr
    assert first.stderr == ""
    assert without_times(json.loads(first.stdout)) == without_times(json.loads(again.stdout))


def test_a_starved_process_plays_the_same_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena searches to the budget: a clock on which every search runs out of time at
    once, as on a machine too loaded to give the process a core, cuts a table's choice short
    but changes no arena game."""
    game = engine.get("tiny-towns")
    calm = run_arena(game, ["normal", "random"], games=1, seed=5)
    ticks = itertools.count(step=1000.0)
    monkeypatch.setattr(search, "time", SimpleNamespace(perf_counter=lambda: next(ticks)))
    state = game.new_game(["a", "b"], 5)
    assert decide(game, state, min(game.to_act(state)), "normal", 1).capped
    assert without_times(run_arena(game, ["normal", "random"], games=1, seed=5)) == (
        without_times(calm)
    )


def test_several_jobs_give_the_same_figures() -> None:
    args = ("terra-nova", "--bots", "easy,random", "--games", "4", "--seed", "6")
    alone, together = arena_cli(*args), arena_cli(*args, "--jobs", "2")
    assert alone.returncode == 0 and together.returncode == 0, alone.stderr + together.stderr
    assert without_times(json.loads(alone.stdout)) == without_times(json.loads(together.stdout))


def test_the_later_games_of_a_run_are_played_alone_as_in_the_whole_run() -> None:
    """`first` continues a long run: games 3–4 of a 4-game run are the whole run's games 3–4,
    numbered as in the whole run."""
    game = engine.get("tiny-towns")
    played: dict[str, list[tuple[int, list[int]]]] = {"whole": [], "split": []}

    def recorder(run: str) -> Any:
        return lambda index, record: played[run].append((index, record.scores))

    run_arena(game, ["easy", "random"], 4, seed=8, progress=recorder("whole"))
    part = run_arena(game, ["easy", "random"], 4, seed=8, progress=recorder("split"), first=3)
    assert played["split"] == played["whole"][2:]
    assert part["first"] == 3 and part["levels"]["easy"]["games"] == 2


def test_options_reach_the_game() -> None:
    result = run_arena(
        engine.get("tiny-towns"), ["easy", "easy"], games=1, seed=2, options={"monuments": "no"}
    )
    assert result["options"] == {"monuments": "no"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("tiny-towns", "--bots", "normal,wizard", "--games", "1"), "no bot level 'wizard'"),
        (("terra-nova", "--bots", "normal", "--games", "1"), "is for 2–4 players"),
        (("tiny-towns", "--bots", "easy,easy", "--games", "0"), "at least 1"),
        (("chess", "--bots", "easy,easy", "--games", "1"), "no game called 'chess'"),
        (("tiny-towns", "--bots", "easy,easy", "--games", "1", "--option", "x"), "KEY=VALUE"),
        (("tiny-towns", "--bots", "easy,easy", "--games", "1", "--option", "x=1"), "no option"),
        (("tiny-towns", "--bots", "easy,easy", "--games", "1", "--jobs", "0"), "--jobs"),
        (("tiny-towns", "--bots", "easy,easy", "--games", "2", "--first", "3"), "1 to 2"),
    ],
)
def test_bad_input_exits_with_status_2_and_one_line(args: tuple[str, ...], message: str) -> None:
    result = arena_cli(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_wrong_number_of_bots_is_a_bad_option() -> None:
    with pytest.raises(BadOptions):
        run_arena(engine.get("terra-nova-2006"), ["easy"] * 5, games=1, seed=0)
