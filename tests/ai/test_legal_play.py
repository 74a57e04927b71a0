"""Bots only ever play legal actions: many seeded bot-vs-bot games of every game.

Cheap levels carry the bulk: 300 games per game (issue 13), random and easy seats over every
player count and the games' variants, about 45 s of CPU for the four games. They share with
the search what could make a move illegal — the determinised state the bot sees, its legal
actions and the heuristics' candidates — and differ only in how they pick one; one game per
game is played at `normal` to cover the search itself. Each chosen action
must be among the seat's legal actions at that moment, and every game must end.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.ai import decide
from engine.core.game import Game

GAMES_PER_KEY = 300
MAX_ACTIONS = 5_000
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
CHEAP = ("random", "easy")
#: Option sets played in turn; those for two players only (or at least two) say so.
VARIANTS: dict[str, list[tuple[dict[str, Any], int | None]]] = {
    "tiny-towns": [
        ({}, None),
        ({"prospectors": True}, 2),
        ({"more-storage": True, "monuments": False}, None),
        ({"buildings": "first-game"}, None),
    ],
    "terra-nova": [
        ({}, None),
        ({"variant": "planner"}, 2),
        ({"variant": "lucky-digger"}, 2),
        ({"turn-order": "drop-out", "first-game": True}, None),
    ],
}


def play(
    game: Game[Any], levels: list[str], seed: int, options: dict[str, Any] | None = None
) -> int:
    """Play one game between `levels` (seat order); return how many actions it took."""
    state = game.new_game(NAMES[: len(levels)], seed, options)
    for count in range(MAX_ACTIONS):
        if game.is_over(state):
            return count
        seat = min(game.to_act(state))
        action = decide(game, state, seat, levels[seat], seed * 7919 + count).action
        assert action in game.legal_actions(state, seat), (seed, levels, count, action)
        state = game.apply(state, seat, action).state
    raise AssertionError(f"seed {seed}: {levels} did not finish in {MAX_ACTIONS} actions")


def cheap_game(game: Game[Any], seed: int) -> tuple[list[str], dict[str, Any]]:
    """Random and easy seats in turn (never all random: random players alone make Terra
    Nova (2006) last thousands of actions) over the game's player counts (two most often),
    and one of its variants."""
    variants = VARIANTS.get(game.info.key, [({}, None)])
    options, count = variants[seed % len(variants)]
    if count is None:
        low, high = game.info.min_players, game.info.max_players
        counts = [max(low, 2), *range(low, high + 1)]
        count = counts[seed // len(variants) % len(counts)]
    return [CHEAP[(seed + seat) % 2] for seat in range(count)], options


@pytest.mark.parametrize("key", [game.info.key for game in engine.all_games()])
def test_cheap_bots_play_only_legal_actions(key: str) -> None:
    game = engine.get(key)
    for seed in range(GAMES_PER_KEY):
        levels, options = cheap_game(game, seed)
        play(game, levels, seed, options)


@pytest.mark.parametrize("key", [game.info.key for game in engine.all_games()])
def test_a_normal_bot_plays_a_whole_game_legally(key: str) -> None:
    game = engine.get(key)
    assert play(game, ["normal", "easy"], 1) > 0
