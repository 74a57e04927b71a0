"""An undo request stays open while others play on without touching what it would take back —
in Tiny Towns, other players' moves in their own towns during the same round — and taking it
back then restores exactly the game without those actions: the same position as playing the
kept actions alone, and a log that replays to it. An action that does touch it makes the
request lapse, and the channel is told why (bot/service/keeping.py)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service import GameCatalog, Service, UndoRefused, User
from bot.store import Store
from engine.games.tiny_towns import TinyTowns
from tests.bot.helpers import ALICE, BOB, CAROL, CHANNEL, ManualClock, fake_renderer, start_game

GAME = TinyTowns()
OPTIONS = {"buildings": "first-game", "monuments": "false"}
SEED = 4


@pytest.fixture
def towns(store: Store, clock: ManualClock) -> Service:
    return Service(store, games=GameCatalog([GAME]), renderer=fake_renderer, clock=clock)


async def two_placed_and_asked(service: Service, then: str = "") -> tuple[list[User], str]:
    """A 3-player table where the first two players have placed the round's resource (and
    played `then`), and the first asks to take both back: the users in seat order, and the
    resource."""
    seated = await start_game(service, GAME.info.key, (ALICE, BOB, CAROL), OPTIONS, SEED)
    resource = GAME.load_state((await stored(service)).state_json).resource
    await service.act(CHANNEL, seated[0], f"place {resource} A1{then}")
    await service.act(CHANNEL, seated[1], f"place {resource} B2{then}")
    asked = await service.request_undo(CHANNEL, seated[0], count=2)  # bob's move: votes needed
    assert asked.undo_request_id is not None
    return seated, resource


async def stored(service: Service) -> Any:
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    return table


async def log_replays_to_the_table(service: Service, seated: list[User]) -> list[str]:
    """Replay the whole stored log from a new game: every position the table keeps
    (checkpoints) and every action's events are what replaying gives, and the end is the
    table's position. Returns the log as `seat: text` lines."""
    table = await stored(service)
    state = GAME.new_game([user.name for user in seated], table.seed, table.options)
    actions = await service.store.actions.actions_from(table.id, 1)
    assert [action.number for action in actions] == list(range(1, table.move_count + 1))
    for action in actions:
        kept = await service.store.actions.checkpoint_before(table.id, action.number)
        assert kept is not None
        if kept.number == action.number - 1:
            assert kept.state_json == GAME.dump_state(state)
        state, events = GAME.apply(state, action.seat, action.text)
        assert [event.message for event in events] == action.events
    assert GAME.dump_state(state) == table.state_json
    return [f"{action.seat}: {action.text}" for action in actions]


async def test_other_players_moves_in_their_own_towns_keep_the_request_open(
    towns: Service,
) -> None:
    (first, second, third), resource = await two_placed_and_asked(towns)

    placed = await towns.act(CHANNEL, third, f"place {resource} C3")
    done = await towns.act(CHANNEL, third, "done")

    assert "lapsed" not in placed.text + done.text
    status = await towns.status(CHANNEL, first)
    assert f"Open undo request by {first.name} (from action #1)" in status.text
    await towns.approve_undo(CHANNEL, second)
    taken = await towns.approve_undo(CHANNEL, third)

    assert f"Taken back: #1 {first.name}: place {resource} A1, #2 {second.name}: place" in (
        taken.text
    )
    assert (
        f"Kept, as they were played since without touching it: #1 {third.name}: place "
        f"{resource} C3, #2 {third.name}: done."
    ) in taken.text
    # Exactly the game in which only carol played: position and log.
    alone = GAME.new_game([user.name for user in (first, second, third)], SEED, OPTIONS)
    alone, _ = GAME.apply(alone, 2, f"place {resource} C3; done")
    table = await stored(towns)
    assert table.state_json == GAME.dump_state(alone)
    assert table.move_count == 2 and table.to_act == [0, 1]
    assert await log_replays_to_the_table(towns, [first, second, third]) == [
        f"2: place {resource} C3",
        "2: done",
    ]


async def test_a_move_that_builds_on_what_it_would_take_back_lapses_it_saying_why(
    towns: Service,
) -> None:
    (first, second, third), _ = await two_placed_and_asked(towns)

    # bob's `done` needs the placement the undo would take back.
    done = await towns.act(CHANNEL, second, "done")

    why = f"{second.name}'s move builds on what it would take back"
    assert f"{first.name}'s undo request has lapsed: {why}." in done.text
    with pytest.raises(UndoRefused, match=f"lapsed: {why}"):
        await towns.approve_undo(CHANNEL, third)
    assert len(await log_replays_to_the_table(towns, [first, second, third])) == 3


async def test_the_move_that_reveals_the_next_card_lapses_it(towns: Service) -> None:
    (first, _, third), resource = await two_placed_and_asked(towns, "; done")

    last = await towns.act(CHANNEL, third, f"place {resource} C3; done")

    assert (
        f"{first.name}'s undo request has lapsed: {third.name}'s move revealed hidden "
        "information or chance, and no undo reaches back past that."
    ) in last.text
