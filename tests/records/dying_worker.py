"""A process that plays a pile game to its end and dies (SIGKILL) while the end's result is
being recorded: `before` — after the last move was saved, before the result's transaction;
`during` — inside it, after the check that no result exists. See test_ratings_once.py."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path
from typing import Any

import bot.service.rating
from bot.service import Service
from bot.service.results import ResultService
from bot.store import Store
from tests.bot.helpers import ALICE, BOB, CHANNEL, fake_renderer, pile_catalog, start_table


def die(*args: Any, **kwargs: Any) -> Any:
    os.kill(os.getpid(), signal.SIGKILL)


async def play(database: Path, when: str) -> None:
    if when == "before":
        ResultService.record_result = die  # type: ignore[method-assign]
    else:
        bot.service.rating.rate = die
    async with await Store.open(database) as store:
        service = Service(store, games=pile_catalog(), renderer=fake_renderer)
        seated = await start_table(service, [ALICE, BOB], size=7)
        turn = 0
        while await store.tables.open_table(CHANNEL.id) is not None:
            await service.act(CHANNEL, seated[turn % 2], "take 1")
            turn += 1
    raise SystemExit("the game ended and its result was recorded: the process should be dead")


if __name__ == "__main__":
    asyncio.run(play(Path(sys.argv[1]), sys.argv[2]))
