"""Bot players at the table (issue 13), through the service: /addbot and /removebot in the
lobby, bots' turns through the move path (logged, undoable, seeded from the table, never
pinged), /replace and /return, the move clock on a manual clock, and /away."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.reminders import ReminderStore
from bot.service import BadRequest, Channel, NotAllowed, Service, User, WrongStage
from bot.service.bot_policy import BOT_DELAY, ROBOT, bot_seed
from bot.service.bots import BotMove, parse_clock
from bot.store import Store

from .helpers import ManualClock

CHANNEL = Channel("c1", "g1")
ALICE, BOB, CAROL = User("1", "alice"), User("2", "bob"), User("3", "carol")
MOD = User("9", "mod", moderator=True)


async def open_table(service: Service, *users: User, clock: timedelta | None = None) -> int:
    reply = await service.create_table(
        CHANNEL, users[0], "pile", {"size": "12"}, seed=5, clock=clock
    )
    for user in users[1:]:
        await service.join(CHANNEL, user)
    assert reply.table_id is not None
    return reply.table_id


async def play_due(service: Service, clock: ManualClock) -> list[BotMove]:
    """Play every bot turn due now, as the runner would."""
    due, _ = await service.bot_turns_due(clock())
    moves = [await service.play_bot_turn(turn) for turn in due]
    return [move for move in moves if move is not None]


async def waiting_for(service: Service, table_id: int) -> list[int]:
    table = await service.store.tables.table(table_id)
    assert table is not None
    return table.to_act


async def test_the_creator_seats_and_removes_bots_in_the_lobby(service: Service) -> None:
    table_id = await open_table(service, ALICE)

    added = await service.add_bot(CHANNEL, ALICE)
    strong = await service.add_bot(CHANNEL, ALICE, "Strong")

    assert added.text.startswith(f"alice adds a bot: {ROBOT} Ada (normal) joins table #")
    assert f"{ROBOT} Alan (strong)" in strong.text
    seats = await service.store.tables.seats(table_id)
    assert [(s.display_name, s.bot_level) for s in seats] == [
        ("alice", None),
        (f"{ROBOT} Ada", "normal"),
        (f"{ROBOT} Alan", "strong"),
    ]
    post = await service.lobby_post(table_id)
    assert post is not None and f"alice, {ROBOT} Ada and {ROBOT} Alan" in post.text
    status = await service.status(CHANNEL, ALICE)
    assert f"Bot players: {ROBOT} Ada (normal) and {ROBOT} Alan (strong)." in status.text

    removed = await service.remove_bot(CHANNEL, ALICE)
    assert removed.text.startswith(f"alice removes {ROBOT} Alan from table #")
    assert [s.display_name for s in await service.store.tables.seats(table_id)] == [
        "alice",
        f"{ROBOT} Ada",
    ]


async def test_bots_are_the_creators_to_seat_with_a_level_that_exists(service: Service) -> None:
    await open_table(service, ALICE, BOB)
    with pytest.raises(NotAllowed, match="Only alice, who opened table #1"):
        await service.add_bot(CHANNEL, BOB)
    with pytest.raises(BadRequest, match=r"no bot level 'genius'\. Levels: random, easy, normal"):
        await service.add_bot(CHANNEL, ALICE, "genius")
    with pytest.raises(BadRequest, match=r"No bot sits at table #1 \(Pile \(test game\)\)"):
        await service.remove_bot(CHANNEL, ALICE)
    for _ in range(2):
        await service.add_bot(CHANNEL, ALICE, "random")
    with pytest.raises(BadRequest, match="is full"):
        await service.add_bot(CHANNEL, ALICE)
    await service.start(CHANNEL, ALICE)
    with pytest.raises(WrongStage, match="has already started, so you cannot add a bot"):
        await service.add_bot(CHANNEL, ALICE)


async def test_a_bot_plays_after_the_delay_through_the_move_path_and_is_never_pinged(
    service: Service, clock: ManualClock
) -> None:
    table_id = await open_table(service, ALICE)
    await service.add_bot(CHANNEL, ALICE, "random")
    started = await service.start(CHANNEL, ALICE)
    bot_seat = next(s.seat for s in await service.store.tables.seats(table_id) if s.bot_level)
    if await waiting_for(service, table_id) != [bot_seat]:  # alice begins: she moves first
        legal = await service.legal_actions(CHANNEL, ALICE)
        moved = await service.act(CHANNEL, ALICE, legal[0])
        assert moved.mentions == ()  # the bot is next: nobody to ping
    else:
        assert started.mentions == ()

    assert await play_due(service, clock) == []  # not before the delay
    clock.advance(seconds=BOT_DELAY.total_seconds())
    (move,) = await play_due(service, clock)

    assert move.channel_id == CHANNEL.id
    assert move.reply.text.startswith(f"{ROBOT} Ada: take ")
    assert [m.name for m in move.reply.mentions] == ["alice"]
    (logged,) = await service.store.actions.recent_actions(table_id, 1)
    assert (logged.seat, logged.user_id, logged.bot_level) == (bot_seat, "bot:1", "random")
    history = await service.history(CHANNEL, ALICE)
    assert f"{ROBOT} Ada: take " in history.text
    assert await play_due(service, clock) == []  # alice's turn now


async def test_a_bots_move_is_undone_by_the_usual_rules_and_played_again_alike(
    service: Service, clock: ManualClock
) -> None:
    """Bots do not vote, so a solo player takes back at once; the bot then plays the same
    move again — its seed comes from the table, the move number and the seat."""
    table_id = await open_table(service, ALICE)
    await service.add_bot(CHANNEL, ALICE, "normal")
    await service.start(CHANNEL, ALICE)
    clock.advance(seconds=5)
    if (
        await waiting_for(service, table_id) == [0]
        and (await service.store.tables.seats(table_id))[0].user_id == ALICE.id
    ):
        await service.act(CHANNEL, ALICE, (await service.legal_actions(CHANNEL, ALICE))[0])
        clock.advance(seconds=5)
    (first,) = await play_due(service, clock)
    number = (await service.store.tables.table(table_id)).move_count  # type: ignore[union-attr]

    undone = await service.request_undo(CHANNEL, ALICE, 1)
    assert "Taken back" in undone.text
    clock.advance(seconds=5)
    (again,) = await play_due(service, clock)

    assert again.reply.text.split("\n")[0] == first.reply.text.split("\n")[0]
    table = await service.store.tables.table(table_id)
    assert table is not None and table.move_count == number


async def test_the_move_clock_has_the_bot_play_a_late_turn_at_normal_and_says_so(
    service: Service, clock: ManualClock
) -> None:
    table_id = await open_table(service, ALICE, BOB, clock=timedelta(hours=48))
    await service.start(CHANNEL, ALICE)
    (late,) = await waiting_for(service, table_id)
    name = (await service.store.tables.seats(table_id))[late].display_name

    clock.advance(hours=47, minutes=59)
    assert await play_due(service, clock) == []
    clock.advance(minutes=1)
    (move,) = await play_due(service, clock)

    lines = move.reply.text.split("\n")
    assert lines[0].startswith(f"⌛ Table #{table_id} (Pile (test game)) has waited 48 h (its ")
    assert f"for {name}, so the bot plays this turn for them." in lines[0]
    assert lines[1].startswith(f"{name} ({ROBOT} bot, normal): take ")
    (logged,) = await service.store.actions.recent_actions(table_id, 1)
    assert logged.bot_level == "normal" and logged.seat == late
    status = await service.status(CHANNEL, ALICE)
    assert "Bots: move clock 48 h (then the bot plays the turn, at normal)." in status.text
    # The next player has the whole clock again.
    clock.advance(hours=47)
    assert await play_due(service, clock) == []


async def test_a_replaced_player_is_played_by_the_bot_until_they_move_again_or_return(
    service: Service, clock: ManualClock
) -> None:
    table_id = await open_table(service, ALICE, BOB)
    await service.start(CHANNEL, ALICE)
    with pytest.raises(NotAllowed, match="or a moderator can hand another player's seat"):
        await service.replace(CHANNEL, BOB, "alice")
    with pytest.raises(BadRequest, match="handed to the bot only"):
        await service.replace(CHANNEL, ALICE, "bob", "carol")
    handed = await service.replace(CHANNEL, MOD, "bob", "bot", "random")
    assert "hands bob's seat at table #1 (Pile (test game)) to the bot" in handed.text

    for _ in range(4):  # alice plays, the bot plays bob's turns
        clock.advance(seconds=5)
        if await play_due(service, clock):
            continue
        moved = await service.act(CHANNEL, ALICE, (await service.legal_actions(CHANNEL, ALICE))[0])
        assert all(m.name != "bob" for m in moved.mentions)  # bob is never pinged
    bob_seat = next(s.seat for s in await service.store.tables.seats(table_id) if s.user_id == "2")
    by_bot = [a for a in await service.store.actions.recent_actions(table_id, 4) if a.bot_level]
    assert by_bot and all(a.seat == bob_seat for a in by_bot)
    assert f"bob ({ROBOT} bot, random): take" in (await service.history(CHANNEL, ALICE)).text

    back = await service.return_seat(CHANNEL, BOB)
    assert back.text == "bob takes their seat at table #1 (Pile (test game)) back from the bot."
    seats = await service.store.tables.seats(table_id)
    assert all(seat.covered_level is None for seat in seats)
    with pytest.raises(BadRequest, match="nothing to return from"):
        await service.return_seat(CHANNEL, BOB)


async def test_moving_again_takes_a_covered_seat_back(service: Service, clock: ManualClock) -> None:
    table_id = await open_table(service, ALICE, BOB)
    await service.start(CHANNEL, ALICE)
    (first,) = await waiting_for(service, table_id)
    seats = await service.store.tables.seats(table_id)
    mover = ALICE if seats[first].user_id == ALICE.id else BOB
    await service.replace(CHANNEL, mover, mover.name)  # one may hand over one's own seat

    await service.act(CHANNEL, mover, (await service.legal_actions(CHANNEL, mover))[0])

    seats = await service.store.tables.seats(table_id)
    assert all(seat.covered_level is None for seat in seats)


async def test_bots_and_covered_seats_get_no_reminders_and_away_players_none_until_back(
    service: Service, store: Store, clock: ManualClock
) -> None:
    table_id = await open_table(service, ALICE, BOB)
    await service.start(CHANNEL, ALICE)
    reminders = ReminderStore.sharing(store)
    (awaited,) = await reminders.watched_tables(table_id)
    (player,) = awaited.awaited
    user = ALICE if player.user_id == ALICE.id else BOB

    away = await service.away(user, "3d")
    assert away.private and "until 2026-01-04 12:00 UTC" in away.text
    (awaited,) = await reminders.watched_tables(table_id)
    assert awaited.awaited[0].away_until == clock() + timedelta(days=3)

    await service.replace(CHANNEL, ALICE, user.name)
    (awaited,) = await reminders.watched_tables(table_id)
    assert awaited.awaited == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("yesterday", "is not a date I can read"),
        ("2025-01-01", "has passed already"),
        ("2027-06-01", "at most 90 days"),
    ],
)
async def test_away_refuses_what_it_cannot_use(service: Service, text: str, message: str) -> None:
    with pytest.raises(BadRequest, match=message):
        await service.away(ALICE, text)
    assert await service.store.absences.away_until(ALICE.id, service.clock()) is None


def test_the_move_clock_is_off_or_hours_or_days() -> None:
    assert parse_clock(None) is None and parse_clock("off") is None
    assert parse_clock("48h") == timedelta(hours=48)
    assert parse_clock("3 days") == timedelta(days=3)
    for wrong in ("soon", "0h", "30d"):
        with pytest.raises(BadRequest, match="clock:48h"):
            parse_clock(wrong)


def test_bot_seeds_differ_by_table_move_seat_and_part() -> None:
    seeds = {bot_seed(*key) for key in [(1, 2, 3, 0), (2, 2, 3, 0), (1, 3, 3, 0), (1, 2, 4, 0)]}
    assert len(seeds | {bot_seed(1, 2, 3, 1)}) == 5
    assert bot_seed(1, 2, 3) == bot_seed(1, 2, 3, 0)


async def test_status_speaks_of_bots_only_at_a_table_with_bots_or_a_move_clock(
    service: Service,
) -> None:
    await open_table(service, ALICE, BOB)
    await service.start(CHANNEL, ALICE)
    assert "Bots:" not in (await service.status(CHANNEL, ALICE)).text
    await service.replace(CHANNEL, ALICE, BOB.name)
    assert (
        "Bots: no move clock. The bot plays for bob" in (await service.status(CHANNEL, ALICE)).text
    )
