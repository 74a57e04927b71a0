"""Absurd input: refused at once with the limit named, echoed in a few words, and replies that
list many things still fit in one Discord message."""

from __future__ import annotations

import time

import pytest

from bot.reminders.quiet import parse_hour_range, parse_time_zone
from bot.service import BadRequest, GameCatalog, RulesError, Service, User
from bot.service.texts import MAX_REPLY
from bot.store import Store
from engine.core.echo import ECHO_LIMIT
from engine.games.terra_nova_2006 import TerraNova2006
from tests.bot.helpers import ALICE, BOB, CHANNEL, ManualClock, fake_renderer, start_table

ABSURD = 6000


async def test_a_move_longer_than_any_turn_of_the_game_is_refused_at_once(
    store: Store, clock: ManualClock
) -> None:
    game = TerraNova2006()
    service = Service(store, games=GameCatalog([game]), renderer=fake_renderer, clock=clock)
    await service.create_table(CHANNEL, ALICE, game.info.key, {}, 5)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    table = await store.tables.open_table(CHANNEL.id)
    assert table is not None
    player = ALICE if (await store.tables.seats(table.id))[0].user_id == ALICE.id else BOB
    limit = game.max_turn_length()

    with pytest.raises(BadRequest) as refused:
        await service.act(CHANNEL, player, "place E5 " * (ABSURD // 9))
    with pytest.raises(BadRequest):
        await service.preview(CHANNEL, player, "x" * (limit + 1))

    assert str(refused.value) == (
        f"That is {ABSURD - ABSURD % 9:,} characters long, and no turn of Terra Nova (2006) is "
        f"longer than {limit}, so it was not read. /legal lists your actions."
    )
    after = await store.tables.open_table(CHANNEL.id)
    assert after is not None and after.version == table.version
    # Just within the limit, the engine reads it and says what is wrong, in a few words.
    with pytest.raises(RulesError) as read:
        await service.act(CHANNEL, player, "q" * limit)
    assert f"'{'q' * (ECHO_LIMIT - 1)}…' is not understood" in str(read.value)


async def test_a_long_filter_or_completion_finds_nothing_quickly(service: Service) -> None:
    first, _ = await start_table(service, [ALICE, BOB])
    absurd = "take " * 100_000

    started = time.perf_counter()
    listed = await service.legal(CHANNEL, first, absurd)
    completed = await service.turn_completions(CHANNEL, first, absurd)

    assert time.perf_counter() - started < 5  # a sanity bound, not a benchmark
    assert listed.text.startswith(
        f"None of your legal actions contains '{'take ' * 11}take…' (the filter matches"
    )
    assert completed == []


async def test_skipping_a_stranger_echoes_their_name_shortly(service: Service) -> None:
    await start_table(service, [ALICE, BOB])
    with pytest.raises(BadRequest) as refused:
        await service.skip(CHANNEL, ALICE, "z" * ABSURD)
    assert f"Nobody called '{'z' * (ECHO_LIMIT - 1)}…' plays" in str(refused.value)


@pytest.mark.parametrize("parse", [parse_time_zone, parse_hour_range])
def test_a_long_time_zone_or_quiet_range_is_echoed_shortly(parse: object) -> None:
    with pytest.raises(BadRequest) as refused:
        parse("Europe/" * 1000)  # type: ignore[operator]
    assert "Europe/" * 10 not in str(refused.value) and "…" in str(refused.value)


LONG_NAMED = [User(id=f"u-{n}", name=f"{n}" + "x" * 31) for n in range(3)]


async def test_history_status_and_undo_replies_fit_one_message(service: Service) -> None:
    order = await start_table(service, LONG_NAMED, size=99)
    for turn in range(49):
        await service.act(CHANNEL, order[turn % 3], "take 1")

    history = await service.history(CHANNEL, order[0], 50)
    asked = await service.request_undo(CHANNEL, order[1], 49)
    status = await service.status(CHANNEL, order[0])

    lines = history.text.splitlines()
    assert lines[1].startswith("(… ") and "earlier actions not shown" in lines[1]
    assert lines[-1].startswith(f"#49 {order[0].name}: take 1")  # the latest are kept
    assert "and " in asked.text and "more actions." in asked.text
    for reply in (history, asked, status):
        assert len(reply.text) <= MAX_REPLY
