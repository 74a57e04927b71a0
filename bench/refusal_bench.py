"""What absurd input costs: the refusal of a 6,000-character move (what Discord lets a user
type into an option) against that of a short illegal move, both through `Service.act`.

The two are timed in turns in one run, on a position in the middle of a game, so both see the
same machine; the figure is the ratio of their medians (`refuse_long_over_short`, goal ≤ 1.2):
a long input must not cost more than a sensible one.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.service import Channel, Service, ServiceError, User
from bot.store import Store
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng

from .engine_bench import player_names

ABSURD_LENGTH = 6000
#: Random moves played before measuring, so the position has a game's worth of options.
WARM_UP_MOVES = 12
ROUNDS = 60


def measure_refusals(game: Game[Any], seed: int = 11) -> dict[str, float]:
    return asyncio.run(_measure_refusals(game, seed))


async def _measure_refusals(game: Game[Any], seed: int) -> dict[str, float]:
    users = [
        User(id=f"u{n}", name=name) for n, name in enumerate(player_names(game.info.max_players))
    ]
    channel = Channel(id="bench-channel", guild_id="bench-guild")
    rng = Rng(seed=seed)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.db")
        try:
            service = Service(store)
            await service.create_table(channel, users[0], game.info.key, seed=seed)
            for user in users[1:]:
                await service.join(channel, user)
            table_id = (await service.start(channel, users[0])).table_id
            assert table_id is not None
            by_id = {user.id: user for user in users}
            seats = {seat.seat: by_id[seat.user_id] for seat in await store.seats(table_id)}
            for _ in range(WARM_UP_MOVES):
                record = await store.table(table_id)
                assert record is not None
                user = seats[min(record.to_act)]
                await service.act(
                    channel, user, choose_action(rng, await service.legal_actions(channel, user))
                )
            record = await store.table(table_id)
            assert record is not None and record.status == "active"
            user = seats[min(record.to_act)]
            legal = await service.legal_actions(channel, user)
            short = "zz" + legal[0]  # no action at all: parsed, refused, suggestions searched
            long = (short + " ") * (ABSURD_LENGTH // (len(short) + 1) + 1)
            long = long[:ABSURD_LENGTH]
            times: dict[str, list[float]] = {"short": [], "long": []}
            for index in range(ROUNDS):
                order = ("short", "long") if index % 2 else ("long", "short")
                for kind in order:
                    text = short if kind == "short" else long
                    started = time.perf_counter_ns()
                    try:
                        await service.act(channel, user, text)
                    except ServiceError:
                        pass
                    else:
                        raise AssertionError(f"{text[:40]!r} was not refused")
                    times[kind].append((time.perf_counter_ns() - started) / 1e6)
        finally:
            await store.close()
    return {
        "refuse_short_ms_p50": statistics.median(times["short"]),
        "refuse_long_ms_p50": statistics.median(times["long"]),
        "refuse_long_over_short": statistics.median(times["long"])
        / statistics.median(times["short"]),
    }
