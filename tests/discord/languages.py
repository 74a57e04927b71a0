"""Playing through the loopback Discord in a language: users with a Discord locale, a table
opened in a channel whose server speaks it, moves until the end, and every text the players
read (the channel's messages, each private answer) collected; every message the bot words in
German recorded, so a test can ask which keys the catalogues lack (`engine.core.i18n.missing`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest

import bot.service.speech as speech
import render.language
from bot.discord_app import MeepleBot
from engine.core import Message, Rng
from engine.core.i18n import missing
from engine.core.playout import choose_action
from tests.discord_loopback import FakeChannel, FakeUser, LoopbackDiscord
from tests.discord_loopback.handles import InteractionHandle

from .helpers import last_id, newer_message, player, service_channel


@dataclass
class Worded:
    """What the bot worded in a language while recording: the messages, and the keys of them
    the catalogues lack."""

    language: str
    messages: list[Message] = field(default_factory=list)

    @property
    def lacking(self) -> set[str]:
        return {key for message in self.messages for key in missing(message, self.language)}


@contextmanager
def recording(monkeypatch: pytest.MonkeyPatch, language: str) -> Iterator[Worded]:
    """Record every message the service words in `language` (`speech.say` words them all)
    and every message a board drawn meanwhile words (`render.language.say`)."""
    worded = Worded(language)
    for module in (speech, render.language):
        original: Callable[[Message | str, str], str] = getattr(module, "word")  # noqa: B009
        monkeypatch.setattr(module, "word", _recorder(original, worded))
    yield worded


def _recorder(
    original: Callable[[Message | str, str], str], worded: Worded
) -> Callable[[Message | str, str], str]:
    def word(message: Message | str, in_language: str = "en") -> str:
        if in_language == worded.language and isinstance(message, Message):
            worded.messages.append(message)
        return original(message, in_language)

    return word


def speaking_users(server: LoopbackDiscord, locales: dict[str, str]) -> list[FakeUser]:
    """The users named in `locales`, each with that Discord language."""
    return [server.user(name).speaking(locale) for name, locale in locales.items()]


async def private_text(handle: InteractionHandle) -> str:
    """The private answer to a command (its first message and any follow-ups)."""
    first = await handle.original_message()
    assert first.ephemeral, first.content
    followups = [message.content for message in await handle.followups(0)]
    return "\n".join([first.content, *followups])


async def settled(server: LoopbackDiscord, handle: InteractionHandle) -> str:
    """Once a command that posted in the channel is done: its private part (the mover's own
    board after a part of a round), or "" when its "thinking…" note was taken away."""
    await handle.response()

    def done() -> str | None:
        message = handle.message
        if handle.record.original_message_id is None or message is None or message.deleted:
            return ""
        return None if message.loading else message.content

    return await server.state.wait_until(done, timeout=30, what="the end of a command")


@dataclass
class PlayedGame:
    """A table played to its end: the channel's messages and the private answers."""

    table_id: int
    public: list[str]
    private: list[str]


async def open_table(
    server: LoopbackDiscord,
    bot: MeepleBot,
    users: list[FakeUser],
    channel: FakeChannel,
    game: str,
    seed: int,
) -> int:
    """The first user opens a table of `game`, the others join with the lobby's button, and
    it starts with Start; returns the table's id."""
    before = last_id(server, channel)
    opened = await server.send_slash(users[0], channel, "newgame", {"game": game, "seed": seed})
    await opened.response()
    lobby = await newer_message(server, channel, before)
    table_id = int(lobby.custom_ids[0].rsplit(":", 1)[1])
    for user in users[1:]:
        before = last_id(server, channel)
        await (await server.click(user, lobby, f"mp:lobby:join:{table_id}")).response()
        await newer_message(server, channel, before)
    before = last_id(server, channel)
    await (await server.click(users[0], lobby, f"mp:lobby:start:{table_id}")).response()
    await newer_message(server, channel, before)
    return table_id


async def play_to_the_end(
    server: LoopbackDiscord,
    bot: MeepleBot,
    users: list[FakeUser],
    channel: FakeChannel,
    table_id: int,
    seed: int,
) -> PlayedGame:
    """Random legal /move commands, one action each, by whoever the table waits for, until
    the game is over; each player looks at /status once along the way."""
    chooser = Rng(seed=seed)
    seats = {seat.seat: seat.user_id for seat in await bot.store.tables.seats(table_id)}
    by_id = {str(user.id): user for user in users}
    private: list[str] = []
    looked: set[int] = set()
    where = service_channel(server, channel)
    while (record := await bot.store.tables.table(table_id)) and record.status == "active":
        seat = record.to_act[chooser.below(len(record.to_act))]
        user = by_id[seats[seat]]
        actions = await bot.service.legal_actions(where, player(user))
        before = last_id(server, channel)
        handle = await server.send_slash(
            user, channel, "move", {"action": choose_action(chooser, actions)}
        )
        await newer_message(server, channel, before)
        private.append(await settled(server, handle))
        if user.id not in looked and record.move_count > 3:
            looked.add(user.id)
            private.append(await private_text(await server.send_slash(user, channel, "status")))
    assert record is not None and record.status == "finished"
    public = [message.content for message in server.messages(channel)]
    return PlayedGame(table_id, public, [text for text in private if text])


__all__ = [
    "PlayedGame",
    "Worded",
    "open_table",
    "play_to_the_end",
    "private_text",
    "recording",
    "settled",
    "speaking_users",
]
