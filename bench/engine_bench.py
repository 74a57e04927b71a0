"""Engine figures: random playouts against python-chess's random plies, apply and
legal_actions latency, and the renderer along one long game."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core.game import Game
from engine.core.playout import random_playout

from . import chess_reference
from .render_bench import measure_render
from .stats import count_within, interleaved, rate

#: Rounds of each side, in turns; every figure is a median over them.
PLAYOUT_ROUNDS = 9
#: How long one round of each side lasts, about (the first, untimed one sizes the rest).
ROUND_SECONDS = 0.6


def player_names(count: int) -> list[str]:
    return ["alice", "bob", "carol", "dave", "erin", "frank"][:count]


def player_counts(game: Game[Any]) -> list[int]:
    return list(range(game.info.min_players, game.info.max_players + 1))


def measure_playouts(game: Game[Any]) -> dict[str, float]:
    """Random playouts (seeded, the game's player counts in turn) against python-chess's
    random games, `PLAYOUT_ROUNDS` rounds of each in turns. Each round plays the same games,
    as many as took `ROUND_SECONDS` in a first round that warms up and sizes the rest."""
    counts = player_counts(game)

    def playout(seed: int) -> int:
        return len(random_playout(game, player_names(counts[seed % len(counts)]), seed).log)

    playouts = count_within(ROUND_SECONDS, lambda index: playout(index + 1))
    chess_games = count_within(ROUND_SECONDS, lambda index: chess_reference.random_games(1, index))

    def ours() -> tuple[float, float]:
        started = time.perf_counter()
        actions = sum(playout(seed) for seed in range(1, playouts + 1))
        elapsed = time.perf_counter() - started
        return actions / elapsed, playouts / elapsed

    def theirs() -> float:
        return rate(lambda: chess_reference.random_games(chess_games, seed=0))

    our_rounds, chess_rates = interleaved(PLAYOUT_ROUNDS, ours, theirs)
    actions_per_s = statistics.median(actions for actions, _ in our_rounds)
    chess_per_s = statistics.median(chess_rates)
    return {
        "playouts_per_s": statistics.median(games for _, games in our_rounds),
        "playout_actions_per_s": actions_per_s,
        "chess_plies_per_s": chess_per_s,
        "playout_over_chess": actions_per_s / chess_per_s,
    }


def measure_steps(game: Game[Any], seed: int = 7) -> dict[str, float]:
    """Median apply (µs) and legal_actions (ms) latency along one long game, and the
    renderer on positions spread across it."""
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
    return {
        "apply_us_median": statistics.median(apply_us),
        "legal_ms_median": statistics.median(legal_ms),
        **measure_render(game, states),
    }
