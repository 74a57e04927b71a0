"""Records and ratings through Discord: /export (a file only for you), /replay (said to be
coming, then posted as an animated GIF), /leaderboard and /stats."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord_app import MeepleBot
from tests.discord_loopback import LoopbackDiscord

from .helpers import (
    current,
    last_id,
    newer_message,
    play_directly,
    player,
    service_channel,
    start_table,
)


async def test_export_and_replay(bot: MeepleBot, discord_server: LoopbackDiscord) -> None:
    table = await start_table(discord_server, bot)
    await play_directly(bot, discord_server, table, lambda record: record.move_count >= 3)
    alice = discord_server.user("alice")

    exported = await discord_server.send_slash(alice, table.channel, "export")
    mine = await exported.original_message()
    assert mine.ephemeral and mine.content.startswith("The record of table #1")
    (record,) = mine.files
    assert record.filename == "table-1.txt"
    assert record.data.decode().splitlines()[2] == "# game: terra-nova-2006"

    before = last_id(discord_server, table.channel)
    replay = await discord_server.send_slash(
        discord_server.user("dave"), table.channel, "replay", {"from": 2, "to": 3}
    )
    posted = await newer_message(discord_server, table.channel, before, "Replay of table #1")
    assert posted.content.startswith("Replay of table #1 (Terra Nova (2006)), actions 2–3")
    (animation,) = posted.files
    assert animation.filename == "table-1-replay-2-3.gif"
    assert Image.open(io.BytesIO(animation.data)).n_frames == 3
    notice = replay.message
    assert notice is not None and "it comes in a moment" in notice.content

    refused = await discord_server.send_slash(alice, table.channel, "replay", {"from": 9})
    assert "from: and to: must lie between them" in (await refused.original_message()).content


async def test_leaderboard_and_stats(bot: MeepleBot, discord_server: LoopbackDiscord) -> None:
    table = await start_table(discord_server, bot)
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    await bot.service.resign(service_channel(discord_server, table.channel), player(bob))
    assert (await current(bot, table)).status == "finished"

    before = last_id(discord_server, table.channel)
    await discord_server.send_slash(
        alice, table.channel, "leaderboard", {"game": "terra-nova-2006"}
    )
    shown = await newer_message(discord_server, table.channel, before, "Leaderboard")
    lines = shown.content.splitlines()
    assert lines[0].startswith("Leaderboard — Terra Nova (2006)")
    assert lines[1].startswith("1. Alice — ") and lines[2].startswith("2. Bob — ")

    stats = await discord_server.send_slash(bob, table.channel, "stats", {"player": alice})
    text = (await stats.original_message()).content
    assert text.startswith("Alice: 1 finished game, 1 win on this server")
    assert "Terra Nova (2006): 1 game, 1 win" in text
