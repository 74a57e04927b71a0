"""Discord round trip: a `/move` interaction sent through the loopback Discord stand-in
until the bot has acknowledged it, until the public move message (its words and pings) has
been posted — what a player waits for, through the real discord.py code — and until the bot
has finished the move, its board attached to that message (`discord_done_ms_p50`); the next
move is sent only then."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from bot.config import Settings
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.core.rng import Rng
from tests.discord.helpers import current, last_id, make_bot, newer_message, start_table
from tests.discord_loopback import run_bot, serve_loopback

from .stats import percentile

MOVES = 60
PLAYERS = ("alice", "bob", "carol")


def measure_discord(game: Game[Any], seed: int = 13) -> dict[str, float]:
    return asyncio.run(_measure(game, seed))


async def _measure(game: Game[Any], seed: int) -> dict[str, float]:
    acks: list[float] = []
    posts: list[float] = []
    done: list[float] = []
    patch = pytest.MonkeyPatch()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(_env_file=None, database_path=Path(folder) / "bench.db")
        try:
            async with (
                serve_loopback(patch) as server,
                run_bot(make_bot(settings), server) as bot,
            ):
                players = PLAYERS[: max(game.info.min_players, min(3, game.info.max_players))]
                table = await start_table(server, bot, players, seed=seed, game=game.info.key)
                chooser = Rng(seed=seed)
                for _ in range(MOVES):
                    record = await current(bot, table)
                    if record.status != "active" or record.state_json is None:
                        break
                    state = game.load_state(record.state_json)
                    seat = min(record.to_act)
                    action = choose_action(chooser, game.legal_actions(state, seat))
                    before = last_id(server, table.channel)
                    started = time.perf_counter()
                    handle = await server.send_slash(
                        table.seats[seat], table.channel, "move", {"action": action}
                    )
                    await handle.response()
                    acks.append((time.perf_counter() - started) * 1000)
                    await newer_message(server, table.channel, before)
                    posts.append((time.perf_counter() - started) * 1000)
                    await bot.flow.drain(timeout=30)  # the board attached, if the move has one
                    done.append((time.perf_counter() - started) * 1000)
        finally:
            patch.undo()
    return {
        "discord_ack_ms_p95": percentile(acks, 0.95),
        "discord_ms_p50": statistics.median(posts),
        "discord_ms_p95": percentile(posts, 0.95),
        "discord_done_ms_p50": statistics.median(done),
    }
