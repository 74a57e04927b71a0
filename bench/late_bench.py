"""Does a move late in a long game cost more than an early one? (`late_over_early_warm`)

The long game: random legal moves (the engine's seeded playout) at the game's most players,
the first seed whose game lasts 300 moves — or, for a game that never does in
`LONG_GAME_SEEDS`, the longest one, whose last eleven moves are then the late window (the
figures say which: `late_window_from`, `long_game_moves`).

On one database, through `Service.act`, the long game's table is played up to the late
window and a second table (the next seed, same players) up to the early window (moves 5–15),
untimed — which warms every cache. Then, `REPEATS` times, both positions are copied (the
table row, its seats and its action log) and the two copies play their windows in turns
(A B, B A, …), random legal moves from there, so both windows see the same machine; each
repeat continues differently, so no image of a position drawn before is drawn again (a game
that ends inside its window gives fewer acts). The figure is the ratio of the medians of all
late and all early acts. `late_over_early_warm_cpu` is the same in CPU time of the process,
which waiting for a core or the disk does not inflate on a busy machine.
"""

from __future__ import annotations

import asyncio
import statistics
from datetime import UTC, datetime
from typing import Any

from bot.service import Channel
from bot.store import Store
from bot.store.transfer import columns as columns_of
from engine.core.game import Game
from engine.core.playout import choose_action, random_playout
from engine.core.rng import Rng

from .engine_bench import player_names
from .service_bench import BenchTable, Timings, start_table, temporary_store
from .stats import EARLY_MOVES, LATE_MOVES, alternating, late_window, ratio_of_medians
from .store_bench import copy_table

LONG_GAME_SEEDS = range(1, 41)
REPEATS = 12

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
    late_from = late_window(len(long_log))[0]
    early_from, early_to = EARLY_MOVES
    window = early_to - early_from + 1
    early_times, late_times = Timings(), Timings()
    rng = Rng(seed=seed)
    async with temporary_store() as store:
        late_source = await start_table(store, game, seed, players, "late")
        await _play(late_source, long_log[: late_from - 1])
        early_source = await start_table(store, game, seed + 1, players, "early")
        early_log = random_playout(game, player_names(players), seed + 1).log
        await _play(early_source, early_log[: early_from - 1])
        for repeat in range(REPEATS):
            windows = (
                (await _copy(store, early_source, f"early-{repeat}"), early_times),
                (await _copy(store, late_source, f"late-{repeat}"), late_times),
            )
            for which in alternating(window):
                table, timings = windows[which]
                user = await table.next_user()
                if user is None:
                    continue
                text = choose_action(rng, await table.service.legal_actions(table.channel, user))
                with timings.timing():  # the act and its board: a late board is larger
                    await (await table.service.act(table.channel, user, text)).finished()
    return {
        "act_ms_early_warm": statistics.median(early_times.wall_ms),
        "act_ms_late_warm": statistics.median(late_times.wall_ms),
        "late_over_early_warm": ratio_of_medians(late_times.wall_ms, early_times.wall_ms),
        "late_over_early_warm_cpu": ratio_of_medians(late_times.cpu_ms, early_times.cpu_ms),
        "late_window_from": late_from,
        "long_game_moves": len(long_log),
        "late_acts_measured": len(late_times.wall_ms),
    }


async def _play(table: BenchTable, log: Log) -> None:
    """Play `log` (an engine playout's) at the table, but for the actions the service has
    played itself because they were a seat's only, forced, choice."""
    for number, (seat, text) in enumerate(log):
        if number >= await table.actions_played():
            await table.play(seat, text)


async def _copy(store: Store, table: BenchTable, channel_id: str) -> BenchTable:
    """A copy of `table` in the channel `channel_id` (row, seats and checkpoints by
    `copy_table`, and the action log), to play on."""
    await copy_table(store, table.table_id, 1, datetime.now(UTC), prefix=channel_id)
    copy = await store.tables.open_table(f"{channel_id}-0")
    assert copy is not None
    described = await columns_of(store.database, "actions")
    columns = ", ".join(column.name for column in described if column.name != "table_id")
    async with store.database.write() as db:
        await db.execute(
            f"INSERT INTO actions (table_id, {columns}) "
            f"SELECT ?, {columns} FROM actions WHERE table_id = ?",
            (copy.id, table.table_id),
        )
    channel = Channel(id=copy.channel_id, guild_id=table.channel.guild_id)
    return BenchTable(table.service, channel, copy.id, table.seats)
