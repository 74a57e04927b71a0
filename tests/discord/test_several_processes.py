"""Two real bot processes on one database, each running one of two gateway shards of the
loopback Discord (issue 15): tables in guilds on both shards play whole games — people and
bots —, a reminder due at a table of each guild is sent exactly once although both processes
look, one process is killed with SIGKILL in the middle of a game while the other keeps
serving its shard, and after the restart every game is finished with nothing lost or done
twice (each action logged once, each bot move and each interaction's answer posted once,
each result recorded once).

The processes play the tests' pile game (a few moves a game) and draw no real boards, so the
whole run stays within a minute on a loaded machine; the games and rules are not what is
tested here.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.store import Store, TableRecord
from bot.store.reminder_due import to_micros
from bot.store.values import stored_time
from tests.discord_loopback import (
    FakeChannel,
    FakeUser,
    InteractionHandle,
    LoopbackDiscord,
    RecordedMessage,
    default_world,
    serve_loopback,
)
from tests.discord_loopback.world import add_guild, shard_of
from tests.support.pile_game import PileGame

from .helpers import last_id

REPO = Path(__file__).resolve().parents[2]
SHARDS = 2
#: How long a start may take on a loaded machine (imports, database, gateway, 2 s of
#: discord.py's wait for guilds).
START_TIMEOUT = 30.0
#: Waits for one answer or one bot move.
STEP_TIMEOUT = 10.0
REMINDER = "⏰"
PILE = PileGame()


@dataclass
class Table:
    id: int
    channel: FakeChannel
    players: dict[str, FakeUser]
    """The people seated, by user id (a bot's seat has none)."""


class BotProcess:
    """`python -m bot` (through `tests.discord.loopback_main`) running shard `shard`."""

    def __init__(self, server: LoopbackDiscord, tmp_path: Path, database: str, shard: int) -> None:
        self.server = server
        self.shard = shard
        self.database = database
        self.folder = tmp_path
        self.log = tmp_path / f"shard-{shard}.log"
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        environment = {
            **{key: os.environ[key] for key in ("PATH", "HOME") if key in os.environ},
            "PYTHONPATH": str(REPO),
            "DISCORD_TOKEN": self.server.token,
            "DATABASE_URL": self.database,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": str(self.shard),
            "WORK_LEASE_SECONDS": "2",
            "BOT_DELAY_SECONDS": "0.2",
            "LOG_LEVEL": "INFO",
            "LOOPBACK_API": self.server.api_base,
            "LOOPBACK_GATEWAY": self.server.gateway_url,
            "LOOPBACK_PILE_GAME": "1",
        }
        ready_before = self.log_text().count("ready on gateway shard")
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "tests.discord.loopback_main",
                cwd=self.folder,
                env=environment,
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        async with asyncio.timeout(START_TIMEOUT):
            while self.log_text().count("ready on gateway shard") == ready_before:
                assert self.process.returncode is None, self.log_text()
                await asyncio.sleep(0.05)

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8") if self.log.exists() else ""

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to the gateway."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        await self.process.wait()

    async def stop(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), 10)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()


@asynccontextmanager
async def processes(
    server: LoopbackDiscord, tmp_path: Path, database: str
) -> AsyncIterator[tuple[BotProcess, BotProcess]]:
    started = (BotProcess(server, tmp_path, database, 0), BotProcess(server, tmp_path, database, 1))
    try:
        await asyncio.gather(*(process.start() for process in started))
        yield started
    finally:
        for process in started:
            await process.stop()


async def until(check: Callable[[], object], what: str, timeout: float = STEP_TIMEOUT) -> None:
    try:
        async with asyncio.timeout(timeout):
            while not check():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"no {what} within {timeout} s") from None


class Players:
    """Acting as the people at the tables, reading positions from the shared database."""

    def __init__(self, server: LoopbackDiscord, store: Store) -> None:
        self.server = server
        self.store = store

    async def open(self, channel: FakeChannel, names: tuple[str, ...], *, bot: bool) -> Table:
        server = self.server
        creator, *others = [server.user(name) for name in names]
        options = {"game": "pile", "seed": 11, "options": "size:9"}
        lobby = await self.answered(
            channel, server.send_slash(creator, channel, "newgame", options)
        )
        table_id = int(lobby.custom_ids[0].rsplit(":", 1)[1])
        for user in others:
            await self.answered(channel, server.click(user, lobby, f"mp:lobby:join:{table_id}"))
        if bot:
            added = {"level": "random"}
            await self.answered(channel, server.send_slash(creator, channel, "addbot", added))
        start = server.click(creator, lobby, f"mp:lobby:start:{table_id}")
        await self.answered(channel, start, "begins")
        people = {str(user.id): user for user in (creator, *others)}
        return Table(table_id, channel, people)

    async def answered(
        self, channel: FakeChannel, sending: Awaitable[InteractionHandle], text: str = ""
    ) -> RecordedMessage:
        """Send an interaction, wait for its answer and for the public message it brings
        (containing `text`), with the patience a loaded machine needs."""
        before = last_id(self.server, channel)
        await (await sending).response(timeout=STEP_TIMEOUT)
        return await self.server.wait_for_message(
            channel, lambda m: m.id > before and text in m.content, timeout=STEP_TIMEOUT
        )

    async def record(self, table: Table) -> TableRecord:
        record = await self.store.tables.table(table.id)
        assert record is not None
        return record

    async def person_to_act(self, table: Table) -> FakeUser | None:
        """The person the table waits for (None: a bot, or the game is over)."""
        record = await self.record(table)
        if record.status != "active":
            return None
        seats = await self.store.tables.seats(table.id)
        (seat,) = record.to_act
        user_id = next(s.user_id for s in seats if s.seat == seat)
        return table.players.get(user_id)

    async def move(self, table: Table, *, wait: bool = True) -> None:
        """The person to act takes one counter (the bot answers after it, if it is its turn)."""
        record = await self.record(table)
        user = await self.person_to_act(table)
        assert user is not None, f"table {table.id} does not wait for a person"
        assert record.state_json is not None
        state = PILE.load_state(record.state_json)
        action = PILE.legal_actions(state, record.to_act[0])[0]
        sending = self.server.send_slash(user, table.channel, "move", {"action": action})
        if not wait:
            await sending
            return
        await self.answered(table.channel, sending, f": {action}")
        await self.settled(table)

    async def settled(self, table: Table) -> None:
        """Wait until the table waits for a person again, or is over (the bot has played)."""
        async with asyncio.timeout(STEP_TIMEOUT):
            while (await self.record(table)).status == "active" and (
                await self.person_to_act(table) is None
            ):
                await asyncio.sleep(0.05)

    async def finish(self, table: Table) -> None:
        await self.settled(table)
        while (await self.record(table)).status == "active":
            await self.move(table)

    async def make_reminder_due(self, table: Table) -> None:
        """Back-date the table's last change by more than a day: its reminder is due."""
        past = datetime.now(UTC) - timedelta(hours=25)
        async with self.store.database.write() as db:
            await db.execute(
                "UPDATE game_tables SET updated_at = ?, waiting_since = ?, remind_at = ? "
                "WHERE id = ?",
                (stored_time(past), stored_time(past), to_micros(past), table.id),
            )


def reminders(server: LoopbackDiscord, table: Table) -> int:
    return sum(m.content.startswith(REMINDER) for m in server.messages(table.channel))


@pytest.fixture
def shared_database(database_url: str) -> str:
    """Where the processes and the test keep the games (SQLite, then PostgreSQL)."""
    return database_url


@pytest.fixture
async def shared_store(shared_database: str) -> AsyncIterator[Store]:
    store = await Store.open(shared_database)
    yield store
    await store.close()


async def test_two_processes_share_the_games_and_survive_one_killed(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, shared_database: str, shared_store: Store
) -> None:
    world = default_world()
    home_shard = shard_of(world.guild.id, SHARDS)
    add_guild(world, "second", shard=1 - home_shard, shard_count=SHARDS)
    async with (
        serve_loopback(monkeypatch, world) as server,
        processes(server, tmp_path, shared_database) as started,
    ):
        server.state.response_deadline = STEP_TIMEOUT  # a loaded machine, not a slow bot
        home = started[home_shard]
        away = started[1 - home_shard]
        players = Players(server, shared_store)
        tables = {
            "home people": await players.open(server.channel("games"), ("alice", "bob"), bot=False),
            "home bot": await players.open(server.channel("games-2"), ("carol",), bot=True),
            "away people": await players.open(
                server.channel("second-games"), ("alice", "bob"), bot=False
            ),
            "away bot": await players.open(server.channel("second-general"), ("dave",), bot=True),
        }
        for table in tables.values():
            await players.settled(table)
            await players.move(table)

        # Reminders due at a table of each guild; a move in each guild wakes both schedulers.
        for name in ("home people", "away people"):
            await players.make_reminder_due(tables[name])
        for name in ("home bot", "away bot"):
            await players.move(tables[name])
        for name in ("home people", "away people"):
            await until(lambda t=tables[name]: reminders(server, t) >= 1, "a reminder")
        await asyncio.sleep(1.0)  # time for a second reminder, were one to come
        assert [reminders(server, tables[n]) for n in ("home people", "away people")] == [1, 1]

        # The away shard's process dies while a move of its guild is on its way.
        await players.move(tables["away people"], wait=False)
        await away.kill()
        assert [s.shard for s in server.gateway.live_sessions] == [(home_shard, SHARDS)]
        for name in ("home people", "home bot"):
            await players.finish(tables[name])  # the home process keeps serving

        await away.start()
        for name in ("away people", "away bot"):
            await players.finish(tables[name])

    assert "Traceback" not in home.log_text() + away.log_text()
    await check_nothing_lost_or_doubled(server, shared_store, tables.values())


async def check_nothing_lost_or_doubled(
    server: LoopbackDiscord, store: Store, tables: Iterable[Table]
) -> None:
    for table in tables:
        record = await store.tables.table(table.id)
        assert record is not None and record.status == "finished"
        log = await store.actions.recent_actions(table.id, 100)
        assert sorted(a.number for a in log) == list(range(1, len(log) + 1))
        bot_moves = [a for a in log if a.bot_level is not None]
        posted = [m for m in server.messages(table.channel) if m.content.startswith("🤖")]
        assert len(posted) == len(bot_moves), (table.id, len(posted), len(bot_moves))
        result = await store.database.fetch_all(
            "SELECT table_id FROM game_results WHERE table_id = ?", (table.id,)
        )
        assert len(result) == 1
    answered = [r for r in server.state.interactions.values() if r.callback is not None]
    assert all(not r.rejections for r in answered)
    assert server.state.nonce_repeats == 0
