"""Engine figures: random playouts per second, apply and legal_actions latency."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core.game import Game
from engine.core.playout import random_playout

PLAYOUT_SEEDS = range(1, 31)


def player_names(count: int) -> list[str]:
    return ["alice", "bob", "carol", "dave", "erin", "frank"][:count]


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


def measure_playouts(game: Game[Any]) -> dict[str, float]:
    """Whole random games per second, over the game's player counts."""
    counts = player_counts(game)
    started = time.perf_counter()
    for seed in PLAYOUT_SEEDS:
        random_playout(game, player_names(counts[seed % len(counts)]), seed)
    elapsed = time.perf_counter() - started
    return {"playouts_per_s": len(PLAYOUT_SEEDS) / elapsed}


def measure_steps(game: Game[Any], seed: int = 7) -> tuple[dict[str, float], list[Any]]:
    """Median apply (µs) and legal_actions (ms) latency along one long game; returns its states."""
    players = player_names(game.info.max_players)
    playout = random_playout(game, players, seed)
    state = game.new_game(players, seed)
    apply_us: list[float] = []
    legal_ms: list[float] = []
    states = [state]
    for seat, text in playout.log:
        started = time.perf_counter_ns()
        game.legal_actions(state, seat)
        legal_ms.append((time.perf_counter_ns() - started) / 1e6)
        started = time.perf_counter_ns()
        state, _ = game.apply(state, seat, text)
        apply_us.append((time.perf_counter_ns() - started) / 1e3)
        states.append(state)
    figures = {
        "apply_us_median": statistics.median(apply_us),
        "legal_ms_median": statistics.median(legal_ms),
    }
    return figures, states
