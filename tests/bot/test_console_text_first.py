"""The console prints a move's words as soon as the move is stored, then the path of its board
once drawn — and a note, with the failure logged, when the board cannot be drawn."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.console import ConsoleTable
from bot.service import Service
from bot.store import Store
from tests.bot.helpers import ManualClock, fake_renderer, pile_catalog
from tests.support.gated_renderer import GatedRenderer

DEADLOCK_GUARD = 10.0
MOVE_TEXT = ": take 3"


class OpensOnText(io.StringIO):
    """The console's output; lets the held renderer draw once the move's words are printed —
    a console that waited for the board before printing them would never get there."""

    def __init__(self, renderer: GatedRenderer) -> None:
        super().__init__()
        self.renderer = renderer

    def write(self, text: str) -> int:
        written = super().write(text)
        if MOVE_TEXT in text:
            self.renderer.release()
        return written


@pytest.fixture
async def console(
    store: Store, clock: ManualClock, tmp_path: Path
) -> AsyncIterator[tuple[ConsoleTable, OpensOnText, GatedRenderer]]:
    renderer = GatedRenderer(fake_renderer)
    out = OpensOnText(renderer)
    service = Service(store, games=pile_catalog(), renderer=renderer, clock=clock)
    table = ConsoleTable(service, tmp_path / "boards", out)
    for line in ("alice> /newgame game:pile seed:11", "bob> /join", "alice> /start"):
        await table.handle(line)
    yield table, out, renderer
    renderer.release()


async def _first_mover(table: ConsoleTable) -> str:
    record = await table.service.store.tables.open_table("console")
    assert record is not None
    seats = await table.service.store.tables.seats(record.id)
    return next(seat.display_name for seat in seats if seat.seat in record.to_act)


async def test_the_words_come_first_then_the_boards_path(
    console: tuple[ConsoleTable, OpensOnText, GatedRenderer], tmp_path: Path
) -> None:
    table, out, renderer = console
    mover = await _first_mover(table)
    renderer.hold()
    await asyncio.wait_for(table.handle(f"{mover}> /move action:take 3"), DEADLOCK_GUARD)
    lines = out.getvalue().splitlines()
    said = next(i for i, line in enumerate(lines) if line.startswith(f"{mover}{MOVE_TEXT}"))
    board = lines.index(f"board: {tmp_path / 'boards' / '1-1.png'}")
    assert said < board
    assert (tmp_path / "boards" / "1-1.png").read_bytes().startswith(b"\x89PNG-fake")


async def test_a_board_that_cannot_be_drawn_is_a_note_and_a_log_line(
    console: tuple[ConsoleTable, OpensOnText, GatedRenderer],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    table, out, renderer = console
    mover = await _first_mover(table)
    renderer.fail_next = 1
    await asyncio.wait_for(table.handle(f"{mover}> /move action:take 3"), DEADLOCK_GUARD)
    lines = out.getvalue().splitlines()
    said = next(i for i, line in enumerate(lines) if line.startswith(f"{mover}{MOVE_TEXT}"))
    noted = next(i for i, line in enumerate(lines) if "could not be drawn this time" in line)
    assert said < noted and "/board shows the position" in lines[noted]
    assert not (tmp_path / "boards" / "1-1.png").exists()
    assert "could not render pile table 1 at move 1" in caplog.text
    await table.handle(f"{mover}> /board")
    assert (tmp_path / "boards" / "1-1.png").exists()
