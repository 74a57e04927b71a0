"""What absurd input costs: the refusal of a 6,000-character move (what Discord lets a user
type into an option) against that of a short illegal move, both through `Service.act`.

The two are timed in turns in one run, on a position in the middle of a game, so both see the
same machine; the figure is the ratio of their medians (`refuse_long_over_short`, goal ≤ 1.2):
a long input must not cost more than a sensible one.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from bot.service import ServiceError
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng

from .service_bench import bench_table
from .stats import ratio_of_medians

ABSURD_LENGTH = 6000
#: Random moves played before measuring, so the position has a game's worth of options.
WARM_UP_MOVES = 12
ROUNDS = 60


def measure_refusals(game: Game[Any], seed: int = 11) -> dict[str, float]:
    return asyncio.run(_measure_refusals(game, seed))


async def _measure_refusals(game: Game[Any], seed: int) -> dict[str, float]:
    rng = Rng(seed=seed)
    times: dict[str, list[float]] = {"short": [], "long": []}
    async with bench_table(game, seed) as table:
        service, channel = table.service, table.channel
        for _ in range(WARM_UP_MOVES):
            mover = await table.next_user()
            assert mover is not None, "the game lasts longer than the warm-up"
            legal = await service.legal_actions(channel, mover)
            await (await service.act(channel, mover, choose_action(rng, legal))).finished()
        user = await table.next_user()
        assert user is not None
        legal = await service.legal_actions(channel, user)
        short = "zz" + legal[0]  # no action at all: parsed, refused, suggestions searched
        long = ((short + " ") * (ABSURD_LENGTH // (len(short) + 1) + 1))[:ABSURD_LENGTH]
        for index in range(ROUNDS):
            for kind in ("short", "long") if index % 2 else ("long", "short"):
                text = short if kind == "short" else long
                started = time.perf_counter_ns()
                try:
                    await service.act(channel, user, text)
                except ServiceError:
                    pass
                else:
                    raise AssertionError(f"{text[:40]!r} was not refused")
                times[kind].append((time.perf_counter_ns() - started) / 1e6)
    return {
        "refuse_short_ms_p50": statistics.median(times["short"]),
        "refuse_long_ms_p50": statistics.median(times["long"]),
        "refuse_long_over_short": ratio_of_medians(times["long"], times["short"]),
    }
