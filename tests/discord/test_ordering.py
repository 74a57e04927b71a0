"""The order of a channel's public posts (bot/discord_app/ordering.py), without Discord: texts
in turn, boards in turn, a failed post holds nobody up, a hung one not for ever."""

from __future__ import annotations

import asyncio

import pytest

from bot.discord_app.ordering import ChannelOrder


async def test_boards_come_in_the_order_of_the_slots_whichever_is_drawn_first() -> None:
    order = ChannelOrder()
    shown: list[str] = []
    first_drawn = asyncio.Event()

    async def post(name: str, drawn: asyncio.Event | None) -> None:
        async with order.slot(1) as slot:
            await slot.text_turn()
            shown.append(f"text {name}")
            slot.text_done()
            if drawn is not None:
                await drawn.wait()
            await slot.board_turn()
            shown.append(f"board {name}")

    one = asyncio.create_task(post("one", first_drawn))
    two = asyncio.create_task(post("two", None))
    async with asyncio.timeout(5):
        while len(shown) < 2:
            await asyncio.sleep(0)
    for _ in range(50):  # every chance for the second board to jump the queue
        await asyncio.sleep(0)
    assert shown == ["text one", "text two"]  # the second board waits for the first
    first_drawn.set()
    await asyncio.gather(one, two)
    assert shown == ["text one", "text two", "board one", "board two"]


async def test_a_failed_post_holds_nobody_up_and_other_channels_never_wait() -> None:
    order = ChannelOrder()
    shown: list[str] = []

    async def failing() -> None:
        async with order.slot(1):
            raise RuntimeError("Discord refused")

    async def posting(channel: int, name: str) -> None:
        async with order.slot(channel) as slot:
            await slot.text_turn(with_board=True)
            shown.append(name)

    broken = asyncio.create_task(failing())
    after = asyncio.create_task(posting(1, "after the failure"))
    elsewhere = asyncio.create_task(posting(2, "another channel"))
    results = await asyncio.gather(broken, after, elsewhere, return_exceptions=True)
    assert isinstance(results[0], RuntimeError)
    assert sorted(shown) == ["after the failure", "another channel"]
    assert order._last == {}  # nothing kept once the posts are done


async def test_a_hung_post_is_waited_for_only_so_long(caplog: pytest.LogCaptureFixture) -> None:
    order = ChannelOrder(patience=0.05)
    hung = order.slot(1)  # taken, never posted
    async with order.slot(1) as slot:
        await slot.text_turn()
    assert "the text of the previous post in channel 1 took over" in caplog.text
    async with hung:
        pass
