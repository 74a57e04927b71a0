"""Undo by consent: every other player must approve; never past a reveal; lapses when the
game moves on or the request expires."""

from __future__ import annotations

import pytest

from bot.service import BadRequest, GameCatalog, NotAllowed, Service, UndoRefused, User
from bot.store import Store
from engine.games.terra_nova_2006 import TerraNova2006
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    MALLORY,
    ManualClock,
    fake_renderer,
    start_table,
)
from tests.support.pile_game import PileGame


async def _pile(service: Service) -> int:
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    pile: int = PileGame().load_state(table.state_json).pile
    return pile


async def _log(service: Service) -> list[str]:
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None
    return [action.text for action in await service.store.actions.recent_actions(table.id, 50)]


async def test_an_undo_happens_once_every_other_player_approves(service: Service) -> None:
    first, second, third = await start_table(service, [ALICE, BOB, CAROL])
    await service.act(CHANNEL, first, "take 3")
    asked = await service.request_undo(CHANNEL, first)
    assert f"{first.name} asks to take back 1 action: #1 {first.name}: take 3" in asked.text
    assert {m.user_id for m in asked.mentions} == {second.id, third.id}
    assert asked.undo_request_id is not None
    halfway = await service.approve_undo(CHANNEL, second, asked.undo_request_id)
    assert f"Still waiting for {third.name}" in halfway.text
    assert [m.user_id for m in halfway.mentions] == [third.id]
    assert await _pile(service) == 7
    done = await service.approve_undo(CHANNEL, third)
    assert f"Taken back: #1 {first.name}: take 3" in done.text
    assert f"Waiting for {first.name}." in done.text
    assert [m.user_id for m in done.mentions] == [first.id]
    assert done.image is not None and done.image.filename.endswith("-0.png")
    assert await _pile(service) == 10
    assert await _log(service) == []
    await service.act(CHANNEL, first, "take 1")
    assert await _log(service) == ["take 1"]


async def test_several_actions_can_be_taken_back_at_once(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 1")
    await service.act(CHANNEL, second, "take 2")
    await service.act(CHANNEL, first, "take 3")
    await service.request_undo(CHANNEL, second, count=2)
    done = await service.approve_undo(CHANNEL, first)
    assert f"#2 {second.name}: take 2, #3 {first.name}: take 3" in done.text
    assert await _pile(service) == 9
    assert await _log(service) == ["take 1"]
    with pytest.raises(
        BadRequest,
        match=r"Only 1 action has been played at table #1 .*, so count:1 is the most, not 2\.",
    ):
        await service.request_undo(CHANNEL, first, count=2)


async def test_a_declined_undo_changes_nothing(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 2")
    await service.request_undo(CHANNEL, first)
    declined = await service.decline_undo(CHANNEL, second)
    assert f"{second.name} declined the undo; nothing is taken back." in declined.text
    assert await _pile(service) == 8
    with pytest.raises(UndoRefused, match="was declined"):
        await service.approve_undo(CHANNEL, second)
    await service.request_undo(CHANNEL, first)
    withdrawn = await service.decline_undo(CHANNEL, first)
    assert "withdrew" in withdrawn.text
    assert await _log(service) == ["take 2"]


async def test_no_undo_past_an_action_that_revealed_randomness(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "roll")
    with pytest.raises(UndoRefused, match=f"#1 {first.name}: roll revealed"):
        await service.request_undo(CHANNEL, first)
    await service.act(CHANNEL, second, "take 1")
    with pytest.raises(UndoRefused, match=r"take back the 1 action after it \(/undo count:1\)"):
        await service.request_undo(CHANNEL, second, count=2)
    await service.request_undo(CHANNEL, second, count=1)
    done = await service.approve_undo(CHANNEL, first)
    assert f"Taken back: #2 {second.name}: take 1" in done.text
    assert await _log(service) == ["roll"]


async def test_an_undo_lapses_when_the_game_moves_on_and_says_why(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 1")
    asked = await service.request_undo(CHANNEL, first)
    moved = await service.act(CHANNEL, second, "take 1")
    why = f"{second.name}'s move builds on what it would take back"
    assert f"{first.name}'s undo request has lapsed: {why}." in moved.text
    with pytest.raises(UndoRefused, match=f"lapsed: {why}. Ask again"):
        await service.approve_undo(CHANNEL, second, asked.undo_request_id)
    assert await _log(service) == ["take 1", "take 1"]
    status = await service.status(CHANNEL, first)
    assert "undo" not in status.text


async def test_an_undo_request_expires(service: Service, clock: ManualClock) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 1")
    await service.request_undo(CHANNEL, first)
    status = await service.status(CHANNEL, second)
    assert f"Open undo request by {first.name}" in status.text
    clock.advance(hours=25)
    with pytest.raises(UndoRefused, match="lapsed"):
        await service.approve_undo(CHANNEL, second)
    with pytest.raises(UndoRefused, match="lapsed"):
        await service.approve_undo(CHANNEL, second)
    assert await _pile(service) == 9
    await service.request_undo(CHANNEL, first)


async def test_who_may_ask_approve_and_decline(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    with pytest.raises(BadRequest, match="Nothing has been played"):
        await service.request_undo(CHANNEL, first)
    await service.act(CHANNEL, first, "take 1")
    with pytest.raises(NotAllowed):
        await service.request_undo(CHANNEL, MALLORY)
    with pytest.raises(BadRequest, match="no undo request at table #1"):
        await service.approve_undo(CHANNEL, second)
    asked = await service.request_undo(CHANNEL, first)
    with pytest.raises(BadRequest, match="already asked for an undo"):
        await service.request_undo(CHANNEL, second)
    with pytest.raises(
        BadRequest, match=f"asked for this undo yourself; it waits for {second.name}"
    ):
        await service.approve_undo(CHANNEL, first)
    with pytest.raises(NotAllowed):
        await service.approve_undo(CHANNEL, MALLORY)
    with pytest.raises(NotAllowed):
        await service.decline_undo(CHANNEL, MALLORY)
    assert asked.undo_request_id is not None
    with pytest.raises(BadRequest, match="no undo request"):
        await service.approve_undo(CHANNEL, second, asked.undo_request_id + 1)
    assert await _pile(service) == 9


async def test_a_player_alone_at_the_table_undoes_at_once(service: Service) -> None:
    (solo,) = await start_table(service, [ALICE])
    await service.act(CHANNEL, solo, "take 3")
    done = await service.request_undo(CHANNEL, solo)
    assert done.text.startswith("Taken back: #1 alice: take 3")
    assert await _pile(service) == 10


async def test_a_player_takes_back_their_own_action_mid_turn_without_asking(
    store: Store, clock: ManualClock
) -> None:
    """In a game of several actions per turn, undoing your own action while your turn goes
    on concerns nobody else: no request, no ping, and the wording is singular."""
    service = Service(
        store, games=GameCatalog([TerraNova2006()]), renderer=fake_renderer, clock=clock
    )
    await service.create_table(CHANNEL, ALICE, "terra-nova-2006", None, 7)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    by_id = {user.id: user for user in (ALICE, BOB)}
    users = {seat.seat: by_id[seat.user_id] for seat in await store.tables.seats(table.id)}

    async def to_act() -> tuple[int, User]:
        current = await store.tables.open_table(CHANNEL.id)
        assert current is not None
        (seat,) = current.to_act
        return seat, users[seat]

    rows = [
        f"{row}{n}"
        for row, count in (("A", 6), ("O", 6), ("B", 8), ("N", 4))
        for n in range(1, count + 1)
    ]
    for cell in ["H1", "H14", *rows]:  # the first seat places on H1, the second on H14
        _, placer = await to_act()
        await service.act(CHANNEL, placer, f"place {cell}")
    seat, mover = await to_act()
    await service.act(CHANNEL, mover, "move H1 H2" if seat == 0 else "move H14 H13")
    taken = await service.request_undo(CHANNEL, mover)
    assert taken.text.startswith(
        f"{mover.name} takes back their own action; nobody else was affected"
    )
    assert taken.mentions == () and taken.undo_request_id is None
    with pytest.raises(BadRequest, match="You can take back 1 to 26 actions"):
        await service.request_undo(CHANNEL, mover, count=27)


async def test_a_player_who_resigned_is_not_asked_unless_the_undo_takes_back_the_resignation(
    service: Service,
) -> None:
    first, second, third = await start_table(service, [ALICE, BOB, CAROL])
    await service.act(CHANNEL, first, "take 1")
    await service.resign(CHANNEL, third)
    await service.act(CHANNEL, second, "take 1")
    asked = await service.request_undo(CHANNEL, first)
    assert [m.user_id for m in asked.mentions] == [second.id]
    status = await service.status(CHANNEL, first)
    assert f"waiting for {second.name} to /approve or /decline" in status.text
    with pytest.raises(NotAllowed, match="You resigned from table #1"):
        await service.approve_undo(CHANNEL, third)
    with pytest.raises(NotAllowed, match="players still in the game decide"):
        await service.decline_undo(CHANNEL, third)
    done = await service.approve_undo(CHANNEL, second)
    assert f"Taken back: #3 {second.name}: take 1" in done.text
    back_past_resigning = await service.request_undo(CHANNEL, first, count=1)
    assert {m.user_id for m in back_past_resigning.mentions} == {second.id, third.id}


@pytest.mark.parametrize("count", [0, -3])
@pytest.mark.parametrize("played", [1, 3])
async def test_an_undo_count_below_one_asks_for_at_least_one(
    service: Service, count: int, played: int
) -> None:
    order = await start_table(service, [ALICE, BOB])
    for turn in range(played):
        await service.act(CHANNEL, order[turn % 2], "take 1")
    with pytest.raises(BadRequest) as refused:
        await service.request_undo(CHANNEL, order[0], count=count)
    assert str(refused.value) == (
        f"count:{count} takes back nothing: the count is how many of the last actions to take "
        "back, at least 1 (the default)."
    )
    with pytest.raises(BadRequest, match="is the most" if played == 1 else "1 to 3 actions"):
        await service.request_undo(CHANNEL, order[0], count=played + 1)
