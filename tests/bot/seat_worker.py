"""One player of a Tiny Towns table in a process of its own, for tests of moves made at the
same moment by several processes on one database (see test_concurrent_processes.py)."""

from __future__ import annotations

import asyncio
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier

from bot.service import BoardChanged, Channel, GameCatalog, Service, ServiceError, User
from bot.store import Store
from engine.games.tiny_towns import TinyTowns
from tests.bot.helpers import fake_renderer

GAME = TinyTowns()
OPTIONS = {"monuments": "false"}
CHANNEL = Channel(id="race", guild_id="race-guild")


def choose(legal: list[str]) -> str:
    """Place on the first free square, then end the round's part; never build."""
    places = [text for text in legal if text.startswith("place ")]
    return places[0] if places else "done"


def play_seat(
    database: str, user: User, moves: int, start: Barrier, outcomes: Queue[object]
) -> None:
    """Play until `moves` actions of `user` went through, each as soon as the table waits
    for them (a refused one is tried again, as a player would), then report every attempt
    as (user id, "played" | "board changed" | "refused", text, message) in one list."""
    asyncio.run(_play(database, user, moves, start, outcomes))


async def _play(
    database: str, user: User, moves: int, start: Barrier, outcomes: Queue[object]
) -> None:
    store = await Store.open(database)
    service = Service(store, games=GameCatalog([GAME]), renderer=fake_renderer)
    attempts: list[tuple[str, str, str, str]] = []
    try:
        start.wait()
        played = 0
        while played < moves and len(attempts) < 10 * moves:
            table = await store.tables.open_table(CHANNEL.id)
            assert table is not None and table.status == "active"
            seat = next(s.seat for s in await store.tables.seats(table.id) if s.user_id == user.id)
            if seat not in table.to_act:
                await asyncio.sleep(0.001)
                continue
            text = choose(await service.legal_actions(CHANNEL, user))
            try:
                await service.act(CHANNEL, user, text)
                attempts.append((user.id, "played", text, ""))
                played += 1
            except BoardChanged as error:
                attempts.append((user.id, "board changed", text, str(error)))
            except ServiceError as error:
                attempts.append((user.id, "refused", text, str(error)))
    finally:
        await store.close()
        outcomes.put(attempts)
