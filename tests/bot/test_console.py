"""The console table: scripted games, exit statuses, and surviving a kill between moves."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest

from bot.config import Settings
from bot.console import run_console
from bot.service import GameCatalog
from engine.core import Result, Rng
from tests.bot.helpers import fake_renderer, pile_catalog
from tests.support.pile_game import PileGame, PileState

REPO = Path(__file__).resolve().parents[2]


def _settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,
        database_path=tmp_path / "data" / "console.db",
        board_dir=tmp_path / "boards",
    )


def _seat_order(seed: int, joined: list[str]) -> list[str]:
    order = list(joined)
    Rng(seed=seed).shuffle(order)
    return order


async def _run(
    tmp_path: Path, lines: list[str], *, strict: bool = False, games: GameCatalog | None = None
) -> int:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    return await run_console(
        _settings(tmp_path),
        script=script,
        strict=strict,
        games=games or pile_catalog(),
        renderer=fake_renderer,
    )


async def test_a_scripted_pile_game_from_newgame_to_final_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = _seat_order(11, ["alice", "bob"])
    lines = [
        "# a whole game of the pile test game",
        "alice> /newgame game:pile options:size:6 seed:11",
        "bob> /join",
        "alice> /start",
        f"{first}> /move action:take 3",
        f"{second}> /status",
        f"{second}> /move take 2",
        f"{first}> /history count:2",
        f"{first}> /move action:take 1",
    ]
    assert await _run(tmp_path, lines, strict=True) == 0
    out = capsys.readouterr().out
    assert f"Final scores: {first} 4, {second} 2." in out
    assert f"Ranking: 1. {first} (4) · 2. {second} (2)" in out
    assert f"ping: @{second}" in out
    assert f"(only {second} sees this)" in out
    saved = {path.name for path in (tmp_path / "boards").iterdir()}
    assert saved == {"1-0.png", "1-1.png", "1-1-seat2.png", "1-2.png", "1-3.png"}
    assert f"board: {tmp_path / 'boards' / '1-3.png'}" in out


async def test_refusals_are_replies_unless_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["alice> /newgame game:pile", "alice> /strat", "no name here", "alice> /start"]
    assert await _run(tmp_path, lines) == 0
    out = capsys.readouterr().out
    assert "error: Unknown command /strat. Did you mean /stats, /start, /status?" in out
    assert "error: start the line with your name" in out
    assert "begins!" in out
    assert await _run(tmp_path, ["bob> /join", "bob> /start", "bob> /status"], strict=True) == 2


class BrokenPile(PileGame):
    def apply_action(self, state: PileState, seat: int, text: str) -> Result[PileState]:
        raise RuntimeError("a bug in the rules")


async def test_an_unexpected_failure_stops_the_script(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["alice> /newgame game:pile", "alice> /start", "alice> /move take 1", "alice> /board"]
    assert await _run(tmp_path, lines, games=GameCatalog([BrokenPile()])) == 1
    assert "alice> /board" not in capsys.readouterr().out


def _environment(tmp_path: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    env.update(
        PYTHONPATH=str(REPO),
        DATABASE_PATH=str(tmp_path / "data" / "console.db"),
        BOARD_DIR=str(tmp_path / "boards"),
    )
    return env


async def _console(tmp_path: Path, *args: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.pile_console",
        "console",
        *args,
        cwd=tmp_path,
        env=_environment(tmp_path),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def _read_until(process: asyncio.subprocess.Process, marker: str) -> str:
    assert process.stdout is not None
    seen = ""
    while marker not in seen:
        line = await asyncio.wait_for(process.stdout.readline(), timeout=30)
        assert line, f"the console ended before printing {marker!r}: {seen}"
        seen += line.decode()
    return seen


async def test_a_game_survives_the_console_being_killed_between_moves(tmp_path: Path) -> None:
    first, second = _seat_order(5, ["alice", "bob"])
    console = await _console(tmp_path)
    assert console.stdin is not None
    try:
        setup = ["alice> /newgame game:pile seed:5", "bob> /join", "alice> /start"]
        console.stdin.write(("\n".join(setup) + "\n").encode())
        await _read_until(console, "1-0.png")
        console.stdin.write(f"{first}> /move action:take 2\n".encode())
        await _read_until(console, "1-1.png")  # printed only after the move was committed
    finally:
        console.send_signal(signal.SIGKILL)
        assert await console.wait() == -signal.SIGKILL

    with sqlite3.connect(tmp_path / "data" / "console.db") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)

    script = tmp_path / "after.txt"
    script.write_text(f"{second}> /history\n{second}> /move take 3\n{first}> /status\n")
    restarted = await _console(tmp_path, "--script", str(script), "--strict")
    out, err = await asyncio.wait_for(restarted.communicate(), timeout=60)
    assert restarted.returncode == 0, err.decode()
    text = out.decode()
    assert f"#1 {first}: take 2" in text
    assert f"{second}: take 3" in text
    assert f"Scores so far: {first} 2, {second} 3" in text


async def test_a_board_image_that_cannot_be_saved_does_not_hide_the_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "boards").write_text("a file where the board directory should be")
    lines = ["alice> /newgame game:pile seed:11", "alice> /start", "alice> /move action:take 1"]
    assert await _run(tmp_path, lines, strict=True) == 0
    out = capsys.readouterr().out
    assert "error: could not save the board image as " in out
    assert "the command itself went through. Check BOARD_DIR." in out
    assert "alice: take 1" in out
    database = sqlite3.connect(tmp_path / "data" / "console.db")
    (moves,) = database.execute("SELECT COUNT(*) FROM actions").fetchone()
    database.close()
    assert moves == 1


async def test_the_console_speaks_the_discord_commands_with_their_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A preview is an option, not part of the move; /confirm plays it; /remind and /notify
    exist; a game's options go in options: as on Discord."""
    first, second = _seat_order(11, ["alice", "bob"])
    lines = [
        "alice> /newgame game:pile options:size:6 seed:11",
        "bob> /join",
        "alice> /remind every:2",
        "bob> /notify quiet:22-07 tz:Europe/Berlin",
        "alice> /start",
        f"{first}> /move action:take 3 preview:true",
        f"{first}> /confirm",
        f"{second}> /move take 2 preview:true",
        f"{second}> /cancel",
        f"{second}> /history",
    ]
    assert await _run(tmp_path, lines, strict=True) == 0
    out = capsys.readouterr().out
    with sqlite3.connect(tmp_path / "data" / "console.db") as db:
        assert db.execute("SELECT options_json FROM game_tables").fetchone() == ('{"size": 6}',)
    assert "alice set the reminders for table #1 (Pile (test game)) to every 2 h" in out
    assert "Quiet hours: 22:00–07:00 (Europe/Berlin)" in out
    assert f"(only {first} sees this) Preview — nothing is played yet. {first}: take 3" in out
    assert "/confirm plays it, /cancel drops it." in out
    assert f"\n{first}: take 3\n" in out  # played, in the channel
    assert "Cancelled — nothing was played." in out
    assert f"#1 {first}: take 3" in out and f"#2 {second}" not in out


async def test_an_undo_never_overwrites_an_earlier_board_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "alice> /newgame game:pile seed:11",
        "alice> /start",
        "alice> /move action:take 3",
        "alice> /undo",
        "alice> /move action:take 1",
    ]
    assert await _run(tmp_path, lines, strict=True) == 0
    boards = tmp_path / "boards"
    saved = {path.name for path in boards.iterdir()}
    assert saved == {"1-0.png", "1-0-2.png", "1-1.png", "1-1-2.png"}
    assert (boards / "1-1.png").read_bytes() != (boards / "1-1-2.png").read_bytes()
    assert f"board: {boards / '1-1-2.png'}" in capsys.readouterr().out


async def test_the_console_refuses_what_only_discord_can_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert await _run(tmp_path, ["alice> /newgame game:pile thread:true"]) == 0
    assert "error: The console is a single channel, so it cannot open threads" in (
        capsys.readouterr().out
    )


async def test_resign_abandon_and_skip_ask_first_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second, _ = _seat_order(11, ["alice", "bob", "carol"])
    lines = [
        "alice> /newgame game:pile seed:11 skip-after:2",
        "bob> /join",
        "carol> /join",
        "alice> /start",
        f"{second}> /resign",
        f"{second}> /cancel",
        f"alice> /skip player:{first}",
        f"{second}> /resign",
        f"{second}> /confirm",
        "alice> /abandon",
        "alice> /confirm",
    ]
    assert await _run(tmp_path, lines) == 0
    out = capsys.readouterr().out
    assert f"(only {second} sees this) Resign from table #1 (Pile (test game))?" in out
    assert "Nothing happens until you confirm: /confirm to go ahead, /cancel to keep" in out
    assert f"(only {second} sees this) Cancelled — nothing was done." in out
    assert f"error: Table #1 (Pile (test game)) has waited for {first} only since" in out
    assert "once the table has waited 2 h for them" in out
    assert f"\n{second} used /resign." in out
    assert "(only alice sees this) Abandon table #1 (Pile (test game)) after 1 action?" in out
    assert "alice abandoned table #1 (Pile (test game)) after 1 action." in out
