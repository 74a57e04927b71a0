"""A move's reply comes with its text as soon as the move is stored; its board is drawn after,
in a worker thread (`Reply.drawing`) — and a board that cannot be drawn leaves the move and
its text standing, logged. Nothing is lost if the process dies in between: /board draws the
position from the stored state. (The console: test_console_text_first.py; Discord:
tests/discord/test_text_first.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameCatalog, Reply, Service
from bot.store import Store
from engine.games.tiny_towns import TinyTowns
from tests.bot.helpers import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    ManualClock,
    drawn_view,
    fake_renderer,
    pile_catalog,
    start_game,
    start_table,
)
from tests.support.gated_renderer import GatedRenderer

#: Generous: only a deadlock (an act waiting for a held drawing) ever reaches it.
DEADLOCK_GUARD = 10.0


@pytest.fixture
def renderer() -> GatedRenderer:
    return GatedRenderer(fake_renderer)


@pytest.fixture
async def gated(
    store: Store, clock: ManualClock, renderer: GatedRenderer
) -> AsyncIterator[Service]:
    yield Service(store, games=pile_catalog(), renderer=renderer, clock=clock)
    renderer.release()  # never leave a worker thread waiting


async def _move(service: Service, user_text: tuple[str, str]) -> Reply:
    users = {ALICE.name: ALICE, BOB.name: BOB}
    name, text = user_text
    return await asyncio.wait_for(service.act(CHANNEL, users[name], text), DEADLOCK_GUARD)


async def test_the_reply_comes_before_its_board_is_drawn(
    gated: Service, renderer: GatedRenderer
) -> None:
    first, _ = await start_table(gated, [ALICE, BOB])
    drawn = renderer.done  # the start's board
    renderer.hold()
    reply = await asyncio.wait_for(gated.act(CHANNEL, first, "take 3"), DEADLOCK_GUARD)
    assert f"{first.name}: take 3" in reply.text and reply.mentions
    assert reply.image is None and reply.drawing is not None
    assert renderer.done == drawn  # the board is not drawn yet: the text did not wait for it
    assert reply.drawing.filename == "1-1.png"
    renderer.release()
    image = await asyncio.wait_for(reply.drawing.image(), DEADLOCK_GUARD)
    assert image is not None and image.filename == "1-1.png"
    assert drawn_view(image.png)["pile"] == 7
    finished = await reply.finished()
    assert finished.image == image and finished.drawing is None and finished.text == reply.text


async def test_a_part_of_a_round_brings_the_players_own_board_when_drawn(
    store: Store, clock: ManualClock, renderer: GatedRenderer
) -> None:
    service = Service(store, games=GameCatalog([TinyTowns()]), renderer=renderer, clock=clock)
    try:
        first, *_ = await start_game(
            service, "tiny-towns", (ALICE, BOB, CAROL), {"monuments": "false"}, 4
        )
        table = await store.tables.open_table(CHANNEL.id)
        assert table is not None and table.state_json is not None
        resource = TinyTowns().load_state(table.state_json).resource
        drawn = renderer.done
        renderer.hold()
        reply = await asyncio.wait_for(
            service.act(CHANNEL, first, f"place {resource} A1"), DEADLOCK_GUARD
        )
        assert reply.drawing is None and reply.image is None  # the channel's line has none
        own = reply.personal
        assert own is not None and own.private and own.drawing is not None
        assert own.text.startswith("Your board after your move:") and renderer.done == drawn
        renderer.release()
        image = await asyncio.wait_for(own.drawing.image(), DEADLOCK_GUARD)
        assert image is not None and image.filename == own.drawing.filename
        assert image.filename.endswith("-seat1.png") and drawn_view(image.png)["viewer"] == 0
    finally:
        renderer.release()


async def test_a_board_that_cannot_be_drawn_leaves_the_move_and_its_text_standing(
    gated: Service, renderer: GatedRenderer, caplog: pytest.LogCaptureFixture
) -> None:
    first, _ = await start_table(gated, [ALICE, BOB])
    renderer.fail_next = 1
    reply = await _move(gated, (first.name, "take 2"))
    assert f"{first.name}: take 2" in reply.text and reply.drawing is not None
    assert await reply.drawing.image() is None
    assert "could not render pile table 1 at move 1" in caplog.text
    assert "/board" in reply.drawing.failed_note
    table = await gated.store.tables.open_table(CHANNEL.id)
    assert table is not None and table.move_count == 1
    board = await gated.board(CHANNEL, first)  # and the board is there for the asking
    assert board.image is not None and drawn_view(board.image.png)["pile"] == 8


async def test_a_process_that_dies_between_text_and_board_loses_nothing(
    db_path: Path, clock: ManualClock, renderer: GatedRenderer
) -> None:
    """The board of a move whose process stopped before drawing it is drawn from the stored
    position by the next /board (the first store is closed with the drawing still held)."""
    store = await Store.open(db_path)
    service = Service(store, games=pile_catalog(), renderer=renderer, clock=clock)
    first, _ = await start_table(service, [ALICE, BOB])
    drawn = renderer.done
    renderer.hold()
    reply = await asyncio.wait_for(service.act(CHANNEL, first, "take 3"), DEADLOCK_GUARD)
    assert reply.drawing is not None and renderer.done == drawn
    await store.close()
    renderer.release()
    async with await Store.open(db_path) as again:
        restarted = Service(again, games=pile_catalog(), renderer=fake_renderer, clock=clock)
        board = await restarted.board(CHANNEL, first)
    assert board.image is not None and board.image.filename == "1-1.png"
    assert drawn_view(board.image.png)["pile"] == 7


async def test_quick_actions_in_a_channel_reply_in_the_order_they_were_stored(
    service: Service, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first move's reply takes long to word (it is held once stored); the second move,
    sent meanwhile, is stored and answered only after it — so a transport that posts replies
    as they come posts them in the order of the moves."""
    first, second = await start_table(service, [ALICE, BOB])
    stored = asyncio.Event()
    let_go = asyncio.Event()
    announce = service._announce_after

    async def held_first(ctx, step):  # type: ignore[no-untyped-def]
        if step.number == 1:
            stored.set()
            await let_go.wait()
        return await announce(ctx, step)

    monkeypatch.setattr(service, "_announce_after", held_first)
    answered: list[int | None] = []

    async def move(user_text: tuple[str, str]) -> None:
        answered.append((await _move(service, user_text)).table_version)

    one = asyncio.create_task(move((first.name, "take 1")))
    await stored.wait()
    two = asyncio.create_task(move((second.name, "take 1")))
    # Time enough for the second move to be stored and answered, were it not held back.
    await asyncio.wait({two}, timeout=1.0)
    let_go.set()
    await asyncio.gather(one, two)
    first_version, second_version = answered
    assert first_version is not None and second_version is not None
    assert first_version < second_version
