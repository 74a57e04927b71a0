"""The loopback Discord proven with a tiny discord.py bot, through unmodified discord.py code."""

from __future__ import annotations

import asyncio
import io
import re
import threading
from collections.abc import AsyncIterator
from typing import Any

import discord
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from PIL import Image

from . import LoopbackDiscord, LoopbackTimeout, RefusedAnswer, run_bot, serve_loopback
from .records import (
    CALLBACK_AUTOCOMPLETE,
    CALLBACK_DEFERRED_MESSAGE,
    CALLBACK_MESSAGE,
    CALLBACK_MODAL,
    CALLBACK_UPDATE_MESSAGE,
)
from .world import FakeChannel, default_world

FRUITS = [f"fruit-{index:02d}" for index in range(40)] + ["apple", "apricot", "banana"]
MESSAGES_ROUTE = "/channels/{channel_id}/messages"


def tiny_png() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (3, 2), "green").save(buffer, format="PNG")
    return buffer.getvalue()


class JoinButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"join:(?P<table>\d+)"
):
    """A persistent button: it works for any bot process that registered the template."""

    def __init__(self, table: int) -> None:
        self.table = table
        button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
            label="Join", custom_id=f"join:{table}", style=discord.ButtonStyle.success
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[discord.ui.View],
        match: re.Match[str],
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined table {self.table}"
        )


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(
        label="Your words", custom_id="feedback-text"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks for: {self.text.value}", ephemeral=True)


class ProbeBot(commands.Bot):
    """A bot with one command per stand-in feature; it records what reached it."""

    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.received_interaction_ids: list[int] = []
        add_probe_commands(self.tree)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.received_interaction_ids.append(interaction.id)


def add_probe_commands(tree: app_commands.CommandTree[ProbeBot]) -> None:
    @tree.command(description="Answer pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"pong {interaction.user.mention}")

    @tree.command(description="Answer privately")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)

    @tree.command(description="Defer, then fill in the answer")
    async def slow(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.edit_original_response(content="done thinking")

    @tree.command(description="Defer, then answer with follow-ups")
    async def chatty(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.followup.send("first")
        second = await interaction.followup.send("second", ephemeral=True, wait=True)
        await second.edit(content="second, edited")

    @tree.command(description="Answer, read the answer back, then delete it")
    async def vanish(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("now you see me")
        shown = await interaction.original_response()
        await interaction.delete_original_response()
        await interaction.followup.send(f"deleted: {shown.content}", ephemeral=True)

    @tree.command(description="Poke a member")
    async def poke(interaction: discord.Interaction, whom: discord.Member) -> None:
        moderator = whom.guild_permissions.manage_channels
        await interaction.response.send_message(f"poked {whom.name} (moderator={moderator})")

    @tree.command(description="Show a board image")
    async def board(interaction: discord.Interaction) -> None:
        image = discord.File(io.BytesIO(tiny_png()), filename="board.png")
        await interaction.response.send_message("the board", file=image)

    @tree.command(description="Pick a fruit")
    async def pick(interaction: discord.Interaction, fruit: str) -> None:
        await interaction.response.send_message(f"picked {fruit}")

    @pick.autocomplete("fruit")
    async def pick_fruit(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        matching = [name for name in FRUITS if current in name]
        return [app_commands.Choice(name=name, value=name) for name in matching[:25]]

    @tree.command(description="Open a table with a Join button")
    async def lobby(interaction: discord.Interaction, table: int) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(table))
        await interaction.response.send_message(f"table {table} is open", view=view)

    @tree.command(description="Report permissions")
    async def whoami(interaction: discord.Interaction) -> None:
        manage = interaction.permissions.manage_channels
        files = interaction.app_permissions.attach_files
        await interaction.response.send_message(f"manage_channels={manage} bot_files={files}")

    remind = app_commands.Group(name="remind", description="Reminders")

    @remind.command(description="Remind every few hours")
    async def every(interaction: discord.Interaction, hours: int) -> None:
        await interaction.response.send_message(f"every {hours} h")

    tree.add_command(remind)

    @tree.command(description="Leave feedback")
    async def feedback(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())

    @tree.command(description="Never answer")
    async def silent(interaction: discord.Interaction) -> None:
        """Deliberately leaves the interaction unanswered."""

    @tree.command(description="Answer too late")
    async def sluggish(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.3)
        await interaction.response.send_message("sorry, late")


@pytest.fixture
async def bot(discord_server: LoopbackDiscord) -> AsyncIterator[ProbeBot]:
    """A ready ProbeBot whose commands are synced globally; closed after the test."""
    async with run_bot(ProbeBot(), discord_server) as running:
        await running.tree.sync()
        yield running


def games(server: LoopbackDiscord) -> FakeChannel:
    return server.channel("games")


async def test_bot_logs_in_and_sees_the_guild(discord_server: LoopbackDiscord) -> None:
    async with run_bot(ProbeBot(), discord_server) as bot:
        assert bot.is_ready()
        assert bot.user is not None and bot.user.id == discord_server.bot_user.id
        assert bot.application_id == discord_server.application_id
        guild = bot.get_guild(discord_server.world.guild.id)
        assert guild is not None
        assert {c.name for c in guild.text_channels} == {"general", "games", "games-2"}
        # Without the (privileged) members intent discord.py caches only the bot's own member.
        assert guild.member_count == len(discord_server.world.guild.members)
        assert guild.me is not None and guild.me.guild_permissions.attach_files
        assert discord_server.gateway.identifies == 1
    assert discord_server.gateway.live_sessions == []


async def test_slash_command_is_synced_and_answered(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    (sync,) = discord_server.command_syncs
    assert sync.guild_id is None
    assert {c["name"] for c in sync.commands} >= {"ping", "pick", "remind"}
    alice = discord_server.user("alice")

    handle = await discord_server.send_slash(alice, games(discord_server), "ping")

    answer = await handle.response()
    assert answer.type == CALLBACK_MESSAGE
    assert answer.content == f"pong <@{alice.id}>"
    assert not answer.ephemeral
    (public,) = discord_server.messages(games(discord_server))
    assert public.mentioned_user_ids == [alice.id]


async def test_guild_sync_is_recorded_and_its_command_invoked(
    discord_server: LoopbackDiscord,
) -> None:
    guild = discord.Object(discord_server.world.guild.id)
    async with run_bot(ProbeBot(), discord_server) as bot:
        bot.tree.copy_global_to(guild=guild)
        await bot.tree.sync(guild=guild)
        (registered_ping,) = [
            c for c in discord_server.synced_commands(guild.id) if c["name"] == "ping"
        ]
        handle = await discord_server.send_slash(
            discord_server.user("bob"), games(discord_server), "ping"
        )
        assert handle.payload["data"]["guild_id"] == str(guild.id)
        assert handle.payload["data"]["id"] == registered_ping["id"]
        assert (await handle.response()).content.startswith("pong")
    assert discord_server.synced_commands() == []


async def test_ephemeral_answer_has_flag_64_and_stays_out_of_the_channel(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "secret"
    )

    answer = await handle.response()
    assert answer.flags & 64
    assert answer.ephemeral
    assert discord_server.messages(games(discord_server)) == []


async def test_deferred_answer_then_edit_of_original(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "slow"
    )

    assert (await handle.response()).type == CALLBACK_DEFERRED_MESSAGE
    (edit,) = await handle.edits(1)
    assert edit.content == "done thinking"
    message = await handle.original_message()
    assert message.content == "done thinking"
    assert not message.loading


async def test_first_followup_after_defer_fills_the_thinking_message(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "chatty"
    )

    first, second = await handle.followups(2)
    assert handle.message is first
    assert (first.content, first.ephemeral, first.loading) == ("first", True, False)
    (edit,) = await handle.edits(1)
    assert (edit.message_id, edit.content) == (second.id, "second, edited")
    assert (second.content, second.ephemeral, second.source) == ("second, edited", True, "followup")


async def test_original_answer_is_read_back_and_deleted(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "vanish"
    )

    (note,) = await handle.followups(1)
    assert note.content == "deleted: now you see me"
    assert handle.message is not None and handle.message.deleted
    assert discord_server.messages(games(discord_server)) == []


async def test_png_file_arrives_as_a_file_part(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "board"
    )

    answer = await handle.response()
    (image,) = answer.files
    assert image.filename == "board.png"
    assert image.data == tiny_png()
    assert answer.content == "the board"
    (message,) = discord_server.messages(games(discord_server))
    assert [a["filename"] for a in message.payload["attachments"]] == ["board.png"]


async def test_autocomplete_choices_arrive(bot: ProbeBot, discord_server: LoopbackDiscord) -> None:
    alice = discord_server.user("alice")

    handle = await discord_server.send_autocomplete(
        alice, games(discord_server), "pick", focused="fruit", value="ap"
    )
    answer = await handle.response()
    assert answer.type == CALLBACK_AUTOCOMPLETE
    assert [c["value"] for c in answer.choices] == ["apple", "apricot"]

    many = await discord_server.send_autocomplete(
        alice, games(discord_server), "pick", focused="fruit", value="fruit"
    )
    assert len((await many.response()).choices) == 25


async def test_persistent_button_click_is_answered(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    table = games(discord_server)
    opening = await discord_server.send_slash(
        discord_server.user("alice"), table, "lobby", {"table": 7}
    )
    await opening.response()
    lobby = await discord_server.wait_for_message(table, lambda m: "table 7" in m.content)
    assert lobby.custom_ids == ["join:7"]

    click = await discord_server.click(discord_server.user("bob"), lobby, "join:7")

    answer = await click.response()
    assert answer.type == CALLBACK_UPDATE_MESSAGE
    assert lobby.content == "bob joined table 7"
    assert lobby.edits == 1


async def test_channel_message_post(bot: ProbeBot, discord_server: LoopbackDiscord) -> None:
    channel = bot.get_channel(games(discord_server).id)
    assert isinstance(channel, discord.TextChannel)
    alice = discord_server.user("alice")

    sent = await channel.send(f"{alice.mention}, it is your turn")

    arrived = await discord_server.wait_for_message(channel.id, lambda m: "turn" in m.content)
    assert arrived.id == sent.id
    assert arrived.mentioned_user_ids == [alice.id]
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == sent.content

    await fetched.edit(content="it is still your turn")

    assert (arrived.content, arrived.edits) == ("it is still your turn", 1)


async def test_rate_limited_post_is_retried_and_arrives_once(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    rule = discord_server.faults.fail_next("POST", MESSAGES_ROUTE, status=429, retry_after=0.05)
    channel = bot.get_channel(games(discord_server).id)
    assert isinstance(channel, discord.TextChannel)

    board = discord.File(io.BytesIO(tiny_png()), filename="board.png")

    await channel.send("after the rate limit", file=board)

    assert rule.served == 1
    statuses = [entry.status for entry in discord_server.requests("POST", MESSAGES_ROUTE)]
    assert statuses == [429, 200]
    (message,) = discord_server.messages(channel.id)
    assert message.content == "after the rate limit"
    assert [(f.filename, f.data) for f in message.files] == [("board.png", tiny_png())]


async def test_service_unavailable_is_reported_to_the_bot(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    discord_server.faults.fail_next("POST", MESSAGES_ROUTE, status=503)
    channel = bot.get_channel(games(discord_server).id)
    assert isinstance(channel, discord.TextChannel)

    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost")

    assert discord_server.messages(channel.id) == []


async def test_restarted_bot_answers_and_old_buttons_still_work(
    discord_server: LoopbackDiscord,
) -> None:
    alice, table = discord_server.user("alice"), games(discord_server)
    async with run_bot(ProbeBot(), discord_server) as first:
        await first.tree.sync()
        await (await discord_server.send_slash(alice, table, "lobby", {"table": 3})).response()
    lobby = await discord_server.wait_for_message(table)
    assert discord_server.gateway.live_sessions == []

    async with run_bot(ProbeBot(), discord_server):
        pong = await discord_server.send_slash(alice, table, "ping")
        assert (await pong.response()).content.startswith("pong")
        click = await discord_server.click(discord_server.user("carol"), lobby, "join:3")
        await click.response()
        assert lobby.content == "carol joined table 3"
    assert discord_server.gateway.identifies == 2


async def test_interaction_permissions_follow_roles(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    answers = {}
    for name in ("alice", "mia", "olga"):
        handle = await discord_server.send_slash(
            discord_server.user(name), games(discord_server), "whoami"
        )
        answers[name] = (await handle.response()).content
    assert answers["alice"] == "manage_channels=False bot_files=True"
    assert answers["mia"] == "manage_channels=True bot_files=True"
    assert answers["olga"] == "manage_channels=True bot_files=True"


async def test_same_interaction_twice_gets_one_accepted_answer(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "ping"
    )
    await handle.response()

    await handle.deliver_again()

    (refused,) = await handle.rejections(1)
    assert refused.code == 40060
    assert bot.received_interaction_ids == [handle.id, handle.id]
    assert len(discord_server.messages(games(discord_server))) == 1


async def test_answer_after_the_deadline_is_refused(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    discord_server.state.response_deadline = 0.1
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "sluggish"
    )

    with pytest.raises(RefusedAnswer, match="10062"):
        await handle.response()


async def test_unanswered_interaction_fails_the_wait_clearly(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "silent"
    )

    with pytest.raises(
        LoopbackTimeout, match=r"after 0.1 s waiting for the bot's response to /silent"
    ):
        await handle.response(timeout=0.1)


async def test_subcommand_options_are_typed_from_the_synced_command(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "remind every", {"hours": 3}
    )

    assert (await handle.response()).content == "every 3 h"
    (subcommand,) = handle.payload["data"]["options"]
    assert subcommand["options"] == [{"name": "hours", "type": 4, "value": 3}]
    with pytest.raises(ValueError, match="no option 'minutes'"):
        await discord_server.send_slash(
            discord_server.user("alice"), games(discord_server), "remind every", {"minutes": 3}
        )


async def test_modal_is_opened_and_submitted(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    opened = await discord_server.send_slash(
        discord_server.user("dave"), games(discord_server), "feedback"
    )
    assert (await opened.response()).type == CALLBACK_MODAL

    submitted = await discord_server.submit_modal(opened, {"feedback-text": "great game"})

    answer = await submitted.response()
    assert answer.content == "thanks for: great game"
    assert answer.ephemeral


async def test_direct_messages_arrive_or_are_refused(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    alice = await bot.fetch_user(discord_server.user("alice").id)
    await alice.send("your turn, privately")
    dm = await discord_server.wait_for_dm(discord_server.user("alice"))
    assert dm.content == "your turn, privately"

    eve = await bot.fetch_user(discord_server.user("eve").id)
    with pytest.raises(discord.Forbidden) as refused:
        await eve.send("you will not get this")
    assert refused.value.code == 50007


async def test_thread_is_created_and_posted_in(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    channel = bot.get_channel(games(discord_server).id)
    assert isinstance(channel, discord.TextChannel)

    thread = await channel.create_thread(name="table 9", type=discord.ChannelType.public_thread)
    await thread.send("welcome to table 9")

    created = await discord_server.wait_for_thread(games(discord_server))
    assert (created.id, created.name) == (thread.id, "table 9")
    posted = await discord_server.wait_for_message(created)
    assert posted.content == "welcome to table 9"
    handle = await discord_server.send_slash(discord_server.user("bob"), created, "ping")
    assert (await handle.response()).content.startswith("pong")


async def test_bot_resumes_after_a_dropped_gateway_connection(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    await discord_server.drop_connections()

    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "ping"
    )

    assert (await handle.response()).content.startswith("pong")
    assert (discord_server.gateway.identifies, discord_server.gateway.resumes) == (1, 1)


def oversized_command() -> app_commands.Command[Any, ..., None]:
    """Valid for discord.py, but over Discord's 4000 characters per command."""
    choices = [
        app_commands.Choice(name=f"{'a long choice name ' * 5}{n}", value=str(n)) for n in range(25)
    ]

    @app_commands.command(description="Too much text")
    @app_commands.choices(first=choices, second=choices)
    async def verbose(interaction: discord.Interaction, first: str, second: str) -> None:
        await interaction.response.send_message(first + second)

    return verbose


async def test_discord_limits_are_enforced(bot: ProbeBot, discord_server: LoopbackDiscord) -> None:
    channel = bot.get_channel(games(discord_server).id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as too_long:
        await channel.send("x" * 2001)
    assert (too_long.value.status, too_long.value.code) == (400, 50035)

    bot.tree.add_command(oversized_command())
    with pytest.raises(app_commands.CommandSyncFailure, match="In command 'verbose'"):
        await bot.tree.sync()
    assert len(discord_server.command_syncs) == 1


async def test_wrong_token_cannot_log_in(discord_server: LoopbackDiscord) -> None:
    bot = ProbeBot()
    with pytest.raises(discord.LoginFailure):
        await bot.login("not-the-token")
    await bot.close()


async def test_closing_leaves_no_tasks_threads_or_open_port(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async with serve_loopback(monkeypatch) as server:
        async with run_bot(ProbeBot(), server) as running:
            await running.tree.sync()
            handle = await server.send_slash(server.user("alice"), games(server), "ping")
            await handle.response()
        address = yarl.URL(server.api_base)

    assert asyncio.all_tasks() == {asyncio.current_task()}
    heartbeats = [t for t in threading.enumerate() if t.name.startswith("keep-alive-handler")]
    for thread in heartbeats:
        thread.join(timeout=1.0)
    assert not any(thread.is_alive() for thread in heartbeats)
    assert discord.http.Route.BASE == "https://discord.com/api/v10"
    with pytest.raises(OSError):
        await asyncio.open_connection(address.host, address.port)


async def test_user_options_carry_the_resolved_member(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    mia = discord_server.user("mia")

    handle = await discord_server.send_slash(
        discord_server.user("alice"), games(discord_server), "poke", {"whom": mia}
    )

    assert (await handle.response()).content == "poked mia (moderator=True)"


async def test_a_custom_world_is_served(monkeypatch: pytest.MonkeyPatch) -> None:
    world = default_world()
    world.guild.channels.append(FakeChannel(987_654_321, "tables", guild_id=world.guild.id))
    async with serve_loopback(monkeypatch, world) as server, run_bot(ProbeBot(), server) as bot:
        await bot.tree.sync()
        channel = bot.get_channel(987_654_321)
        assert isinstance(channel, discord.TextChannel) and channel.name == "tables"
        handle = await server.send_slash(server.user("bob"), server.channel("tables"), "ping")
        assert (await handle.response()).content.startswith("pong")


async def test_slash_command_in_a_direct_message(
    bot: ProbeBot, discord_server: LoopbackDiscord
) -> None:
    carol = discord_server.user("carol")

    handle = await discord_server.send_slash(carol, discord_server.dm_channel(carol), "ping")

    assert "guild_id" not in handle.payload
    assert (await handle.response()).content == f"pong <@{carol.id}>"
    dm = await discord_server.wait_for_dm(carol)
    assert dm.source == "interaction"
