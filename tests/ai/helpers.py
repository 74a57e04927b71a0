"""Positions for bot tests: seeded games advanced by cheap bots."""

from __future__ import annotations

from typing import Any

import engine
from engine.ai import decide

NAMES = ["alice", "bob", "carol", "dave"]


def midgame(key: str, seed: int, actions: int, players: int = 2) -> Any:
    """The state after `actions` actions of easy bots in a seeded game (or at its end)."""
    game = engine.get(key)
    state = game.new_game(NAMES[:players], seed)
    for count in range(actions):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        state = game.apply(state, seat, decide(game, state, seat, "easy", count).action).state
    return state
