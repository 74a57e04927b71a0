"""Listings read every table they list, with its seats, in one query — not one per table."""

from __future__ import annotations

import pytest

from bot.service import Channel, Service
from tests.bot.helpers import ALICE, BOB, CAROL, start_table
from tests.support.sql_trace import queries, statements_run

pytestmark = pytest.mark.backends("sqlite")  # counted with SQLite's trace of the statements run


async def test_games_lists_every_open_table_of_the_server_in_one_query(service: Service) -> None:
    for number in range(6):
        await start_table(service, [ALICE, BOB], channel=Channel(f"chan-{number}", "guild-1"))
    await service.create_table(Channel("lobby", "guild-1"), CAROL, "pile", {}, 1)

    async with statements_run(service.store.database) as statements:
        reply = await service.tables_here(Channel("chan-0", "guild-1"))

    assert len(queries(statements)) == 1
    lines = reply.text.splitlines()
    assert len(lines) == 1 + 7
    assert lines[-1] == "#7 Pile (test game) in channel lobby: in the lobby with carol."
    for number, line in enumerate(lines[1:-1]):
        assert line.startswith(f"#{number + 1} Pile (test game) in channel chan-{number}: ")
        assert "alice" in line and "bob" in line and "; waiting for " in line


async def test_my_games_lists_the_tables_waiting_for_me_in_one_query(service: Service) -> None:
    mine = []
    for number in range(6):
        channel = Channel(f"chan-{number}", "guild-1")
        first, _ = await start_table(service, [ALICE, BOB], seed=number, channel=channel)
        if first == BOB:
            mine.append(channel.id)
    assert 0 < len(mine) < 6

    async with statements_run(service.store.database) as statements:
        reply = await service.my_games(BOB)

    assert len(queries(statements)) == 1
    listed = reply.text.splitlines()[1:]
    assert [line.split(" in channel ")[1].split(",")[0] for line in listed] == mine
