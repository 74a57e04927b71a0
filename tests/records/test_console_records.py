"""/export, /replay, /leaderboard and /stats at the console: files saved next to the board
images, their paths printed."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from bot.config import Settings
from bot.console import run_console
from engine.core import Rng
from engine.core.record import read_header
from tests.bot.helpers import fake_renderer, pile_catalog

from .test_export_and_replay import fake_animator


def settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None, database_path=tmp_path / "console.db", board_dir=tmp_path / "boards"
    )


def seat_order(seed: int, joined: list[str]) -> list[str]:
    order = list(joined)
    Rng(seed=seed).shuffle(order)
    return order


async def test_records_and_ratings_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = seat_order(11, ["alice", "bob"])
    script = tmp_path / "script.txt"
    script.write_text(
        "\n".join(
            [
                "alice> /newgame game:pile options:size:4 seed:11",
                "bob> /join",
                "alice> /start",
                f"{first}> /move action:take 3",
                f"{second}> /move action:take 1",
                "bob> /export",
                "carol> /replay from:2",
                "carol> /leaderboard game:pile",
                "carol> /stats player:alice",
                "alice> /stats",
            ]
        )
        + "\n"
    )
    status = await run_console(
        settings(tmp_path),
        script=script,
        strict=True,
        games=pile_catalog(),
        renderer=fake_renderer,
        animator=fake_animator,
    )
    out = capsys.readouterr().out
    assert status == 0, out
    boards = tmp_path / "boards"
    assert f"file: {boards / 'table-1.txt'}" in out
    assert f"file: {boards / 'table-1-replay-2-2.gif'}" in out
    record = (boards / "table-1.txt").read_text(encoding="utf-8").splitlines()
    header = read_header(record)
    assert header is not None and (header.game, header.players, header.seed) == (
        "pile",
        [first, second],
        11,
    )
    assert record[-2:] == [f"{first}: take 3", f"{second}: take 1"]
    assert "Leaderboard — Pile (test game)" in out
    assert "alice: 1 finished game" in out


async def test_a_real_replay_is_saved_as_a_gif(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "script.txt"
    lines = ["alice> /newgame game:terra-nova-2006 seed:3", "bob> /join", "alice> /start"]
    script.write_text("\n".join(lines) + "\n")
    assert await run_console(settings(tmp_path), script=script, strict=True) == 0
    first = seat_order(3, ["alice", "bob"])[0]
    script.write_text(f"{first}> /move action:place E5\ncarol> /replay\n")
    assert await run_console(settings(tmp_path), script=script, strict=True) == 0
    out = capsys.readouterr().out
    saved = tmp_path / "boards" / "table-1-replay-1-1.gif"
    assert f"file: {saved}" in out
    gif = Image.open(io.BytesIO(saved.read_bytes()))
    assert gif.format == "GIF" and gif.n_frames == 2
