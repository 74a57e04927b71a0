"""A move through Discord: its message is posted with the words and pings as soon as the move
is stored, and edited to attach the board once drawn — each board to its own move's message,
in the order of the moves, pinging nobody again; a board that cannot be drawn leaves the
words standing with a note, and a log line."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.config import Settings
from bot.discord_app import MeepleBot
from bot.service import default_renderer
from tests.discord_loopback import FakeUser, LoopbackDiscord, RecordedMessage, run_bot
from tests.support.gated_renderer import GatedRenderer

from .helpers import (
    PNG_SIGNATURE,
    Table,
    last_id,
    legal_now,
    make_bot,
    newer_message,
    player,
    service_channel,
    start_table,
)

EDIT_ROUTE = "/channels/{channel_id}/messages/{message_id}"


@pytest.fixture
def renderer() -> GatedRenderer:
    return GatedRenderer(default_renderer)


@pytest.fixture
async def gated_bot(
    discord_server: LoopbackDiscord, settings: Settings, renderer: GatedRenderer
) -> AsyncIterator[MeepleBot]:
    try:
        async with run_bot(make_bot(settings, renderer=renderer), discord_server) as running:
            yield running
    finally:
        renderer.release()


async def _move(bot: MeepleBot, server: LoopbackDiscord, table: Table) -> RecordedMessage:
    """The player to act plays their first legal action; its message as first posted."""
    user, legal = await legal_now(bot, server, table)
    before = last_id(server, table.channel)
    await (await server.send_slash(user, table.channel, "move", {"action": legal[0]})).response()
    return await newer_message(server, table.channel, before)


async def _with_board(server: LoopbackDiscord, message: RecordedMessage) -> RecordedMessage:
    return await server.state.wait_until(
        lambda: message if message.files else None, timeout=10, what="the board attached"
    )


def _edited(server: LoopbackDiscord, table: Table) -> list[int]:
    """The ids of the channel messages the bot edited after the table started (its lobby
    message is edited before), in the order of the edits."""
    edited = [int(e.match_info["message_id"]) for e in server.requests("PATCH", EDIT_ROUTE)]
    return [message_id for message_id in edited if message_id != table.lobby.id]


async def test_the_words_and_pings_come_first_and_the_board_joins_the_same_message(
    gated_bot: MeepleBot, discord_server: LoopbackDiscord, renderer: GatedRenderer
) -> None:
    table = await start_table(discord_server, gated_bot)
    mover, _ = await legal_now(gated_bot, discord_server, table)
    waiting = next(user for user in table.seats if user != mover)
    drawn = renderer.done  # the start's board
    renderer.hold()

    posted = await _move(gated_bot, discord_server, table)

    assert posted.files == [] and renderer.done == drawn  # posted while the board was held
    assert posted.mentioned_user_ids == [waiting.id] and f"<@{waiting.id}>" in posted.content
    words = posted.content
    renderer.release()
    await _with_board(discord_server, posted)
    (board,) = posted.files
    assert board.filename == f"{table.id}-1.png" and board.data.startswith(PNG_SIGNATURE)
    assert posted.content == words and posted.mentioned_user_ids == [waiting.id]
    assert posted.edits == 1 and _edited(discord_server, table) == [posted.id]
    assert discord_server.messages(table.channel)[-1] is posted  # no second message


async def test_two_quick_moves_show_each_board_under_its_move_in_order(
    gated_bot: MeepleBot, discord_server: LoopbackDiscord, renderer: GatedRenderer
) -> None:
    """The first move's board is held while the second move is played and its board drawn:
    the second board still waits for the first, and each goes to its own message."""
    table = await start_table(discord_server, gated_bot)
    drawn = renderer.done
    renderer.hold(calls=1)
    first = await _move(gated_bot, discord_server, table)
    second = await _move(gated_bot, discord_server, table)
    assert first.id < second.id and first.files == second.files == []

    async with asyncio.timeout(10):
        while renderer.done < drawn + 1:  # the second board is drawn, the first still held
            await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # room for an edit that would jump the queue
    assert second.files == []
    renderer.release()
    await _with_board(discord_server, second)
    await gated_bot.flow.drain(timeout=10)

    assert _edited(discord_server, table) == [first.id, second.id]
    assert [f.filename for f in first.files] == [f"{table.id}-1.png"]
    assert [f.filename for f in second.files] == [f"{table.id}-2.png"]


async def test_a_board_that_cannot_be_drawn_leaves_the_words_with_a_note(
    gated_bot: MeepleBot,
    discord_server: LoopbackDiscord,
    renderer: GatedRenderer,
    error_logs_expected: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    table = await start_table(discord_server, gated_bot)
    renderer.fail_next = 1

    posted = await _move(gated_bot, discord_server, table)
    await gated_bot.flow.drain(timeout=10)

    assert posted.files == [] and posted.edits == 1
    assert posted.content.endswith("could not be drawn this time; /board shows the position.)")
    assert f"could not render terra-nova-2006 table {table.id} at move 1" in caplog.text
    record = await gated_bot.store.tables.table(table.id)
    assert record is not None and record.move_count == 1  # the move stands


async def test_the_players_own_board_follows_their_private_words(
    gated_bot: MeepleBot, discord_server: LoopbackDiscord, renderer: GatedRenderer
) -> None:
    """A part of a Tiny Towns round: one line in the channel; the player's own board comes
    in place of their "thinking…" note — the words first, the board attached when drawn."""
    names = ("alice", "bob", "carol")
    table = await start_table(
        discord_server, gated_bot, names, game="tiny-towns", options="monuments:false"
    )
    user, legal = await legal_now_of_first(gated_bot, discord_server, table)
    place = next(action for action in legal if action.startswith("place") and "A1" in action)
    renderer.hold()
    before = last_id(discord_server, table.channel)
    handle = await discord_server.send_slash(user, table.channel, "move", {"action": place})
    posted = await newer_message(discord_server, table.channel, before)
    own = await handle.original_message()

    assert own.ephemeral and own.content.startswith("Your board after your move:")
    assert own.files == [] and posted.files == []
    renderer.release()
    await gated_bot.flow.drain(timeout=10)
    (board,) = own.files
    assert board.filename == f"{table.id}-1-seat1.png" and board.data.startswith(PNG_SIGNATURE)
    assert posted.files == [] and posted.edits == 0  # the channel's line has no board


async def legal_now_of_first(
    bot: MeepleBot, server: LoopbackDiscord, table: Table
) -> tuple[FakeUser, list[str]]:
    """The first seat's user and legal actions, while several seats are to act."""
    user = table.seats[0]
    channel = service_channel(server, table.channel)
    return user, await bot.service.legal_actions(channel, player(user))


async def test_a_board_discord_will_not_take_is_logged_and_the_words_stand(
    gated_bot: MeepleBot,
    discord_server: LoopbackDiscord,
    error_logs_expected: None,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Discord keeps answering 503 to the edit (tried three times): the move's message keeps
    its words without the board, and the failure is logged with the board's name."""
    table = await start_table(discord_server, gated_bot)
    rule = discord_server.faults.fail_next("PATCH", EDIT_ROUTE, status=503, times=3)

    posted = await _move(gated_bot, discord_server, table)
    await gated_bot.flow.drain(timeout=30)

    assert rule.served == 3 and posted.files == [] and posted.edits == 0
    assert f"could not add the board {table.id}-1.png to message {posted.id}" in caplog.text
    record = await gated_bot.store.tables.table(table.id)
    assert record is not None and record.move_count == 1
