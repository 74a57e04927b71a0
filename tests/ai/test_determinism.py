"""A bot's choice follows from the state, its level and its seed, and nothing else."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.ai import choose_action, decide
from engine.core.errors import GameOver, NotYourTurn

from .helpers import midgame

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = [("tiny-towns", 21), ("terra-nova-2006", 40), ("terra-nova", 15), ("terramara", 32)]


@pytest.mark.parametrize(("key", "actions"), POSITIONS)
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_the_same_seed_gives_the_same_choice(key: str, actions: int, level: str) -> None:
    game = engine.get(key)
    state = midgame(key, seed=3, actions=actions)
    seat = min(game.to_act(state))
    assert len(game.legal_actions(state, seat)) > 1  # a real choice, searched
    first = decide(game, state, seat, level, seed=11)
    again = decide(game, game.load_state(game.dump_state(state)), seat, level, seed=11)
    assert first == again
    assert first.action in game.legal_actions(state, seat)


@pytest.mark.parametrize(("key", "actions"), POSITIONS)
def test_the_random_level_depends_on_its_seed(key: str, actions: int) -> None:
    game = engine.get(key)
    state = midgame(key, seed=3, actions=actions)
    seat = min(game.to_act(state))
    assert len(game.legal_actions(state, seat)) >= 3
    choices = {choose_action(game, state, seat, "random", seed) for seed in range(20)}
    assert len(choices) > 1


def test_normal_searches_with_its_budget_and_strong_with_more() -> None:
    game = engine.get("terra-nova-2006")
    state = midgame("terra-nova-2006", seed=3, actions=40)
    seat = min(game.to_act(state))
    normal = decide(game, state, seat, "normal", seed=1)
    strong = decide(game, state, seat, "strong", seed=1)
    assert 0 < normal.iterations < strong.iterations
    assert not normal.capped and not strong.capped


def test_a_bot_refuses_a_seat_that_is_not_to_act_and_a_finished_game() -> None:
    game = engine.get("terra-nova-2006")
    state = midgame("terra-nova-2006", seed=3, actions=40)
    idle = next(seat for seat in range(2) if seat not in game.to_act(state))
    with pytest.raises(NotYourTurn):
        decide(game, state, idle, "normal")
    over = midgame("terra-nova", seed=2, actions=10_000)
    assert engine.get("terra-nova").is_over(over)
    with pytest.raises(GameOver):
        decide(engine.get("terra-nova"), over, 0, "easy")


def test_an_unknown_level_is_refused_with_the_known_ones() -> None:
    game = engine.get("tiny-towns")
    state = game.new_game(["alice", "bob"], 1)
    with pytest.raises(Exception, match="Levels: random, easy, normal, strong"):
        decide(game, state, 0, "grandmaster")


def test_another_process_makes_the_same_choice() -> None:
    """No iteration over hashed sets: a new process (another hash seed) chooses alike."""
    script = (
        "from tests.ai.helpers import midgame; import engine; from engine.ai import decide; "
        "game = engine.get('tiny-towns'); state = midgame('tiny-towns', 3, 21); "
        "print(decide(game, state, min(game.to_act(state)), 'normal', 5))"
    )
    answers = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            timeout=120,
            check=True,
        ).stdout
        for hash_seed in ("1", "2", "3")
    }
    assert len(answers) == 1


def test_where_nothing_is_random_the_seed_still_varies_the_game() -> None:
    """Terra Nova (2006) has no chance at all: ties between equally promising actions are
    broken by the seed, or every game between two bots would be the same game."""
    game = engine.get("terra-nova-2006")
    state = game.new_game(["alice", "bob"], 1)
    seat = min(game.to_act(state))
    choices = {decide(game, state, seat, "normal", seed).action for seed in range(8)}
    assert len(choices) > 1
