"""Driving the bot as Discord users: open a table through the lobby buttons, find who must
act, play, and wait for the public messages."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from bot.config import Settings
from bot.discord_app import MeepleBot, create_bot
from bot.service import Channel, User
from bot.store import TableRecord
from tests.discord_loopback import FakeChannel, FakeUser, LoopbackDiscord, RecordedMessage
from tests.discord_loopback.handles import InteractionHandle
from tests.support.announcing import Image

GAME = "terra-nova-2006"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def make_bot(settings: Settings, **options: Any) -> MeepleBot:
    return create_bot(settings, guild_ready_timeout=0.05, **options)


def service_channel(server: LoopbackDiscord, channel: FakeChannel) -> Channel:
    return Channel(str(channel.id), str(server.world.guild.id))


@dataclass
class Table:
    """A started table: where it is, its lobby message, and its players in seat order."""

    id: int
    channel: FakeChannel
    lobby: RecordedMessage
    seats: list[FakeUser]


async def newer_message(
    server: LoopbackDiscord, channel: FakeChannel, after: int, text: str = ""
) -> RecordedMessage:
    """The first public message in `channel` posted after message id `after` (0: any)."""
    return await server.wait_for_message(channel, lambda m: m.id > after and text in m.content)


def last_id(server: LoopbackDiscord, channel: FakeChannel) -> int:
    messages = server.messages(channel)
    return messages[-1].id if messages else 0


async def open_lobby(
    server: LoopbackDiscord,
    creator: FakeUser,
    channel: FakeChannel,
    seed: int = 7,
    game: str = GAME,
    options: str = "",
) -> RecordedMessage:
    """`creator` runs /newgame (with the game's `options` as `key:value …`, if any); returns
    the lobby message with its buttons."""
    before = last_id(server, channel)
    command: dict[str, str | int] = {"game": game, "seed": seed}
    if options:
        command["options"] = options
    handle = await server.send_slash(creator, channel, "newgame", command)
    await handle.response()
    # the lobby message: the one with the buttons (in whichever language the table speaks)
    return await server.wait_for_message(channel, lambda m: m.id > before and bool(m.custom_ids))


async def start_table(
    server: LoopbackDiscord,
    bot: MeepleBot,
    names: tuple[str, ...] = ("alice", "bob"),
    channel_name: str = "games",
    seed: int = 7,
    game: str = GAME,
    options: str = "",
) -> Table:
    """Open a table, seat the others with the Join button, start it with Start."""
    channel = server.channel(channel_name)
    users = [server.user(name) for name in names]
    lobby = await open_lobby(server, users[0], channel, seed, game, options)
    table_id = int(lobby.custom_ids[0].rsplit(":", 1)[1])
    for user in users[1:]:
        before = last_id(server, channel)
        await (await server.click(user, lobby, f"mp:lobby:join:{table_id}")).response()
        await newer_message(server, channel, before, "joins")
    before = last_id(server, channel)
    await (await server.click(users[0], lobby, f"mp:lobby:start:{table_id}")).response()
    await newer_message(server, channel, before, "begins")
    seats = await bot.store.tables.seats(table_id)
    by_id = {str(user.id): user for user in users}
    return Table(table_id, channel, lobby, [by_id[seat.user_id] for seat in seats])


async def current(bot: MeepleBot, table: Table) -> TableRecord:
    record = await bot.store.tables.table(table.id)
    assert record is not None
    return record


async def to_act(bot: MeepleBot, table: Table) -> FakeUser:
    (seat,) = (await current(bot, table)).to_act
    return table.seats[seat]


def player(user: FakeUser) -> User:
    """The service's view of a loopback user (for reading legal actions in tests)."""
    return User(str(user.id), user.name.title())


async def legal_now(
    bot: MeepleBot, server: LoopbackDiscord, table: Table
) -> tuple[FakeUser, list[str]]:
    """Who must act at `table` and their legal actions."""
    user = await to_act(bot, table)
    actions = await bot.service.legal_actions(service_channel(server, table.channel), player(user))
    return user, actions


async def play_directly(
    bot: MeepleBot, server: LoopbackDiscord, table: Table, until: Callable[[TableRecord], bool]
) -> None:
    """Advance the game through the service (no Discord) with the first legal action until
    `until(table)` holds: a quick way to reach a later phase."""
    while not until(await current(bot, table)):
        user, actions = await legal_now(bot, server, table)
        await bot.service.act(service_channel(server, table.channel), player(user), actions[0])


async def wait_for_log(caplog: pytest.LogCaptureFixture, text: str, timeout: float = 3.0) -> None:
    """Wait until a log record containing `text` has been captured."""
    async with asyncio.timeout(timeout):
        while not any(text in record.getMessage() for record in caplog.records):
            await asyncio.sleep(0.01)


async def check_images(
    bot: MeepleBot, handle: InteractionHandle, posted: RecordedMessage, expected: Image
) -> None:
    """The board a move brought, once the bot has finished the move (its text is posted
    first, its board attached when drawn): the public one in the channel message, or — for a
    part of a simultaneous round — the mover's own, privately, in place of the "thinking…"
    note."""
    await bot.flow.drain(timeout=30)
    if expected == "personal":
        assert not posted.files
        own = await handle.original_message()
        assert own.ephemeral and own.content.startswith("Your board after your move:")
        (board,) = own.files
        assert board.filename.endswith(".png") and board.data.startswith(PNG_SIGNATURE)
        return
    assert len(posted.files) == (expected == "public"), (expected, posted.content)
    for board in posted.files:
        assert board.filename.endswith(".png") and board.data.startswith(PNG_SIGNATURE)


def confirm_id(question: RecordedMessage) -> str:
    """The custom id of the Confirm button under a private question (or a preview)."""
    return next(c for c in question.custom_ids if ":confirm:" in c)


def cancel_id(question: RecordedMessage) -> str:
    return next(c for c in question.custom_ids if ":dismiss:" in c)


async def ask(
    server: LoopbackDiscord, user: FakeUser, channel: FakeChannel, command: str, **options: Any
) -> RecordedMessage:
    """`user` runs /resign, /abandon or /skip: the private question with its buttons."""
    handle = await server.send_slash(user, channel, command, options)
    question = await handle.original_message()
    assert question.ephemeral, question.content
    return question


async def confirm(
    server: LoopbackDiscord, user: FakeUser, channel: FakeChannel, command: str, **options: Any
) -> RecordedMessage:
    """`user` runs /resign, /abandon or /skip and clicks Confirm: the public message."""
    question = await ask(server, user, channel, command, **options)
    before = last_id(server, channel)
    await (await server.click(user, question, confirm_id(question))).response()
    return await newer_message(server, channel, before)
