"""Simultaneous actions on one table: nothing is lost or doubled. A plain move overtaken by
another action is played again on the new position — and refused with the engine's usual
words only when it is no longer legal there; a preview's Confirm is never played on another
position than the one previewed. (Moves from several processes: test_concurrent_processes.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime

import pytest

from bot.service import BoardChanged, GameCatalog, Reply, RulesError, Service, UndoRefused, User
from bot.store import NewAction, Store, TableRecord, TableUpdate, UndoFate
from bot.store.actions import MOVED_ON, ActionLog
from bot.store.undo import UndoStore
from engine.games.tiny_towns import TinyTowns
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


class GatedActions(ActionLog):
    """Holds every move at the commit until `gate` lets the awaited number of movers through,
    so both movers have read the same snapshot before either writes."""

    gate: asyncio.Barrier

    async def commit_action(
        self,
        table: TableRecord,
        action: NewAction,
        update: TableUpdate,
        now: datetime,
        undo: UndoFate = MOVED_ON,
    ) -> int:
        await self.gate.wait()
        return await super().commit_action(table, action, update, now, undo)


@pytest.fixture
async def two_services(
    database_url: str, clock: ManualClock
) -> AsyncIterator[tuple[Service, Service]]:
    gate = asyncio.Barrier(2)
    stores = [await Store.open(database_url), await Store.open(database_url)]
    for store in stores:
        gated = store.actions = GatedActions(store.database, store.actions.events)
        gated.gate = gate
    yield (
        Service(stores[0], games=pile_catalog(), renderer=fake_renderer, clock=clock),
        Service(stores[1], games=pile_catalog(), renderer=fake_renderer, clock=clock),
    )
    for store in stores:
        await store.close()


async def _moves_at_once(first: Service, second: Service) -> None:
    """The same player sends two moves at the very same moment (from two devices, say)."""
    players = await start_table(first, [ALICE, BOB])
    mover, waiting = players
    outcomes = await asyncio.gather(
        first.act(CHANNEL, mover, "take 1"),
        second.act(CHANNEL, mover, "take 3"),
        return_exceptions=True,
    )
    replies = [o for o in outcomes if isinstance(o, Reply)]
    refusals = [o for o in outcomes if isinstance(o, RulesError)]
    assert len(replies) == 1 and len(refusals) == 1, outcomes
    winner, loser = ("take 1", "take 3") if outcomes[0] is replies[0] else ("take 3", "take 1")
    # Played again on the new position, the other move is no longer the mover's turn.
    assert str(refusals[0]) == (
        f"It is not {mover.name}'s turn ('{loser}' was not played); waiting for {waiting.name}."
    )
    table = await first.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    assert table.move_count == 1
    actions = await first.store.actions.recent_actions(table.id, 10)
    assert [action.text for action in actions] == [winner]
    assert PileGame().load_state(table.state_json).pile == 10 - int(winner[-1])


async def test_two_processes_moving_at_once(two_services: tuple[Service, Service]) -> None:
    await _moves_at_once(*two_services)


async def test_two_moves_at_once_through_one_connection(
    two_services: tuple[Service, Service], clock: ManualClock
) -> None:
    """Two services on one store (one SQLite connection) race at the commit."""
    first, _ = two_services
    await _moves_at_once(first, alongside(first, clock))


async def test_one_service_plays_a_channels_moves_in_turn(service: Service) -> None:
    """A service plays a channel's actions one at a time (`ServiceBase._in_turn`), so of two
    moves sent to it at once the second is played on the position after the first."""
    await _moves_at_once(service, service)


def alongside(service: Service, clock: ManualClock) -> Service:
    """Another service on the same store: an action of its own races `service`'s in the same
    channel, as another process's would (a service plays a channel's actions in turn)."""
    return Service(service.store, games=service.catalog, renderer=fake_renderer, clock=clock)


class GatedVotes(UndoStore):
    """Lets no voter read the votes back until both votes are written."""

    gate: asyncio.Barrier

    async def vote(self, request_id: int, user_id: str, approve: bool, now: datetime) -> None:
        await super().vote(request_id, user_id, approve, now)
        await self.gate.wait()


@pytest.fixture
async def vote_gated(
    database_url: str, clock: ManualClock
) -> AsyncIterator[tuple[Service, Service]]:
    gate = asyncio.Barrier(2)
    stores = [await Store.open(database_url), await Store.open(database_url)]
    for store in stores:
        votes = store.undo = GatedVotes(store.database, store.undo.events)
        votes.gate = gate
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
    table = await first.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 0


class VoteThenInterlude(UndoStore):
    """Runs `interlude` (another player's whole approval) once, right after this vote is
    written and before this voter reads the votes back: the other approval wins the race
    every time."""

    interlude: Callable[[], Awaitable[object]] | None = None

    async def vote(self, request_id: int, user_id: str, approve: bool, now: datetime) -> None:
        await super().vote(request_id, user_id, approve, now)
        interlude, self.interlude = self.interlude, None
        if interlude is not None:
            await interlude()


async def test_an_approval_overtaken_says_the_undo_was_carried_out(
    database_url: str, clock: ManualClock
) -> None:
    """The approval that loses the race says how the request ended, not only that it closed."""
    stores = [await Store.open(database_url), await Store.open(database_url)]
    late = stores[1].undo = VoteThenInterlude(stores[1].database, stores[1].undo.events)
    first, second = (
        Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
        for store in stores
    )
    try:
        mover, bob, carol = await start_table(first, [ALICE, BOB, CAROL])
        await first.act(CHANNEL, mover, "take 2")
        await first.request_undo(CHANNEL, mover)
        late.interlude = lambda: first.approve_undo(CHANNEL, bob)
        with pytest.raises(UndoRefused) as refused:
            await second.approve_undo(CHANNEL, carol)
        assert str(refused.value) == "That undo has already been carried out."
        table = await first.store.tables.open_table(CHANNEL.id)
        assert table is not None and table.move_count == 0
    finally:
        for store in stores:
            await store.close()


class InterruptedActions(ActionLog):
    """Saves `interloper` (another action) just before the next action is saved, after that
    one has read the table: the race, made to happen every time."""

    interloper: Callable[[], Awaitable[object]] | None = None

    async def commit_action(
        self,
        table: TableRecord,
        action: NewAction,
        update: TableUpdate,
        now: datetime,
        undo: UndoFate = MOVED_ON,
    ) -> int:
        interloper, self.interloper = self.interloper, None
        if interloper is not None:
            await interloper()
        return await super().commit_action(table, action, update, now, undo)


@pytest.fixture
async def interrupted(database_url: str, clock: ManualClock) -> AsyncIterator[Store]:
    store = await Store.open(database_url)
    store.actions = InterruptedActions(store.database, store.actions.events)
    yield store
    await store.close()


TOWNS = TinyTowns()


async def open_towns(store: Store, clock: ManualClock) -> tuple[Service, list[User], str]:
    """A started 3-player Tiny Towns table, where everybody places at once: the service, the
    users in seat order and the first round's resource."""
    service = Service(store, games=GameCatalog([TOWNS]), renderer=fake_renderer, clock=clock)
    await service.create_table(CHANNEL, ALICE, TOWNS.info.key, {"monuments": "false"}, 4)
    for user in (BOB, CAROL):
        await service.join(CHANNEL, user)
    await service.start(CHANNEL, ALICE)
    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    by_id = {user.id: user for user in (ALICE, BOB, CAROL)}
    users = [by_id[seat.user_id] for seat in await store.tables.seats(table.id)]
    resource = (await service.legal_actions(CHANNEL, users[0]))[0].split()[1]
    return service, users, resource


async def test_a_move_overtaken_by_another_players_move_is_played_on_the_new_position(
    interrupted: Store, clock: ManualClock
) -> None:
    service, (first, second, _), resource = await open_towns(interrupted, clock)
    other = alongside(service, clock)
    interrupted.actions.interloper = lambda: other.act(CHANNEL, second, f"place {resource} B2")

    reply = await service.act(CHANNEL, first, f"place {resource} A1")

    assert reply.text.startswith(f"{first.name}: place {resource} A1")
    table = await interrupted.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    assert reply.table_version == table.version
    actions = await interrupted.actions.recent_actions(table.id, 10)
    assert [(a.seat, a.text) for a in actions] == [
        (1, f"place {resource} B2"),
        (0, f"place {resource} A1"),
    ]
    state = TOWNS.load_state(table.state_json)
    replayed = TOWNS.new_game(list(state.players), 4, {"monuments": "false"})
    for action in actions:
        replayed = TOWNS.apply(replayed, action.seat, action.text).state
    assert TOWNS.dump_state(replayed) == table.state_json


async def test_a_move_no_longer_legal_on_the_new_position_is_refused_as_usual(
    interrupted: Store, clock: ManualClock
) -> None:
    service, (first, _, _), resource = await open_towns(interrupted, clock)
    other = alongside(service, clock)
    interrupted.actions.interloper = lambda: other.act(CHANNEL, first, f"place {resource} A1")

    with pytest.raises(RulesError) as refusal:
        await service.act(CHANNEL, first, f"place {resource} C3")

    assert not isinstance(refusal.value, BoardChanged)
    with pytest.raises(RulesError) as usual:  # the very words it gets at any other time
        await service.act(CHANNEL, first, f"place {resource} C3")
    assert str(refusal.value) == str(usual.value)
    table = await interrupted.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 1


async def test_a_confirmed_preview_is_played_only_on_the_position_previewed(
    interrupted: Store, clock: ManualClock
) -> None:
    service, (first, second, _), resource = await open_towns(interrupted, clock)
    preview = await service.preview(CHANNEL, first, f"place {resource} A1")
    other = alongside(service, clock)
    interrupted.actions.interloper = lambda: other.act(CHANNEL, second, f"place {resource} B2")

    with pytest.raises(BoardChanged) as changed:
        await service.act(
            CHANNEL, first, f"place {resource} A1", expected_version=preview.table_version
        )

    assert "after action 1" in changed.value.position.text
    table = await interrupted.tables.open_table(CHANNEL.id)
    assert table is not None
    assert [a.seat for a in await interrupted.actions.recent_actions(table.id, 10)] == [1]
