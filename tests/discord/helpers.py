"""Driving the bot as Discord users: open a table through the lobby buttons, find who must
act, play, and wait for the public messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.config import Settings
from bot.discord_app import MeepleBot, create_bot
from bot.service import Channel
from bot.store import TableRecord
from tests.discord_loopback import FakeChannel, FakeUser, LoopbackDiscord, RecordedMessage

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
    server: LoopbackDiscord, creator: FakeUser, channel: FakeChannel, seed: int = 7
) -> RecordedMessage:
    """`creator` runs /newgame; returns the lobby message with its buttons."""
    before = last_id(server, channel)
    handle = await server.send_slash(creator, channel, "newgame", {"game": GAME, "seed": seed})
    await handle.response()
    return await newer_message(server, channel, before, "Seated")


async def start_table(
    server: LoopbackDiscord,
    bot: MeepleBot,
    names: tuple[str, ...] = ("alice", "bob"),
    channel_name: str = "games",
    seed: int = 7,
) -> Table:
    """Open a table, seat the others with the Join button, start it with Start."""
    channel = server.channel(channel_name)
    users = [server.user(name) for name in names]
    lobby = await open_lobby(server, users[0], channel, seed)
    table_id = int(lobby.custom_ids[0].rsplit(":", 1)[1])
    for user in users[1:]:
        before = last_id(server, channel)
        await (await server.click(user, lobby, f"mp:lobby:join:{table_id}")).response()
        await newer_message(server, channel, before, "joins")
    before = last_id(server, channel)
    await (await server.click(users[0], lobby, f"mp:lobby:start:{table_id}")).response()
    await newer_message(server, channel, before, "begins")
    seats = await bot.store.seats(table_id)
    by_id = {str(user.id): user for user in users}
    return Table(table_id, channel, lobby, [by_id[seat.user_id] for seat in seats])


async def current(bot: MeepleBot, table: Table) -> TableRecord:
    record = await bot.store.table(table.id)
    assert record is not None
    return record


async def to_act(bot: MeepleBot, table: Table) -> FakeUser:
    (seat,) = (await current(bot, table)).to_act
    return table.seats[seat]
