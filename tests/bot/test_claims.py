"""Once-only work claimed through the database (migration 0016), as two processes on one
file see it: one claim wins, a lease that runs out is taken over, finished work stays done;
and the bots' runner plays a turn claimed by a process that died once its lease ran out."""

from __future__ import annotations

from datetime import timedelta

from bot.service import Service
from bot.service.bot_runner import BOT_TURN, BotRunner, claim_key
from bot.service.bots import BotMove
from bot.store import Store
from bot.store.claims import Claims

from .helpers import ManualClock, fake_renderer, pile_catalog
from .test_bot_seats import ALICE, CHANNEL, open_table, waiting_for

LEASE = timedelta(seconds=30)


async def test_one_claim_wins_until_its_lease_runs_out(store: Store, clock: ManualClock) -> None:
    first = Claims(store.database, "first", LEASE)
    second = Claims(store.database, "second", LEASE)

    assert await first.claim("work", "a", clock())
    assert not await second.claim("work", "a", clock())
    assert await second.claim("work", "b", clock())  # other work is free
    assert await first.claim("work", "a", clock())  # the holder renews its lease
    assert await second.held_until("work", "a") == clock() + LEASE

    clock.advance(seconds=29)
    assert not await second.claim("work", "a", clock())
    clock.advance(seconds=1)  # the first has not renewed: it died, say
    assert await second.claim("work", "a", clock())
    assert not await first.claim("work", "a", clock())


async def test_finished_work_is_never_claimed_again_and_released_work_at_once(
    store: Store, clock: ManualClock
) -> None:
    first = Claims(store.database, "first", LEASE)
    second = Claims(store.database, "second", LEASE)
    assert await first.claim("work", "done", clock())
    await first.finish("work", "done", clock())
    assert await first.claim("work", "failed", clock())
    await first.release("work", "failed")

    assert await second.claim("work", "failed", clock())
    clock.advance(hours=1)
    assert not await second.claim("work", "done", clock())
    assert not await first.claim("work", "done", clock())
    assert await second.held_until("work", "done") is None

    clock.advance(days=2)
    await second.forget_old(clock())
    count = await store.database.fetch_one("SELECT COUNT(*) AS n FROM work_claims")
    assert count is not None and count["n"] == 0


async def test_a_bot_turn_claimed_by_a_process_that_died_is_played_after_its_lease(
    database_url: str, clock: ManualClock
) -> None:
    dead = await Store.open(database_url, owner="dead", lease=LEASE)
    alive = await Store.open(database_url, owner="alive", lease=LEASE)
    try:
        service = Service(alive, games=pile_catalog(), renderer=fake_renderer, clock=clock)
        table_id = await open_table(service, ALICE)
        await service.add_bot(CHANNEL, ALICE, "random")
        await service.start(CHANNEL, ALICE)
        bot_seat = next(s.seat for s in await alive.tables.seats(table_id) if s.bot_level)
        if await waiting_for(service, table_id) != [bot_seat]:  # alice begins: she moves first
            await service.act(CHANNEL, ALICE, (await service.legal_actions(CHANNEL, ALICE))[0])
        posted: list[BotMove] = []

        async def post(move: BotMove) -> None:
            posted.append(move)

        runner = BotRunner(service, post, clock=clock, delay=timedelta(0))
        (turn,), _ = await service.bot_turns_due(clock(), timedelta(0))
        assert await dead.claims.claim(BOT_TURN, claim_key(turn), clock())

        look_again = await runner.run_once()
        assert posted == [] and look_again == clock() + LEASE

        clock.advance(seconds=LEASE.total_seconds())
        await runner.run_once()
        assert len(posted) == 1 and posted[0].reply.table_id == table_id
        assert not await dead.claims.claim(BOT_TURN, claim_key(turn), clock())
    finally:
        await dead.close()
        await alive.close()
