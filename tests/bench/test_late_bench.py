"""The late group's set-up against the service as it is: an engine playout played at a table
(the service plays forced actions itself) and a table copied to play on — both broke unnoticed
when the service changed."""

from __future__ import annotations

from bench.engine_bench import player_names
from bench.late_bench import _copy, _play
from bench.service_bench import start_table, temporary_store
from engine.core.playout import random_playout
from engine.games.terra_nova import TerraNova

GAME = TerraNova()
PLAYERS = 4
SEED = 1


async def test_a_playout_plays_at_a_table_and_a_copy_plays_on_alike() -> None:
    log = random_playout(GAME, player_names(PLAYERS), SEED).log
    async with temporary_store() as store:
        table = await start_table(store, GAME, SEED, PLAYERS, "source")
        await _play(table, log[:40])
        assert await table.actions_played() >= 40
        copy = await _copy(store, table, "copy")
        assert await copy.actions_played() == await table.actions_played()
        source_log = await store.actions.actions_between(table.table_id, 1, 10_000)
        copied_log = await store.actions.actions_between(copy.table_id, 1, 10_000)
        assert [(a.seat, a.text, a.automatic) for a in copied_log] == [
            (a.seat, a.text, a.automatic) for a in source_log
        ]
        await _play(copy, log[:60])  # the copy goes on as the source would
        await _play(table, log[:60])
        source = await store.tables.table(table.table_id)
        copied = await store.tables.table(copy.table_id)
        assert source is not None and copied is not None
        assert copied.state_json == source.state_json
