"""A storage fault while a Discord command is carried out: the user is told privately that
nothing could be saved (and why), the cause is logged with its context, nothing changes."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.config import Settings
from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord, run_bot
from tests.support.sqlite_lock import lock_held

from .helpers import current, last_id, legal_now, make_bot, start_table


@pytest.fixture
async def impatient_bot(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> AsyncIterator[MeepleBot]:
    """A bot whose writes wait only briefly for another process's write lock."""
    settings = Settings(
        _env_file=None, database_path=tmp_path / "meeple.db", database_busy_timeout=0.3
    )
    async with run_bot(make_bot(settings), discord_server) as running:
        yield running


async def test_a_move_while_another_process_holds_the_database_is_refused_cleanly(
    impatient_bot: MeepleBot,
    discord_server: LoopbackDiscord,
    caplog: pytest.LogCaptureFixture,
    error_logs_expected: None,
) -> None:
    bot = impatient_bot
    table = await start_table(discord_server, bot)
    user, legal = await legal_now(bot, discord_server, table)
    before, posted = await current(bot, table), last_id(discord_server, table.channel)

    with lock_held(bot.store.database.path):
        handle = await discord_server.send_slash(user, table.channel, "move", {"action": legal[0]})
        answer = await handle.response()

    assert answer.ephemeral
    assert answer.content == (
        "Could not save (the database is busy); nothing changed, please try again."
    )
    assert await current(bot, table) == before
    assert last_id(discord_server, table.channel) == posted
    [record] = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert "/move by" in record and f"(id {user.id})" in record
    assert f"table {table.id}" in record and "database is locked" in record
