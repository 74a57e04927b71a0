"""Bot players through the loopback Discord: a solo game against a bot and a game whose
dropped-out player the bot replaces, both to the end; the move clock on a test clock; and a
bot turn that fell due while the bot was down, played when it starts again. Bots are never
pinged, and their moves come as messages of their own in the table's channel."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import engine
from bot.config import Settings
from bot.discord_app import MeepleBot
from bot.service.bot_policy import ROBOT
from bot.store import TableRecord
from engine.ai import choose_action
from tests.discord_loopback import FakeChannel, FakeUser, LoopbackDiscord, run_bot
from tests.reminders.clock import TestClock

from .helpers import GAME, last_id, make_bot, newer_message, open_lobby

#: The most moves a person makes in these games (a safety net against a game that hangs).
MAX_MOVES = 400
WAIT = 10.0


def no_delay(tmp_path: Path) -> Settings:
    return Settings(_env_file=None, database_path=tmp_path / "meeple.db", bot_delay_seconds=0)


async def table_when(
    bot: MeepleBot, table_id: int, ready: Callable[[TableRecord], bool]
) -> TableRecord:
    """The table once `ready(table)` holds (the bots play in the background)."""
    async with asyncio.timeout(WAIT):
        while True:
            record = await bot.store.tables.table(table_id)
            assert record is not None
            if ready(record):
                return record
            await asyncio.sleep(0.01)


async def slash(
    server: LoopbackDiscord, user: FakeUser, channel: FakeChannel, name: str, **options: object
) -> None:
    handle = await server.send_slash(user, channel, name, options)  # type: ignore[arg-type]
    await handle.response()


async def play_to_the_end(
    server: LoopbackDiscord,
    bot: MeepleBot,
    channel: FakeChannel,
    table_id: int,
    people: dict[str, FakeUser],
) -> None:
    """The `people` (by user id) play the `easy` bot's choices by /move whenever one of them
    is to act, until the game is over; the bots play on their own meanwhile."""
    await table_when(bot, table_id, lambda t: t.status != "lobby")
    seats = {s.seat: s.user_id for s in await bot.store.tables.seats(table_id)}
    for number in range(MAX_MOVES):
        record = await table_when(
            bot,
            table_id,
            lambda t: t.status == "finished" or any(seats[s] in people for s in t.to_act),
        )
        if record.status == "finished":
            await server.wait_for_message(channel, lambda m: "Game over at table #" in m.content)
            return
        seat = next(s for s in record.to_act if seats[s] in people)
        game = engine.get(record.game_key)
        assert record.state_json is not None
        action = choose_action(game, game.load_state(record.state_json), seat, "easy", number)
        mover, before = people[seats[seat]], last_id(server, channel)
        await slash(server, mover, channel, "move", action=action)
        await newer_message(server, channel, before, f"{mover.name.title()}: {action}")
    raise AssertionError("the game did not end")


def bot_moves(server: LoopbackDiscord, channel: FakeChannel, name: str) -> list[str]:
    return [m.content for m in server.messages(channel) if m.content.startswith(name)]


async def test_a_solo_game_against_a_bot_to_the_end(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    games, alice = discord_server.channel("games"), discord_server.user("alice")
    async with run_bot(make_bot(no_delay(tmp_path)), discord_server) as bot:
        lobby = await open_lobby(discord_server, alice, games, seed=3)
        await slash(discord_server, alice, games, "addbot", level="easy")
        await newer_message(discord_server, games, lobby.id, f"{ROBOT} Ada (easy) joins")
        await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()

        await play_to_the_end(discord_server, bot, games, 1, {str(alice.id): alice})

        messages = discord_server.messages(games)
        assert bot_moves(discord_server, games, f"{ROBOT} Ada: ")
        assert any("Game over at table #1" in m.content for m in messages)
        assert all(set(m.mentioned_user_ids) <= {alice.id} for m in messages)
        # The lobby message names the bot with its mark.
        assert f"{ROBOT} Ada" in discord_server.messages(games)[0].content


async def test_a_dropped_out_player_is_replaced_by_the_bot_to_the_end(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    async with run_bot(make_bot(no_delay(tmp_path)), discord_server) as bot:
        lobby = await open_lobby(discord_server, alice, games, seed=5)
        await (await discord_server.click(bob, lobby, "mp:lobby:join:1")).response()
        await newer_message(discord_server, games, lobby.id, "Bob joins")
        await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()
        await table_when(bot, 1, lambda t: t.status == "active")
        before = last_id(discord_server, games)

        await slash(
            discord_server, alice, games, "replace", player=bob.id, level="easy", **{"with": "bot"}
        )
        handed = await newer_message(discord_server, games, before, "to the bot")

        await play_to_the_end(discord_server, bot, games, 1, {str(alice.id): alice})
        later = [m for m in discord_server.messages(games) if m.id > handed.id]
        assert bot_moves(discord_server, games, f"Bob ({ROBOT} bot, easy): ")
        assert all(bob.id not in m.mentioned_user_ids for m in later)
        assert any("Game over at table #1" in m.content for m in later)


async def test_the_move_clock_lets_the_bot_play_a_late_turn(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    games = discord_server.channel("games")
    alice, bob = discord_server.user("alice"), discord_server.user("bob")
    clock = TestClock()
    settings = Settings(_env_file=None, database_path=tmp_path / "meeple.db")
    async with run_bot(make_bot(settings, clock=clock), discord_server) as bot:
        handle = await discord_server.send_slash(
            alice, games, "newgame", {"game": GAME, "seed": 7, "clock": "48h"}
        )
        await handle.response()
        lobby = await newer_message(discord_server, games, 0, "move clock 48 h")
        await (await discord_server.click(bob, lobby, "mp:lobby:join:1")).response()
        await newer_message(discord_server, games, lobby.id, "Bob joins")
        await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()
        record = await table_when(bot, 1, lambda t: t.status == "active")
        seats = {s.seat: s.display_name for s in await bot.store.tables.seats(1)}
        late = seats[record.to_act[0]]

        await advance(clock, hours=47)
        assert not [m for m in discord_server.messages(games) if m.content.startswith("⌛")]
        await advance(clock, hours=1)

        notice = await discord_server.wait_for_message(games, lambda m: m.content.startswith("⌛"))
        assert f"has waited 48 h (its move clock) for {late}" in notice.content
        assert f"\n{late} ({ROBOT} bot, normal): place " in notice.content
        await table_when(bot, 1, lambda t: t.move_count == 1)


async def advance(clock: TestClock, **delta: float) -> None:
    """Move the test clock on and let the bot's tasks run."""
    clock.advance(**delta)
    for _ in range(20):
        await asyncio.sleep(0.01)


async def test_a_bot_turn_due_while_the_bot_was_down_is_played_at_start(
    discord_server: LoopbackDiscord, tmp_path: Path
) -> None:
    games, alice = discord_server.channel("games"), discord_server.user("alice")
    clock = TestClock()
    settings = Settings(_env_file=None, database_path=tmp_path / "meeple.db")
    async with run_bot(make_bot(settings, clock=clock), discord_server) as bot:
        lobby = await open_lobby(discord_server, alice, games, seed=3)
        await slash(discord_server, alice, games, "addbot", level="random")
        await newer_message(discord_server, games, lobby.id, f"{ROBOT} Ada (random) joins")
        await (await discord_server.click(alice, lobby, "mp:lobby:start:1")).response()
        record = await table_when(bot, 1, lambda t: t.status == "active")
        assert record.to_act == [0]  # the seed seats the bot first: due 3 s after the start
        await asyncio.sleep(0.1)  # the runner sleeps: the turn is due only at 12:00:03
        assert (await table_when(bot, 1, lambda t: True)).move_count == 0

    clock.advance(hours=1)  # the bot was down meanwhile
    async with run_bot(make_bot(settings, clock=clock), discord_server) as bot:
        played = await discord_server.wait_for_message(
            games, lambda m: m.content.startswith(f"{ROBOT} Ada: place ")
        )
        assert played.mentioned_user_ids == [alice.id]
        assert (await table_when(bot, 1, lambda t: t.move_count == 1)).to_act == [1]
