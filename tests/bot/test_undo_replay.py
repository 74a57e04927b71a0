"""Undo without a state per action: the store keeps checkpoints and the service plays the
logged actions again from the nearest one (bot/store/checkpoints.py, bot/service/positions.py).

Random games of every registered game are played through the service, and at every point
the last action is taken back (with everybody's approval) whenever undo reaches it, and
played again; now and then several are taken back and the game goes on differently. Each
undo must give back exactly the state the table had before those actions (as read then) and
the state a replay of the log from the game's start gives; playing the same actions again
must reach the very same states again."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import engine
from bot.service import Channel, GameCatalog, Service, User
from bot.store import Store, TableRecord
from bot.store.checkpoints import CHECKPOINT_EVERY
from engine.core import Game, Rng
from engine.core.playout import choose_action
from tests.bot.helpers import CHANNEL, ManualClock, fake_renderer

USERS = [User(id=f"u{n}", name=name) for n, name in enumerate(("ann", "ben", "cy"))]
#: Actions played in each game (a game ending sooner is played to its end): enough for
#: several checkpoints, reveals and undos of many actions.
ACTIONS = 120


@dataclass
class UndoWalk:
    """A table played at random, undoing as it goes, with every state it was in."""

    service: Service
    game: Game[Any]
    rng: Rng
    channel: Channel = CHANNEL
    #: The table's state after each number of actions, as read right after it was reached.
    seen: dict[int, str] = field(default_factory=dict)
    undos: int = 0

    async def table(self) -> TableRecord:
        table = await self.service.store.tables.latest_table(self.channel.id)
        assert table is not None and table.state_json is not None
        return table

    async def user(self, seat: int) -> User:
        table = await self.table()
        seats = await self.service.store.tables.seats(table.id)
        user_id = next(record.user_id for record in seats if record.seat == seat)
        return next(user for user in USERS if user.id == user_id)

    async def act(self, seat: int, text: str) -> None:
        await self.service.act(self.channel, await self.user(seat), text)
        table = await self.table()
        self.seen[table.move_count] = table.state_json or ""

    async def play_one(self) -> bool:
        """A random legal action of a seat the table waits for; False once it is over."""
        table = await self.table()
        if table.status != "active":
            return False
        seat = min(table.to_act)
        legal = self.game.legal_actions(self.game.load_state(table.state_json or ""), seat)
        await self.act(seat, choose_action(self.rng, legal))
        return True

    async def undo(self, count: int) -> TableRecord:
        """Take back the last `count` chosen actions (with the automatic ones after them,
        everybody approving); the table afterwards."""
        table = await self.table()
        first = (await self.service.store.actions.chosen_numbers(table.id, count))[-1]
        (action,) = await self.service.store.actions.actions_between(table.id, first, first)
        requester = await self.user(action.seat)
        asked = await self.service.request_undo(self.channel, requester, count=count)
        if asked.undo_request_id is not None:
            for seat in await self.service.store.tables.seats(table.id):
                if seat.user_id != requester.id:
                    await self.service.approve_undo(self.channel, await self.user(seat.seat or 0))
        self.undos += 1
        restored = await self.table()
        assert restored.move_count == first - 1
        return restored

    async def undo_and_play_again(self, count: int) -> None:
        """Take back the last `count` chosen actions, check the state, play them again (what
        is automatic after them plays itself again)."""
        table = await self.table()
        first = (await self.service.store.actions.chosen_numbers(table.id, count))[-1]
        log = await self.service.store.actions.actions_from(table.id, first)
        restored = await self.undo(count)
        assert restored.state_json == self.seen[restored.move_count]
        assert restored.state_json == await self.replayed_from_start(restored)
        for action in log:
            if action.automatic is None:
                await self.act(action.seat, action.text)
        again = await self.table()
        assert (again.move_count, again.state_json) == (table.move_count, table.state_json)

    async def replayed_from_start(self, table: TableRecord) -> str:
        """The table's state by a replay of its whole log from a new game."""
        players = self.game.load_state(table.state_json or "").players
        state = self.game.new_game(players, table.seed, table.options)
        for action in await self.service.store.actions.actions_from(table.id, 1):
            state = self.game.apply(state, action.seat, action.text).state
        return self.game.dump_state(state)

    async def reach(self) -> int:
        """How many of the last chosen actions an undo may take back (none past a reveal;
        none once the game is over)."""
        table = await self.table()
        if table.status != "active":
            return 0
        log = await self.service.store.actions.recent_actions(table.id, table.move_count)
        reach = 0
        for action in reversed(log):
            if action.reveals:
                break
            reach += action.automatic is None
        return reach


def _catalog() -> GameCatalog:
    return GameCatalog(engine.all_games())


@pytest.mark.parametrize("game", engine.all_games(), ids=lambda game: game.info.key)
async def test_undo_at_every_point_restores_the_state_a_replay_gives(
    store: Store, clock: ManualClock, game: Game[Any]
) -> None:
    service = Service(store, games=_catalog(), renderer=fake_renderer, clock=clock)
    players = USERS[: max(game.info.min_players, min(game.info.max_players, 3))]
    await service.create_table(CHANNEL, players[0], game.info.key, seed=5)
    for user in players[1:]:
        await service.join(CHANNEL, user)
    await service.start(CHANNEL, players[0])
    walk = UndoWalk(service, game, Rng(seed=9))
    walk.seen[0] = (await walk.table()).state_json or ""
    for played in range(1, ACTIONS + 1):
        if not await walk.play_one():
            break
        reach = await walk.reach()
        if reach:
            await walk.undo_and_play_again(1)
        if reach > 1 and played % 9 == 0:
            # Several back, then play on differently: positions of the abandoned line (and any
            # checkpoint among them) must not come back.
            restored = await walk.undo(1 + walk.rng.below(min(reach, 4)))
            assert restored.state_json == walk.seen[restored.move_count]
    table = await walk.table()
    assert table.state_json == await walk.replayed_from_start(table)
    assert walk.undos > table.move_count // 2  # undo reached most points
    assert table.move_count > CHECKPOINT_EVERY * 2 or table.status == "finished"


async def test_an_undo_replays_from_the_nearest_checkpoint_only(
    store: Store, clock: ManualClock
) -> None:
    """Actions older than the nearest checkpoint are not played again: an undo works even if
    they would no longer play (a bug elsewhere, or an engine changed since)."""
    game = engine.get("terra-nova-2006")
    service = Service(store, games=_catalog(), renderer=fake_renderer, clock=clock)
    await service.create_table(CHANNEL, USERS[0], game.info.key, seed=5)
    await service.join(CHANNEL, USERS[1])
    await service.start(CHANNEL, USERS[0])
    walk = UndoWalk(service, game, Rng(seed=3))
    for _ in range(CHECKPOINT_EVERY + 3):
        assert await walk.play_one()
    table = await walk.table()
    async with store.database.write() as db:
        await db.execute(
            "UPDATE actions SET text = 'no such action' WHERE table_id = ? AND number <= ?",
            (table.id, CHECKPOINT_EVERY),
        )
    restored = await walk.undo(2)
    assert restored.state_json == walk.seen[CHECKPOINT_EVERY + 1]
