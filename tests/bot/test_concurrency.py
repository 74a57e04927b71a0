"""Two simultaneous moves: exactly one applies, the other is told the board changed."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import datetime
from pathlib import Path

import pytest

from bot.service import BoardChanged, Reply, Service, UndoRefused
from bot.store import NewAction, Store, TableRecord, TableUpdate
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    ManualClock,
    fake_renderer,
    pile_catalog,
    start_table,
)
from tests.support.pile_game import PileGame


class GatedStore(Store):
    """Holds every move at the commit until `gate` lets the awaited number of movers through,
    so both movers have read the same snapshot before either writes."""

    gate: asyncio.Barrier

    async def commit_action(
        self, table: TableRecord, action: NewAction, update: TableUpdate, now: datetime
    ) -> int:
        await self.gate.wait()
        return await super().commit_action(table, action, update, now)


@pytest.fixture
async def two_services(db_path: Path, clock: ManualClock) -> AsyncIterator[tuple[Service, Service]]:
    gate = asyncio.Barrier(2)
    stores = [await GatedStore.open(db_path), await GatedStore.open(db_path)]
    for store in stores:
        store.gate = gate
    yield (
        Service(stores[0], games=pile_catalog(), renderer=fake_renderer, clock=clock),
        Service(stores[1], games=pile_catalog(), renderer=fake_renderer, clock=clock),
    )
    for store in stores:
        await store.close()


async def _moves_at_once(first: Service, second: Service) -> None:
    players = await start_table(first, [ALICE, BOB])
    mover = players[0]
    outcomes = await asyncio.gather(
        first.act(CHANNEL, mover, "take 1"),
        second.act(CHANNEL, mover, "take 3"),
        return_exceptions=True,
    )
    replies = [o for o in outcomes if isinstance(o, Reply)]
    refusals = [o for o in outcomes if isinstance(o, BoardChanged)]
    assert len(replies) == 1 and len(refusals) == 1, outcomes
    winner = "take 1" if outcomes[0] is replies[0] else "take 3"
    refusal = refusals[0]
    assert "The board changed while you were moving" in str(refusal)
    assert refusal.position.image is not None and refusal.position.private
    assert "after action 1" in refusal.position.text
    table = await first.store.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    assert table.move_count == 1
    actions = await first.store.recent_actions(table.id, 10)
    assert [action.text for action in actions] == [winner]
    assert PileGame().load_state(table.state_json).pile == 10 - int(winner[-1])


async def test_two_processes_moving_at_once(two_services: tuple[Service, Service]) -> None:
    await _moves_at_once(*two_services)


async def test_two_moves_at_once_through_one_connection(
    two_services: tuple[Service, Service],
) -> None:
    first, _ = two_services
    await _moves_at_once(first, first)


class GatedVotes(Store):
    """Lets no voter read the votes back until both votes are written."""

    gate: asyncio.Barrier

    async def vote(self, request_id: int, user_id: str, approve: bool, now: datetime) -> None:
        await super().vote(request_id, user_id, approve, now)
        await self.gate.wait()


@pytest.fixture
async def vote_gated(db_path: Path, clock: ManualClock) -> AsyncIterator[tuple[Service, Service]]:
    gate = asyncio.Barrier(2)
    stores = [await GatedVotes.open(db_path), await GatedVotes.open(db_path)]
    for store in stores:
        store.gate = gate
    yield (
        Service(stores[0], games=pile_catalog(), renderer=fake_renderer, clock=clock),
        Service(stores[1], games=pile_catalog(), renderer=fake_renderer, clock=clock),
    )
    for store in stores:
        await store.close()


async def test_two_last_approvals_at_once_take_back_once(
    vote_gated: tuple[Service, Service],
) -> None:
    first, second = vote_gated
    mover, *others = await start_table(first, [ALICE, BOB, CAROL])
    await first.act(CHANNEL, mover, "take 2")
    await first.request_undo(CHANNEL, mover)
    outcomes = await asyncio.gather(
        first.approve_undo(CHANNEL, others[0]),
        second.approve_undo(CHANNEL, others[1]),
        return_exceptions=True,
    )
    done = [o for o in outcomes if isinstance(o, Reply)]
    refused = [o for o in outcomes if isinstance(o, UndoRefused)]
    assert len(done) == 1 and len(refused) == 1, outcomes
    assert "Taken back" in done[0].text
    assert "already been carried out" in str(refused[0])
    table = await first.store.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 0
