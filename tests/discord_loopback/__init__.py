"""A loopback Discord for testing the bot through the real, unmodified discord.py code.

An aiohttp server on 127.0.0.1 (random port) plays Discord: the gateway websocket (HELLO,
heartbeats, IDENTIFY → READY + GUILD_CREATE, RESUME, INTERACTION_CREATE) and the REST routes a
bot uses (login, command sync, interaction callbacks and webhooks, channel messages, DMs,
threads). discord.py is pointed at it by patching ``discord.http.Route.BASE`` and
``discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY`` for the duration of a test.

Use it from any test package by importing the fixture into that package's ``conftest.py``::

    from tests.discord_loopback.fixtures import discord_server  # noqa: F401

and in a test::

    from tests.discord_loopback import LoopbackDiscord, run_bot

    async def test_move(discord_server: LoopbackDiscord) -> None:
        bot = create_bot(settings)  # any discord.Client; build it with guild_ready_timeout=0.05
        async with run_bot(bot, discord_server):
            await bot.tree.sync()                                   # recorded by the stand-in
            alice, table = discord_server.user("alice"), discord_server.channel("games")
            handle = await discord_server.send_slash(alice, table, "move", {"action": "b2"})
            answer = await handle.response()                        # fails after 3 s
            assert answer.ephemeral and "not your turn" in answer.content

What a test can do (all on :class:`LoopbackDiscord`; waits fail with a clear
:class:`LoopbackTimeout` after 3 s unless given another ``timeout``):

- act as users (``user("alice")``, ``channel("games")``, ``dm_channel(user)``; a user whose
  Discord speaks German: ``user("alice").speaking("de")``):
  ``send_slash(user, channel, "name sub", options)``,
  ``send_autocomplete(user, channel, name, focused, value)``,
  ``click(user, message, custom_id, values=None)``, ``submit_modal(handle, values)``; each
  returns an :class:`InteractionHandle`: ``response()`` (the callback: ``type``, ``content``,
  ``ephemeral``, ``choices``, ``files`` with ``filename`` and ``data``), ``original_message()``,
  ``followups(n)``, ``edits(n)``, ``rejections(n)``, ``deliver_again()`` (same id and token);
- watch the bot: ``messages(channel)``, ``wait_for_message(channel, predicate)``,
  ``wait_for_dm(user, predicate)``, ``wait_for_thread(parent)``, ``command_syncs``,
  ``synced_commands(guild)``, ``requests(method, route)``;
- break things: ``faults.fail_next("POST", "/channels/{channel_id}/messages", status=429)``
  (or 5xx), ``drop_connections()`` (the bot RESUMEs), ``state.response_deadline``;
- change the people: pass a custom :class:`World` to :func:`serve_loopback`.

The default world: players ``alice``, ``bob``, ``carol``, ``dave``; ``mia`` (role Moderator,
Manage Channels); ``olga`` (guild owner); ``eve`` (refuses direct messages); text channels
``general``, ``games``, ``games-2``. Ephemeral messages are not in ``messages(channel)``: read
them from the handle. ``wait_for_message`` returns the oldest match (filter by ``m.id`` for
"newer than").

Good to know about discord.py 2.7.1: a 429 is only retried if it carries a ``Via`` header (the
stand-in sends one); the bot's REST client retries 500/502/504 after 1 s but raises
``DiscordServerError`` on 503 at once; without the members intent only the bot's own member is
cached, so read members from interactions; ``guild_ready_timeout`` defaults to 2 s per start.

Discord rules the stand-in enforces like Discord: one answer per interaction (then 40060),
within 3 s (then 10062), follow-ups only after the answer, message/command payload limits
(400 Invalid Form Body), the bot token on REST, DMs to users who refuse them (50007).
"""

from .fixtures import discord_server, run_bot, serve_loopback
from .handles import InteractionHandle, RefusedAnswer
from .records import (
    CommandSync,
    RecordedCallback,
    RecordedEdit,
    RecordedFile,
    RecordedMessage,
    Rejection,
)
from .server import LoopbackDiscord
from .state import LoopbackTimeout
from .world import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser, World, default_world

__all__ = [
    "CommandSync",
    "FakeChannel",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "LoopbackDiscord",
    "LoopbackTimeout",
    "RecordedCallback",
    "RecordedEdit",
    "RecordedFile",
    "RecordedMessage",
    "RefusedAnswer",
    "Rejection",
    "World",
    "default_world",
    "discord_server",
    "run_bot",
    "serve_loopback",
]
