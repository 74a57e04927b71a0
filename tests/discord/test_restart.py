"""Restarting the bot mid-game: the tables live in the database, and buttons posted by an
earlier process (lobby, preview, undo) still work in the next one."""

from __future__ import annotations

import pytest

from bot.config import Settings
from tests.discord_loopback import LoopbackDiscord, run_bot

from .helpers import (
    Table,
    ask,
    confirm_id,
    last_id,
    legal_now,
    make_bot,
    newer_message,
    open_lobby,
    start_table,
    wait_for_log,
)


async def test_the_game_and_its_old_buttons_survive_restarts(
    discord_server: LoopbackDiscord, settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")

    async with run_bot(make_bot(settings), discord_server):
        lobby = await open_lobby(discord_server, alice, games)
        await (await discord_server.click(bob, lobby, "mp:lobby:join:1")).response()
        await newer_message(discord_server, games, lobby.id, "Bob joins")

    async with run_bot(make_bot(settings), discord_server) as bot:
        await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()
        await newer_message(discord_server, games, lobby.id, "begins")
        seats = {str(user.id): user for user in (alice, bob)}
        table = Table(1, games, lobby, [seats[s.user_id] for s in await bot.store.tables.seats(1)])
        mover, legal = await legal_now(bot, discord_server, table)
        asked = await discord_server.send_slash(
            mover, games, "move", {"action": legal[0], "preview": True}
        )
        preview = await asked.original_message()

    async with run_bot(make_bot(settings), discord_server) as bot:
        before = last_id(discord_server, games)
        confirm = next(c for c in preview.custom_ids if ":confirm:" in c)
        await (await discord_server.click(mover, preview, confirm)).response()
        played = await newer_message(discord_server, games, before, f": {legal[0]}")
        undo = await discord_server.send_slash(mover, games, "undo")
        request = await newer_message(discord_server, games, played.id, "asks to take back")

    async with run_bot(make_bot(settings), discord_server) as bot:
        other = bob if mover == alice else alice
        approve = next(c for c in request.custom_ids if ":approve:" in c)
        await (await discord_server.click(other, request, approve)).response()
        await newer_message(discord_server, games, request.id, "Taken back")
        record = await bot.store.tables.table(1)
        assert record is not None and (record.status, record.move_count) == ("active", 0)

        await undo.deliver_again()  # answered by the previous process already

        await wait_for_log(caplog, f"ignored a repeated delivery of interaction {undo.id}")
        assert undo.record.rejections == []
    assert discord_server.gateway.identifies == 4
    assert len(discord_server.command_syncs) == 1  # only the first start had to sync


async def test_a_questions_buttons_work_after_a_restart(
    discord_server: LoopbackDiscord, settings: Settings
) -> None:
    """/abandon asks in one process; its Confirm is clicked in the next one."""
    async with run_bot(make_bot(settings), discord_server) as bot:
        table = await start_table(discord_server, bot)
        creator = discord_server.user("alice")
        question = await ask(discord_server, creator, table.channel, "abandon")

    async with run_bot(make_bot(settings), discord_server) as bot:
        before = last_id(discord_server, table.channel)
        await (await discord_server.click(creator, question, confirm_id(question))).response()
        await newer_message(discord_server, table.channel, before, "Alice abandoned table #1")
        record = await bot.store.tables.table(table.id)
        assert record is not None and record.status == "abandoned"
