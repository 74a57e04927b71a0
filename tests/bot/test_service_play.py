"""The service with the pile game: lobby, seat order, moves, the end, and who may do what."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest

from bot.service import (
    BadRequest,
    BoardChanged,
    Channel,
    GameCatalog,
    NoOpenTable,
    NotAllowed,
    Reply,
    RulesError,
    Service,
    TableAlreadyOpen,
    User,
    WrongStage,
)
from bot.store import Store
from engine.core import Rng
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    MALLORY,
    ManualClock,
    drawn_view,
    fake_renderer,
    pile_catalog,
    played,
    start_table,
)
from tests.support.pile_game import PileGame


class DuelPile(PileGame):
    info = PileGame.info.model_copy(
        update={"key": "duel", "name": "Duel", "min_players": 2, "max_players": 2}
    )


async def _pile(service: Service) -> int:
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    pile: int = PileGame().load_state(table.state_json).pile
    return pile


async def test_a_whole_game_from_opening_to_final_scores(service: Service) -> None:
    opened = await service.create_table(CHANNEL, ALICE, "pile", {"size": "5"}, seed=3)
    assert (
        "alice opened table" in opened.text and "(options: size 5; skip after 24 h)" in opened.text
    )
    await service.join(CHANNEL, BOB)
    start = await service.start(CHANNEL, ALICE)
    first, second = (ALICE, BOB) if start.mentions[0].user_id == ALICE.id else (BOB, ALICE)
    assert start.image is not None and start.image.filename.endswith("-0.png")
    reply = await played(service.act(CHANNEL, first, "take 3"))
    assert reply.text.splitlines()[:2] == [f"{first.name}: take 3", f"• {first.name} takes 3"]
    assert [m.user_id for m in reply.mentions] == [second.id]
    assert reply.image is not None and drawn_view(reply.image.png)["pile"] == 2
    final = await played(service.act(CHANNEL, second, "take 2"))
    assert "Game over" in final.text
    assert f"Final scores: {first.name} 3, {second.name} 2" in final.text
    assert f"Ranking: 1. {first.name} (3) · 2. {second.name} (2)" in final.text
    assert final.mentions == ()
    table = await service.store.tables.latest_table(CHANNEL.id)
    assert table is not None and table.status == "finished"
    with pytest.raises(NoOpenTable):
        await service.act(CHANNEL, first, "take 1")
    board = await service.board(CHANNEL, first)
    assert "Game over" in board.text and board.image is not None


async def test_the_seat_order_comes_from_the_seed(store: Store, clock: ManualClock) -> None:
    service = Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
    users = [ALICE, BOB, CAROL]
    orders = set()
    for seed in range(6):
        channel = Channel(f"seed-{seed}")
        order = await start_table(service, users, seed=seed, channel=channel)
        expected = list(users)
        Rng(seed=seed).shuffle(expected)
        assert order == expected
        orders.add(tuple(user.name for user in order))
        again = await start_table(service, users, seed=seed, channel=Channel(f"again-{seed}"))
        assert again == order
    assert len(orders) > 1


async def test_opening_a_table_checks_game_options_and_seed(service: Service) -> None:
    with pytest.raises(RulesError, match=r"no game called 'chess'.*pile"):
        await service.create_table(CHANNEL, ALICE, "chess")
    with pytest.raises(RulesError, match=r"no option 'colour'.*size"):
        await service.create_table(CHANNEL, ALICE, "pile", {"colour": "red"})
    with pytest.raises(RulesError, match="between 1 and 99"):
        await service.create_table(CHANNEL, ALICE, "pile", {"size": "500"})
    with pytest.raises(BadRequest, match="seed"):
        await service.create_table(CHANNEL, ALICE, "pile", seed=-1)
    assert await service.store.tables.open_table(CHANNEL.id) is None
    await service.create_table(CHANNEL, ALICE, "pile")
    with pytest.raises(TableAlreadyOpen, match=r"already has an open table.*alice"):
        await service.create_table(CHANNEL, BOB, "pile")


async def test_lobby_seats_join_leave_and_start_rules(store: Store, clock: ManualClock) -> None:
    service = Service(
        store, games=GameCatalog([PileGame(), DuelPile()]), renderer=fake_renderer, clock=clock
    )
    await service.create_table(CHANNEL, ALICE, "duel")
    with pytest.raises(BadRequest, match="already seated"):
        await service.join(CHANNEL, ALICE)
    with pytest.raises(BadRequest, match="at least 2 players"):
        await service.start(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    with pytest.raises(BadRequest, match="full"):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(NotAllowed, match="Only alice"):
        await service.start(CHANNEL, BOB)
    with pytest.raises(NotAllowed, match="abandon"):
        await service.leave(CHANNEL, ALICE)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.leave(CHANNEL, CAROL)
    left = await service.leave(CHANNEL, BOB)
    assert "bob leaves" in left.text and "Seated: alice" in left.text
    await service.join(CHANNEL, CAROL)
    await service.start(CHANNEL, ALICE)
    with pytest.raises(WrongStage, match="already started"):
        await service.join(CHANNEL, BOB)
    with pytest.raises(WrongStage, match="already started"):
        await service.leave(CHANNEL, CAROL)
    with pytest.raises(WrongStage, match="already started"):
        await service.start(CHANNEL, ALICE)


async def test_two_users_of_the_same_name_get_distinct_player_names(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "pile")
    other_alice = User(id="u-alice-2", name="Alice")
    joined = await service.join(CHANNEL, other_alice)
    assert "Alice 2 joins" in joined.text
    order = await service.start(CHANNEL, ALICE)
    assert "Alice 2" in order.text


async def test_only_seated_players_act_and_only_for_themselves(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "pile")
    with pytest.raises(WrongStage, match="has not started yet"):
        await service.act(CHANNEL, ALICE, "take 1")
    await service.abandon(CHANNEL, ALICE)
    first, second = await start_table(service, [ALICE, BOB])
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None
    with pytest.raises(NotAllowed, match="not playing at table"):
        await service.act(CHANNEL, MALLORY, "take 1")
    with pytest.raises(RulesError, match=f"not {second.name}'s turn.*waiting for {first.name}"):
        await service.act(CHANNEL, second, "take 1")
    with pytest.raises(RulesError, match=r"'take 5' is not allowed.*Did you mean") as caught:
        await service.act(CHANNEL, first, "take 5")
    assert "take 3" in caught.value.suggestions
    with pytest.raises(RulesError, match="not understood"):
        await service.act(CHANNEL, first, "grab everything")
    with pytest.raises(BadRequest, match="Type an action"):
        await service.act(CHANNEL, first, "   ")
    with pytest.raises(NoOpenTable, match="/newgame"):
        await service.act(Channel("elsewhere"), first, "take 1")
    unchanged = await service.store.tables.open_table(CHANNEL.id)
    assert unchanged is not None and unchanged.version == table.version
    assert await _pile(service) == 10


async def test_a_whole_turn_is_applied_atomically(store: Store, clock: ManualClock) -> None:
    service = Service(store, games=pile_catalog(), renderer=fake_renderer, clock=clock)
    (solo,) = await start_table(service, [ALICE])
    with pytest.raises(RulesError, match="Part 2 of 2"):
        await service.act(CHANNEL, solo, "take 1; take 9")
    assert await _pile(service) == 10
    reply = await service.act(CHANNEL, solo, "take 1;  take 2")
    assert "alice: take 1; take 2" in reply.text
    assert await _pile(service) == 7


async def test_status_shows_whose_turn_since_when_and_the_askers_own_view(
    service: Service, clock: ManualClock
) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    clock.advance(hours=2, minutes=5)
    await service.act(CHANNEL, first, "take 1")
    clock.advance(minutes=30)
    status = await service.status(CHANNEL, first)
    assert status.private
    assert f"Waiting for {second.name} since 2026-01-01 14:05 UTC (30 min ago)" in status.text
    assert f"Scores so far: {first.name} 1, {second.name} 0" in status.text
    table = await service.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.state_json is not None
    secrets = PileGame().load_state(table.state_json).secrets
    assert status.image is not None
    assert drawn_view(status.image.png)["secret"] == secrets[0]
    theirs = await service.status(CHANNEL, second)
    assert theirs.image is not None and drawn_view(theirs.image.png)["secret"] == secrets[1]
    assert f"Since your last action: #1 {first.name}: take 1" not in status.text
    assert f"Since your last action: #1 {first.name}: take 1." in theirs.text
    onlooker = await service.status(CHANNEL, MALLORY)
    assert onlooker.image is not None and drawn_view(onlooker.image.png)["secret"] is None
    board = await service.board(CHANNEL, MALLORY)
    assert not board.private and board.image is not None
    assert drawn_view(board.image.png)["secret"] is None


async def test_history_lists_the_last_actions_with_who_and_when(
    service: Service, clock: ManualClock
) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    for user, text in [(first, "take 1"), (second, "take 2"), (first, "take 3")]:
        clock.advance(minutes=1)
        await service.act(CHANNEL, user, text)
    history = await service.history(CHANNEL, ALICE, count=2)
    lines = history.text.splitlines()
    assert lines[0] == "The last 2 actions at table #1 (Pile (test game)):"
    only = await service.history(CHANNEL, ALICE, count=1)
    assert only.text.splitlines()[0] == "The last action at table #1 (Pile (test game)):"
    assert lines[1:] == [
        f"#2 {second.name}: take 2  (2026-01-01 12:02 UTC)",
        f"#3 {first.name}: take 3  (2026-01-01 12:03 UTC)",
    ]
    with pytest.raises(BadRequest, match="1 to 50"):
        await service.history(CHANNEL, ALICE, count=0)


async def test_legal_lists_the_askers_actions_only_on_their_turn(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    assert await service.legal_actions(CHANNEL, first) == ["take 1", "take 2", "take 3", "roll"]
    assert await service.legal_actions(CHANNEL, first, "ROLL ") == ["roll"]
    assert await service.legal_actions(CHANNEL, first, "ro") == []  # whole words only
    assert await service.legal_actions(CHANNEL, first, "2") == ["take 2"]
    assert await service.legal_actions(CHANNEL, second) == []
    mine = await service.legal(CHANNEL, first)
    assert mine.private and "take 1 | take 2 | take 3 | roll" in mine.text
    theirs = await service.legal(CHANNEL, second)
    assert f"not your turn; table #1 (Pile (test game)) waits for {first.name}" in theirs.text
    with pytest.raises(NotAllowed):
        await service.legal(CHANNEL, MALLORY)


async def test_resigning_is_logged_once_and_can_end_the_game(service: Service) -> None:
    _, second, third = await start_table(service, [ALICE, BOB, CAROL])
    reply = await service.resign(CHANNEL, second)
    assert f"{second.name} used /resign." in reply.text
    assert f"• {second.name} resigns" in reply.text
    with pytest.raises(BadRequest, match="already resigned"):
        await service.resign(CHANNEL, second)
    final = await service.resign(CHANNEL, third)
    assert "Game over" in final.text and "Final scores" in final.text
    table = await service.store.tables.latest_table(CHANNEL.id)
    assert table is not None and table.status == "finished"
    kinds = [a.kind for a in await service.store.actions.recent_actions(table.id, 10)]
    assert kinds == ["resign", "resign"]


async def test_abandon_is_for_the_creator_or_a_moderator(service: Service) -> None:
    await start_table(service, [ALICE, BOB])
    with pytest.raises(NotAllowed, match="Only alice, who opened table #1"):
        await service.abandon(CHANNEL, BOB)
    moderator = User(id="u-mod", name="mod", moderator=True)
    reply = await service.abandon(CHANNEL, moderator)
    assert "mod abandoned table #1" in reply.text
    table = await service.store.tables.latest_table(CHANNEL.id)
    assert table is not None and table.status == "abandoned"
    board = await service.board(CHANNEL, BOB)
    assert board.text == "Table #1 (Pile (test game)) was abandoned after 0 actions."
    await service.create_table(CHANNEL, BOB, "pile")
    await service.abandon(CHANNEL, BOB)


async def test_skip_passes_over_the_absent_player_the_table_waits_for(
    service: Service, clock: ManualClock
) -> None:
    first, second, _ = await start_table(service, [ALICE, BOB, CAROL])
    clock.advance(hours=24)
    with pytest.raises(NotAllowed, match="Only alice"):
        await service.skip(CHANNEL, BOB, first.name)
    with pytest.raises(BadRequest, match="Nobody called 'zed'"):
        await service.skip(CHANNEL, ALICE, "zed")
    with pytest.raises(BadRequest, match=f"not waiting for {second.name} but for {first.name}"):
        await service.skip(CHANNEL, ALICE, second.name)
    reply = await service.skip(CHANNEL, ALICE, f"@{first.name.upper()}")
    assert f"alice used /skip on {first.name}." in reply.text
    # The table now waits for the second player: pinged, unless it is alice, who skipped.
    assert [m.user_id for m in reply.mentions] == ([] if second == ALICE else [second.id])
    actions = await service.store.actions.recent_actions(1, 5)
    assert [(a.kind, a.text, a.user_id) for a in actions] == [
        ("skip", f"skip {first.name}", ALICE.id)
    ]


async def test_a_failed_drawing_never_loses_the_move(store: Store, clock: ManualClock) -> None:
    def broken(game_key: str, view: Mapping[str, Any]) -> bytes:
        raise RuntimeError("no ink")

    service = Service(store, games=pile_catalog(), renderer=broken, clock=clock)
    (solo,) = await start_table(service, [ALICE])
    reply: Reply = await played(service.act(CHANNEL, solo, "take 2"))
    assert reply.image is None and "alice: take 2" in reply.text
    assert await _pile(service) == 8
    assert re.search(r"Waiting for alice", reply.text)


async def test_a_preview_plays_nothing_and_confirms_only_on_the_same_position(
    service: Service,
) -> None:
    first, second, third = await start_table(service, [ALICE, BOB, CAROL])
    preview = await service.preview(CHANNEL, first, "take 3")
    assert preview.private and preview.text.startswith("Preview — nothing is played yet.")
    assert f"Afterwards: Waiting for {second.name}." in preview.text
    assert preview.image is not None and drawn_view(preview.image.png)["pile"] == 7
    assert await _pile(service) == 10
    with pytest.raises(RulesError, match="not allowed"):
        await service.preview(CHANNEL, first, "take 4")
    confirmed = await service.act(CHANNEL, first, "take 3", expected_version=preview.table_version)
    assert await _pile(service) == 7
    stale = await service.preview(CHANNEL, second, "take 1")
    await service.resign(CHANNEL, third)
    with pytest.raises(BoardChanged):
        await service.act(CHANNEL, second, "take 1", expected_version=stale.table_version)
    assert confirmed.table_version == stale.table_version


async def test_listings_of_open_tables_and_of_tables_waiting_for_someone(
    service: Service, clock: ManualClock
) -> None:
    here = Channel("chan-2", CHANNEL.guild_id)
    first, _ = await start_table(service, [ALICE, BOB])
    await service.create_table(here, CAROL, "pile")
    await service.create_table(Channel("chan-3", "another guild"), MALLORY, "pile")
    clock.advance(hours=1)
    summaries = await service.open_tables(CHANNEL.guild_id)
    assert [(s.channel_id, s.status) for s in summaries] == [
        (CHANNEL.id, "active"),
        (here.id, "lobby"),
    ]
    assert [m.user_id for m in summaries[0].waiting_for] == [first.id]
    listing = await service.tables_here(here)
    assert f"waiting for {first.name} since 2026-01-01 12:00 UTC (1 h 0 min ago)" in listing.text
    assert "in the lobby with carol" in listing.text
    waiting = await service.tables_waiting_for(first.id)
    assert [s.table_id for s in waiting] == [summaries[0].table_id]
    assert await service.tables_waiting_for(CAROL.id) == []
    mine = await service.my_games(first)
    assert mine.private and "#1 Pile (test game) in channel chan-1" in mine.text


async def test_rules_and_the_list_of_games(service: Service) -> None:
    listing = await service.rules(CHANNEL, "")
    assert "pile: Pile (test game), 1–4 players" in listing.text
    rules = await service.rules(CHANNEL, "PILE")
    assert rules.private and "Take 1–3 counters; the last taker wins." in rules.text
    options = await service.rules(CHANNEL, "pile", page=2)
    assert "`size` — counters on the pile (1–99; default 10)" in options.text
    with pytest.raises(RulesError, match="no game called 'chess'"):
        await service.rules(CHANNEL, "chess")


async def test_a_late_command_at_an_ended_table_is_told_the_table_is_over(
    service: Service,
) -> None:
    with pytest.raises(NoOpenTable) as nothing:
        await service.act(CHANNEL, ALICE, "take 1")
    assert "the last one here" not in str(nothing.value)
    (solo,) = await start_table(service, [ALICE], size=1)
    await service.act(CHANNEL, solo, "take 1")
    for late in (service.act(CHANNEL, solo, "take 1"), service.request_undo(CHANNEL, solo)):
        with pytest.raises(NoOpenTable) as over:
            await late
        assert "Table #1 (Pile (test game)), the last one here, is over; /board shows it." in (
            str(over.value)
        )
        assert "Open one with /newgame" in str(over.value)
    await start_table(service, [ALICE, BOB])
    await service.abandon(CHANNEL, ALICE)
    with pytest.raises(
        NoOpenTable,
        match=r"Table #2 \(Pile \(test game\)\), the last one here, "
        "has been abandoned",
    ):
        await service.resign(CHANNEL, BOB)


async def test_a_stray_semicolon_is_not_logged_or_shown(service: Service) -> None:
    (solo,) = await start_table(service, [ALICE])
    with pytest.raises(BadRequest, match="Type an action"):
        await service.act(CHANNEL, solo, " ; ;")
    reply = await service.act(CHANNEL, solo, "take   1 ;")
    assert reply.text.splitlines()[0] == "alice: take 1"
    reply = await service.act(CHANNEL, solo, ";take 1;;  take 2 ;")
    assert reply.text.splitlines()[0] == "alice: take 1; take 2"
    history = await service.history(CHANNEL, solo)
    assert [line.split("  (")[0] for line in history.text.splitlines()[1:]] == [
        "#1 alice: take 1",
        "#2 alice: take 1; take 2",
    ]


async def test_abandoning_counts_the_actions_played(service: Service) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    await service.act(CHANNEL, first, "take 1")
    reply = await service.abandon(CHANNEL, ALICE)
    assert reply.text == (
        "alice abandoned table #1 (Pile (test game)) after 1 action. "
        "The channel is free for a new /newgame."
    )


async def test_a_whole_turn_sent_out_of_turn_is_refused_as_a_whole(service: Service) -> None:
    first, second = await start_table(service, [ALICE, BOB])
    with pytest.raises(RulesError) as caught:
        await service.act(CHANNEL, second, "take 1; take 2")
    assert str(caught.value) == (
        f"It is not {second.name}'s turn ('take 1; take 2' was not played); "
        f"waiting for {first.name}."
    )
    assert await _pile(service) == 10


async def test_since_your_last_action_does_not_count_being_skipped(
    service: Service, clock: ManualClock
) -> None:
    first, second, third = await start_table(service, [ALICE, BOB, CAROL])
    moderator = User(id="u-mod", name="mod", moderator=True)
    await service.act(CHANNEL, first, "take 1")
    await service.act(CHANNEL, second, "take 1")
    await service.act(CHANNEL, third, "take 1")
    await service.act(CHANNEL, first, "take 2")
    clock.advance(hours=24)
    await service.skip(CHANNEL, moderator, second.name)
    await service.act(CHANNEL, third, "take 1")
    status = await service.status(CHANNEL, second)
    assert (
        f"Since your last action: #3 {third.name}: take 1; #4 {first.name}: take 2; "
        f"#5 skip {second.name}; #6 {third.name}: take 1."
    ) in status.text


async def test_the_final_result_says_who_resigned(service: Service) -> None:
    first, second, third = await start_table(service, [ALICE, BOB, CAROL])
    await service.resign(CHANNEL, third)
    gone = await service.status(CHANNEL, third)
    assert f"You play as {third.name}, seat 3 of 3. You have resigned." in gone.text
    with pytest.raises(NotAllowed, match=r"You have resigned from table #1 .*, so you play no"):
        await service.act(CHANNEL, third, "take 1")
    legal = await service.legal(CHANNEL, third)
    assert legal.text.startswith("You have resigned from table #1 (Pile (test game))")
    final = await service.resign(CHANNEL, first)
    assert final.text.endswith(f"Resigned: {first.name} and {third.name}.")
    board = await service.board(CHANNEL, second)
    assert board.text.endswith(f"Resigned: {first.name} and {third.name}.")
    finished = await service.status(CHANNEL, second)
    assert f"Resigned: {first.name} and {third.name}." in finished.text


async def test_a_final_result_without_resignations_names_nobody_as_resigned(
    service: Service,
) -> None:
    (solo,) = await start_table(service, [ALICE], size=1)
    final = await service.act(CHANNEL, solo, "take 1")
    assert "Game over" in final.text and "Resigned" not in final.text


async def test_resigning_in_the_lobby_points_to_leave(service: Service) -> None:
    await service.create_table(CHANNEL, ALICE, "pile")
    await service.join(CHANNEL, BOB)
    with pytest.raises(WrongStage) as caught:
        await service.resign(CHANNEL, BOB)
    assert str(caught.value) == (
        "Table #1 (Pile (test game)) has not started yet, so there is nothing to resign: "
        "/leave gives up your seat (and alice, who opened it, can /abandon it)."
    )
