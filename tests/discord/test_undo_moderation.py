"""Undo by consent with its Approve / Decline buttons, and what only the creator or a member
with Manage Channels may do: /skip and /abandon. Also /resign."""

from __future__ import annotations

from bot.discord_app import MeepleBot
from tests.discord_loopback import FakeUser, LoopbackDiscord

from .helpers import Table, current, last_id, legal_now, newer_message, start_table


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


async def test_only_the_creator_or_a_moderator_skips_or_abandons(
    bot: MeepleBot, discord_server: LoopbackDiscord
) -> None:
    table = await start_table(discord_server, bot)
    mover, _ = await legal_now(bot, discord_server, table)
    bob, mia = discord_server.user("bob"), discord_server.user("mia")

    skip_by_bob = await discord_server.send_slash(bob, table.channel, "skip", {"player": mover})
    abandon_by_bob = await discord_server.send_slash(bob, table.channel, "abandon")

    assert "Only Alice, who opened" in (await skip_by_bob.original_message()).content
    assert "Only Alice, who opened" in (await abandon_by_bob.original_message()).content
    before = last_id(discord_server, table.channel)

    await discord_server.send_slash(mia, table.channel, "skip", {"player": mover})

    skipped = await newer_message(discord_server, table.channel, before)
    assert skipped.content.startswith(f"Mia used /skip on {mover.name.title()}.")
    assert (await current(bot, table)).move_count == 1

    await discord_server.send_slash(mia, table.channel, "abandon")

    await newer_message(discord_server, table.channel, skipped.id, "Mia abandoned table #1")
    assert (await current(bot, table)).status == "abandoned"
    assert "was abandoned" in table.lobby.content


async def test_resign(bot: MeepleBot, discord_server: LoopbackDiscord) -> None:
    table = await start_table(discord_server, bot)
    before = last_id(discord_server, table.channel)

    await discord_server.send_slash(table.seats[1], table.channel, "resign")

    resigned = await newer_message(discord_server, table.channel, before)
    assert resigned.content.startswith(f"{table.seats[1].name.title()} used /resign.")
