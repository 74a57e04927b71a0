"""Memory of the bot's process with many tables: `rss_mb`, measured in a fresh process.

The database holds 10,000 running tables: 100 real ones (the registered games in turn, four
players each, seeds of their own) and for each of them 99 copies in channels of their own.
The 100 real ones are then played in turn — one random legal act each, `ROUNDS` times over —
through `Service.act`, as a busy bot would. `rss_mb` is the peak resident size of that
process (`VmHWM`); `rss_mb_setup` the peak before the first act. `python -m bench` runs
this module as a child process (`python -m bench.memory_bench` prints the figures as JSON),
so that the other measurements' memory does not count.
"""

from __future__ import annotations

import asyncio
import json
import resource
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import engine
from bot.allocator import tune_allocator
from engine.core.playout import choose_action
from engine.core.rng import Rng

from .service_bench import BenchTable, start_table, temporary_store
from .store_bench import copy_table

TABLES = 10_000
PLAYED = 100
PLAYERS = 4
ROUNDS = 5


def peak_rss_mb() -> float:
    """The process's peak resident size: Linux's `VmHWM`, which starts afresh with the
    program. Not `ru_maxrss`: Linux carries that over from the process that started this one
    (the bench's own, hundreds of megabytes after the other groups), so in a whole `make
    bench` run it measured the parent."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024  # kB
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


async def _measure() -> dict[str, float]:
    games = engine.all_games()
    async with temporary_store() as store:
        now = datetime.now(UTC)
        played: list[BenchTable] = []
        for number in range(PLAYED):
            game = games[number % len(games)]
            players = min(game.info.max_players, max(game.info.min_players, PLAYERS))
            table = await start_table(store, game, number + 1, players, f"played-{number}")
            played.append(table)
            copies = TABLES // PLAYED - 1
            await copy_table(store, table.table_id, copies, now, prefix=f"copy{number}")
        setup_mb = peak_rss_mb()
        rng = Rng(seed=1)
        acts = 0
        for _ in range(ROUNDS):
            for table in played:
                user = await table.next_user()
                if user is None:
                    continue
                legal = await table.service.legal_actions(table.channel, user)
                reply = await table.service.act(table.channel, user, choose_action(rng, legal))
                await reply.finished()  # its board drawn, as a transport waits for it
                acts += 1
    return {
        "rss_mb": peak_rss_mb(),
        "rss_mb_setup": setup_mb,
        "tables": TABLES,
        "tables_played": PLAYED,
        "acts": acts,
    }


def measure_memory() -> dict[str, float]:
    """The figures, measured in a fresh Python process."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.memory_bench"],
        cwd=Path(__file__).parent.parent,
        check=True,
        capture_output=True,
        text=True,
    )
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


if __name__ == "__main__":
    tune_allocator()  # as `python -m bot` does at start
    print(json.dumps(asyncio.run(_measure())))
