"""Undo by consent with its Approve / Decline buttons, and what only the creator or a member
with Manage Channels may do: /skip and /abandon. Also /resign."""

from __future__ import annotations

from bot.config import Settings
from bot.discord_app import MeepleBot
from tests.bot.helpers import ManualClock
from tests.discord_loopback import FakeUser, LoopbackDiscord, run_bot

from .helpers import (
    Table,
    ask,
    cancel_id,
    confirm,
    confirm_id,
    current,
    last_id,
    legal_now,
    make_bot,
    newer_message,
    start_table,
)


async def play_one(
    bot: MeepleBot, server: LoopbackDiscord, table: Table
) -> tuple[FakeUser, FakeUser]:
    """The mover plays their first legal action; returns (who moved, who is next)."""
    mover, legal = await legal_now(bot, server, table)
    before = last_id(server, table.channel)
    await server.send_slash(mover, table.channel, "move", {"action": legal[0]})
    await newer_message(server, table.channel, before)
    return mover, next(user for user in table.seats if user != mover)


async def test_an_undo_request_pings_the_others_and_a_decline_closes_it(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover, other = await play_one(bot, discord_server, table)
    before = last_id(discord_server, table.channel)

    await discord_server.send_slash(mover, table.channel, "undo")

    request = await newer_message(discord_server, table.channel, before, "asks to take back")
    assert request.mentioned_user_ids == [other.id]
    decline = next(c for c in request.custom_ids if ":decline:" in c)
    refused = await discord_server.click(discord_server.user("carol"), request, decline)
    assert "You are not playing" in (await refused.followups(1))[0].content

    await (await discord_server.click(other, request, decline)).response()

    await newer_message(discord_server, table.channel, request.id, "declined the undo")
    await discord_server.state.wait_until(
        lambda: request.custom_ids == [] or None, timeout=3, what="the buttons to come off"
    )
    assert (await current(bot, table)).move_count == 1


async def test_approve_by_command_takes_the_action_back(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover, other = await play_one(bot, discord_server, table)
    await discord_server.send_slash(mover, table.channel, "undo")
    request = await newer_message(discord_server, table.channel, 0, "asks to take back")

    await discord_server.send_slash(other, table.channel, "approve")

    taken = await newer_message(discord_server, table.channel, request.id, "Taken back")
    assert taken.files and taken.mentioned_user_ids == [mover.id]
    assert (await current(bot, table)).move_count == 0


async def test_only_the_creator_or_a_moderator_skips_or_abandons_and_they_confirm(
    discord_server: LoopbackDiscord, settings: Settings
) -> None:
    clock = ManualClock()
    async with run_bot(make_bot(settings, clock=clock), discord_server) as bot:
        table = await start_table(discord_server, bot)
        mover, _ = await legal_now(bot, discord_server, table)
        bob, mia = discord_server.user("bob"), discord_server.user("mia")

        skip_by_bob = await ask(discord_server, bob, table.channel, "skip", player=mover)
        abandon_by_bob = await ask(discord_server, bob, table.channel, "abandon")
        too_early = await ask(discord_server, mia, table.channel, "skip", player=mover)

        assert "Only Alice, who opened" in skip_by_bob.content
        assert "Only Alice, who opened" in abandon_by_bob.content
        assert f"You can skip {mover.name.title()} from 2026-01-02 12:00 UTC (in 1 d 0 h)" in (
            too_early.content
        )
        assert too_early.custom_ids == []
        clock.advance(hours=24)

        skipped = await confirm(discord_server, mia, table.channel, "skip", player=mover)

        assert skipped.content.startswith(f"Mia used /skip on {mover.name.title()}.")
        assert (await current(bot, table)).move_count == 1

        abandoned = await confirm(discord_server, mia, table.channel, "abandon")

        assert abandoned.content.startswith("Mia abandoned table #1")
        assert (await current(bot, table)).status == "abandoned"
        await discord_server.state.wait_until(
            lambda: "was abandoned" in table.lobby.content or None,
            timeout=3,
            what="the lobby message to say so",
        )


async def test_resign_asks_first_and_cancel_keeps_the_player_in(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    player = table.seats[1]
    question = await ask(discord_server, player, table.channel, "resign")
    assert question.content.startswith("Resign from table #1 (Terra Nova (2006))?")
    before = last_id(discord_server, table.channel)

    await (await discord_server.click(player, question, cancel_id(question))).edits(1)

    assert question.content == "Cancelled — nothing was done." and question.custom_ids == []
    assert last_id(discord_server, table.channel) == before
    resigned = await confirm(discord_server, player, table.channel, "resign")
    assert resigned.content.startswith(f"{player.name.title()} used /resign.")


async def test_a_question_answered_after_the_table_moved_on_does_nothing(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    creator = discord_server.user("alice")
    question = await ask(discord_server, creator, table.channel, "abandon")
    await play_one(bot, discord_server, table)

    click = await discord_server.click(creator, question, confirm_id(question))

    (refusal,) = await click.followups(1)
    assert refusal.ephemeral and "changed since you asked" in refusal.content
    assert (await current(bot, table)).status == "active"
    assert question.custom_ids == []  # answered: its buttons are gone


async def test_slash_confirm_answers_the_newest_question(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    player = table.seats[0]
    await ask(discord_server, player, table.channel, "resign")
    before = last_id(discord_server, table.channel)

    await (await discord_server.send_slash(player, table.channel, "confirm")).response()

    resigned = await newer_message(discord_server, table.channel, before)
    assert resigned.content.startswith(f"{player.name.title()} used /resign.")
