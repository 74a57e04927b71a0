"""Two sharded bots on one database, each running one of two gateway shards of the loopback
Discord (here in one process; `test_several_processes.py` runs real processes): each guild's
interactions reach only the bot of its shard, both play their tables, and the command tree is
synced once however many start at once."""

from __future__ import annotations

import asyncio
from contextlib import AsyncExitStack
from pathlib import Path

import pytest

from bot.config import Settings
from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord, default_world, run_bot, serve_loopback
from tests.discord_loopback.world import add_guild, shard_of

from .helpers import legal_now, make_bot, newer_message, start_table

SHARDS = 2


def sharded(tmp_path: Path, shard: int) -> Settings:
    return Settings(
        _env_file=None,
        database_path=tmp_path / "meeple.db",
        shard_count=SHARDS,
        shard_ids=(shard,),
    )


def interactions_per_session(server: LoopbackDiscord) -> dict[str, int]:
    """How many bot sessions received each interaction."""
    counts: dict[str, int] = {}
    for session in server.gateway.sessions.values():
        for frame in session.sent:
            if frame["t"] == "INTERACTION_CREATE":
                counts[frame["d"]["id"]] = counts.get(frame["d"]["id"], 0) + 1
    return counts


async def test_each_shard_serves_its_guilds_and_the_commands_are_synced_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    world = default_world()
    first_shard = shard_of(world.guild.id, SHARDS)
    second = add_guild(world, "second", shard=1 - first_shard, shard_count=SHARDS)
    async with serve_loopback(monkeypatch, world) as server, AsyncExitStack() as stack:
        bots: list[MeepleBot] = list(
            await asyncio.gather(
                *(
                    stack.enter_async_context(run_bot(make_bot(sharded(tmp_path, shard)), server))
                    for shard in range(SHARDS)
                )
            )
        )
        assert sorted(server.gateway.identified_shards) == [(0, SHARDS), (1, SHARDS)]
        assert len(server.command_syncs) == 1
        by_shard = {shard: bot for bot in bots for shard in bot.shards}
        assert [g.id for g in by_shard[first_shard].guilds] == [world.guild.id]
        assert [g.id for g in by_shard[1 - first_shard].guilds] == [second.id]

        for channel, bot in (("games", bots[0]), ("second-games", bots[1])):
            table = await start_table(server, bot, channel_name=channel)
            mover, legal = await legal_now(bot, server, table)
            handle = await server.send_slash(mover, table.channel, "move", {"action": legal[0]})
            await handle.response()
            await newer_message(server, table.channel, table.lobby.id, f": {legal[0]}")

        assert set(interactions_per_session(server).values()) == {1}
