"""Turn reminders through the loopback Discord, on a test clock: posted when due with a ping
for exactly the awaited player, held back by quiet hours, sent by direct message when chosen,
stalling the table after five, reset by a move, and still firing after a restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime

import engine
from bot.config import Settings
from bot.discord_app import MeepleBot
from bot.discord_app.cogs.reminders import RemindersCog
from bot.reminders import ReminderScheduler, ReminderStore
from tests.discord_loopback import FakeUser, LoopbackDiscord, RecordedMessage, run_bot
from tests.discord_loopback.interactions import OptionValue
from tests.reminders.clock import TestClock, pass_time, settled

from .helpers import GAME, Table, current, last_id, make_bot, newer_message, start_table, to_act

REMINDER = "⏰"


@asynccontextmanager
async def running(
    settings: Settings, server: LoopbackDiscord, clock: TestClock
) -> AsyncIterator[tuple[MeepleBot, ReminderScheduler]]:
    """The bot on the test clock, and its reminder scheduler once it sleeps."""
    async with run_bot(make_bot(settings, clock=clock), server) as bot:
        cog = bot.get_cog("Reminders")
        assert isinstance(cog, RemindersCog)
        await settled(cog.scheduler, clock)
        yield bot, cog.scheduler


def reminders_in(server: LoopbackDiscord, table: Table) -> list[RecordedMessage]:
    return [m for m in server.messages(table.channel) if m.content.startswith(REMINDER)]


async def private_answer(
    server: LoopbackDiscord,
    user: FakeUser,
    table: Table,
    command: str,
    options: dict[str, OptionValue],
) -> str:
    handle = await server.send_slash(user, table.channel, command, options)
    await handle.response()
    original = await handle.original_message()
    assert original.ephemeral
    return original.content


async def play_turn(server: LoopbackDiscord, bot: MeepleBot, table: Table) -> FakeUser:
    """Whoever must act plays their first legal actions until the table waits for someone
    else; returns who played."""
    game = engine.get(GAME)
    mover = await to_act(bot, table)
    while await to_act(bot, table) == mover:
        record = await current(bot, table)
        assert record.state_json is not None
        seat = table.seats.index(mover)
        action = game.legal_actions(game.load_state(record.state_json), seat)[0]
        before = last_id(server, table.channel)
        await (await server.send_slash(mover, table.channel, "move", {"action": action})).response()
        await newer_message(server, table.channel, before, action)
    return mover


async def test_a_reminder_is_posted_when_due_pinging_the_awaited_player_only(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot)
        awaited = await to_act(bot, table)
        await pass_time(scheduler, clock, hours=23, minutes=59)
        assert reminders_in(discord_server, table) == []
        await pass_time(scheduler, clock, minutes=1)
        [reminder] = reminders_in(discord_server, table)
        assert reminder.mentioned_user_ids == [awaited.id]
        assert f"Table #{table.id} (Terra Nova (2006)) is waiting for {awaited.name.title()}" in (
            reminder.content
        )
        assert "since 2026-01-05 12:00 UTC (1 d 0 h ago). Reminder 1 of 5" in reminder.content
        await pass_time(scheduler, clock, hours=24)
        assert "Reminder 2 of 5" in reminders_in(discord_server, table)[-1].content


async def test_remind_changes_the_interval_and_a_move_resets_it(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot)
        creator = discord_server.user("alice")  # start_table: the first name opens the table
        other = next(user for user in table.seats if user != creator)
        refusal = await private_answer(discord_server, other, table, "remind", {"every": 2})
        assert refusal.startswith(f"Only {creator.name.title()}, who opened table #{table.id}")
        before = last_id(discord_server, table.channel)
        await (
            await discord_server.send_slash(creator, table.channel, "remind", {"every": 2})
        ).response()
        await newer_message(discord_server, table.channel, before, "to every 2 h")
        await settled(scheduler, clock)

        await pass_time(scheduler, clock, hours=2)
        assert len(reminders_in(discord_server, table)) == 1
        clock.advance(hours=1)
        mover = await play_turn(discord_server, bot, table)
        next_up = await to_act(bot, table)
        await pass_time(scheduler, clock, hours=1, minutes=59)
        assert len(reminders_in(discord_server, table)) == 1
        await pass_time(scheduler, clock, minutes=1)
        latest = reminders_in(discord_server, table)[-1]
        assert latest.mentioned_user_ids == [next_up.id]
        assert next_up != mover
        assert "Reminder 1 of 5" in latest.content


async def test_quiet_hours_hold_the_reminder_until_they_end(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot)
        awaited = await to_act(bot, table)
        saved = await private_answer(
            discord_server, awaited, table, "notify", {"quiet": "20-08", "tz": "asia/tokyo"}
        )
        assert "Quiet hours: 20:00–08:00 (Asia/Tokyo)" in saved
        # Due at 12:00 UTC = 21:00 in Tokyo; the night there ends at 23:00 UTC.
        await pass_time(scheduler, clock, hours=34, minutes=59)
        assert reminders_in(discord_server, table) == []
        await pass_time(scheduler, clock, minutes=1)
        [reminder] = reminders_in(discord_server, table)
        assert clock.now == datetime(2026, 1, 6, 23, 0, tzinfo=UTC)
        assert reminder.mentioned_user_ids == [awaited.id]


async def test_reminders_come_by_direct_message_or_in_the_channel_if_refused(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot, ("alice", "eve"))
        for player in table.seats:
            saved = await private_answer(discord_server, player, table, "notify", {"dm": True})
            assert "come by direct message" in saved
        first = await to_act(bot, table)
        await pass_time(scheduler, clock, hours=24)
        await play_turn(discord_server, bot, table)
        second = await to_act(bot, table)
        await pass_time(scheduler, clock, hours=24)

        alice, eve = discord_server.user("alice"), discord_server.user("eve")
        assert {first, second} == {alice, eve}
        dm = await discord_server.wait_for_dm(alice, lambda m: m.content.startswith(REMINDER))
        assert f"Table #{table.id} (Terra Nova (2006)) in <#{table.channel.id}>" in dm.content
        assert dm.mentioned_user_ids == []
        # eve refuses direct messages: she is pinged in the channel instead.
        [in_channel] = reminders_in(discord_server, table)
        assert in_channel.mentioned_user_ids == [eve.id]


async def test_five_unanswered_reminders_stall_the_table_and_the_channel_is_told(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot)
        awaited = await to_act(bot, table)
        creator = discord_server.user("alice")
        for _ in range(6):
            await pass_time(scheduler, clock, hours=24)
        reminders = reminders_in(discord_server, table)
        assert [f"Reminder {n} of 5" in m.content for n, m in enumerate(reminders, 1)] == [True] * 5
        stall = await discord_server.wait_for_message(
            table.channel, lambda m: "stalled" in m.content
        )
        assert stall.content.startswith(f"⚠️ Table #{table.id} (Terra Nova (2006)) is stalled:")
        assert f"{awaited.name.title()} did not act after 5 reminders" in stall.content
        assert "/skip" in stall.content and "/abandon" in stall.content
        assert set(stall.mentioned_user_ids) == {awaited.id, creator.id}
        count = len(discord_server.messages(table.channel))
        for _ in range(3):
            await pass_time(scheduler, clock, hours=24)
        assert len(discord_server.messages(table.channel)) == count
        store = ReminderStore.sharing(bot.store)
        [watched] = await store.watched_tables(table.id)
        assert watched.stalled


async def test_reminders_still_fire_after_a_restart(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, scheduler):
        table = await start_table(discord_server, bot)
        awaited = await to_act(bot, table)
        await pass_time(scheduler, clock, hours=24)
    assert len(reminders_in(discord_server, table)) == 1

    clock.advance(days=2)  # the bot is down meanwhile
    async with running(settings, discord_server, clock) as (bot, scheduler):
        [_, second] = reminders_in(discord_server, table)
        assert "Reminder 2 of 5" in second.content
        assert second.mentioned_user_ids == [awaited.id]
        await pass_time(scheduler, clock, hours=24)
        assert "Reminder 3 of 5" in reminders_in(discord_server, table)[-1].content


async def test_notify_explains_bad_input_and_offers_time_zones(
    settings: Settings, discord_server: LoopbackDiscord
) -> None:
    clock = TestClock()
    async with running(settings, discord_server, clock) as (bot, _):
        table = await start_table(discord_server, bot)
        alice = discord_server.user("alice")
        refusal = await private_answer(
            discord_server, alice, table, "notify", {"quiet": "22-07", "tz": "Europe/Berln"}
        )
        assert "'Europe/Berln' is not a time zone I know. Did you mean Europe/Berlin," in refusal
        shown = await private_answer(discord_server, alice, table, "notify", {})
        assert "No quiet hours" in shown
        handle = await discord_server.send_autocomplete(
            alice, table.channel, "notify", "tz", "berl"
        )
        assert [c["value"] for c in (await handle.response()).choices] == ["Europe/Berlin"]
