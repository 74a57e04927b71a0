"""Looking at tables through Discord — /board, /status, /history, /games, /mygames, /rules,
/help — and how an unexpected failure is answered."""

from __future__ import annotations

import pytest

from bot.commands import COMMANDS
from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord

from .helpers import PNG_SIGNATURE, last_id, newer_message, open_lobby, start_table


async def test_board_is_public_and_status_and_history_are_private(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    alice = discord_server.user("alice")
    before = last_id(discord_server, table.channel)

    board = await discord_server.send_slash(alice, table.channel, "board")
    status = await discord_server.send_slash(alice, table.channel, "status")
    history = await discord_server.send_slash(alice, table.channel, "history", {"count": 1})

    shown = await newer_message(discord_server, table.channel, before)
    assert shown.content.startswith("Table #1 (Terra Nova (2006)) after action 0.")
    assert shown.files[0].data.startswith(PNG_SIGNATURE)
    mine = await status.original_message()
    assert mine.ephemeral and "You play as Alice" in mine.content
    assert mine.files[0].data.startswith(PNG_SIGNATURE)
    assert "Nothing has been played" in (await history.original_message()).content
    await discord_server.state.wait_until(
        lambda: (board.message is not None and board.message.deleted) or None,
        timeout=3,
        what="the thinking note of /board to go",
    )
    assert [m.id for m in discord_server.messages(table.channel) if m.id > before] == [shown.id]


async def test_games_lists_this_servers_tables_and_mygames_those_waiting_for_you(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot, channel_name="games-2")
    await open_lobby(discord_server, discord_server.user("carol"), discord_server.channel("games"))
    record = await bot.store.tables.table(table.id)
    assert record is not None
    mover = table.seats[record.to_act[0]]

    games = await discord_server.send_slash(
        discord_server.user("dave"), discord_server.channel("general"), "games"
    )
    mine = await discord_server.send_slash(mover, discord_server.dm_channel(mover), "mygames")

    listing = (await games.original_message()).content
    assert f"#1 Terra Nova (2006) in <#{table.channel.id}>: Alice and Bob; waiting for" in listing
    assert f"#2 Terra Nova (2006) in <#{discord_server.channel('games').id}>: in the lobby" in (
        listing
    )
    waiting = (await mine.original_message()).content
    guild = discord_server.world.guild.id
    assert waiting.startswith("Waiting for you:\n• #1 Terra Nova (2006)")
    assert f"https://discord.com/channels/{guild}/{table.channel.id}" in waiting


async def test_rules_and_help(bot: MeepleBot, discord_server: LoopbackDiscord) -> None:
    dave, general = discord_server.user("dave"), discord_server.channel("general")

    rules = await discord_server.send_slash(dave, general, "rules", {"game": "terra-nova-2006"})
    games = await discord_server.send_slash(dave, general, "rules")
    helped = await discord_server.send_slash(dave, general, "help")

    summary = await rules.original_message()
    assert summary.ephemeral and summary.content.startswith("**Terra Nova (2006) — ")
    assert "terra-nova-2006: Terra Nova (2006)" in (await games.original_message()).content
    # More than one message's worth: the rest follows in a second private message.
    (rest,) = await helped.followups(1)
    text = (await helped.original_message()).content + "\n" + rest.content
    assert rest.ephemeral
    for name in COMMANDS:
        assert f"`/{name}" in text
    assert "`/move action:<text> [preview]`" in text  # optional options by name: one message
    assert "`/skip player:<@member>`" in text


async def test_an_unexpected_failure_is_answered_privately_and_logged_with_context(
    bot: MeepleBot,
    discord_server: LoopbackDiscord,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    error_logs_expected: None,
) -> None:
    table = await start_table(discord_server, bot)

    async def broken(*args: object) -> None:
        raise RuntimeError("the board is on fire")

    monkeypatch.setattr(bot.service, "board", broken)
    alice = discord_server.user("alice")

    handle = await discord_server.send_slash(alice, table.channel, "board")

    answer = await handle.original_message()
    assert answer.ephemeral
    assert answer.content.startswith("Something went wrong on my side, so nothing was changed.")
    (logged,) = [r for r in caplog.records if "failed unexpectedly" in r.getMessage()]
    assert f"/board by alice (id {alice.id}) in channel {table.channel.id}" in logged.getMessage()
    assert "(table 1)" in logged.getMessage()
    assert logged.exc_info is not None and "on fire" in str(logged.exc_info[1])
