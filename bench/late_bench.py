"""Does a move late in a long game cost more than an early one? (`late_over_early_warm`)

The long game: random legal moves (the engine's seeded playout) at the game's most players,
the first seed whose game lasts 300 moves — or, for a game that never does in
`LONG_GAME_SEEDS`, the longest one, whose last eleven moves are then the late window (the
figures say which: `late_window_from`, `long_game_moves`).

Both windows are played through `Service.act` on one database: the long game's table up to
move 289 and a second table (the next seed, same players) up to move 4, untimed — which warms
every cache —, then the second table's moves 5–15 and the long game's moves 290–300 in turns
(A B, B A, …), so both windows see the same machine. The early window is another game's so
that it cannot reuse images the long game drew of the very same positions.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from engine.core.game import Game
from engine.core.playout import random_playout

from .engine_bench import player_names
from .service_bench import BenchTable, start_table, temporary_store
from .stats import EARLY_MOVES, LATE_MOVES, alternating, late_window, ratio_of_medians

LONG_GAME_SEEDS = range(1, 41)

Log = list[tuple[int, str]]


def long_game(game: Game[Any]) -> tuple[int, int, Log]:
    """Players, seed and moves of the first random game that reaches move 300 (else the
    longest one)."""
    players = game.info.max_players
    longest: tuple[int, Log] = (0, [])
    for seed in LONG_GAME_SEEDS:
        log = random_playout(game, player_names(players), seed).log
        if len(log) >= LATE_MOVES[1]:
            return players, seed, log
        longest = max(longest, (seed, log), key=lambda found: len(found[1]))
    return players, longest[0], longest[1]


def measure_late(game: Game[Any]) -> dict[str, float]:
    return asyncio.run(_measure_late(game))


async def _measure_late(game: Game[Any]) -> dict[str, float]:
    players, seed, long_log = long_game(game)
    early_log = random_playout(game, player_names(players), seed + 1).log
    late_from, late_to = late_window(len(long_log))
    early_from, early_to = EARLY_MOVES
    async with temporary_store() as store:
        late = await start_table(store, game, seed, players, "bench-late")
        await _play(late, long_log[: late_from - 1])
        early = await start_table(store, game, seed + 1, players, "bench-early")
        await _play(early, early_log[: early_from - 1])
        early_ms: list[float] = []
        late_ms: list[float] = []
        windows = (
            (early, early_log[early_from - 1 : early_to], early_ms),
            (late, long_log[late_from - 1 : late_to], late_ms),
        )
        for index, which in enumerate(alternating(early_to - early_from + 1)):
            table, moves, times = windows[which]
            seat, text = moves[index // 2]
            started = time.perf_counter_ns()
            await table.play(seat, text)
            times.append((time.perf_counter_ns() - started) / 1e6)
    return {
        "act_ms_early_warm": statistics.median(early_ms),
        "act_ms_late_warm": statistics.median(late_ms),
        "late_over_early_warm": ratio_of_medians(late_ms, early_ms),
        "late_window_from": late_from,
        "long_game_moves": len(long_log),
    }


async def _play(table: BenchTable, log: Log) -> None:
    for seat, text in log:
        await table.play(seat, text)
