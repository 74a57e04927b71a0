"""`python -m render`: replays the moves, writes the PNG, exits 2 on bad input."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import engine
from render import render_png
from render.__main__ import main
from render.terra_nova_2006.style import HEIGHT, WIDTH
from tests.render.scenes import GAME

ROOT = Path(__file__).resolve().parents[2]


def first_placement() -> str:
    game = engine.get(GAME)
    state = game.new_game(["alice", "bob"], 1)
    return game.legal_actions(state, 0)[0]


def arguments(moves: Path, out: Path, *extra: str) -> list[str]:
    return [
        GAME,
        "--players",
        "alice,bob",
        "--seed",
        "1",
        "--moves",
        str(moves),
        "--out",
        str(out),
        *extra,
    ]


def test_writes_the_board_of_the_replayed_game(tmp_path: Path) -> None:
    action = first_placement()
    moves = tmp_path / "moves.txt"
    moves.write_text(f"# opening\nalice: {action}\n", encoding="utf-8")
    out = tmp_path / "board.png"
    assert main(arguments(moves, out)) == 0
    game = engine.get(GAME)
    state, _ = game.apply(game.new_game(["alice", "bob"], 1), 0, action)
    assert out.read_bytes() == render_png(GAME, game.view(state, None))


def test_a_bad_moves_line_exits_2_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text(f"alice: {first_placement()}\nbob: fly to the moon\n", encoding="utf-8")
    out = tmp_path / "board.png"
    with pytest.raises(SystemExit) as exit_info:
        main(arguments(moves, out))
    assert exit_info.value.code == 2
    assert "line 2" in capsys.readouterr().err
    assert not out.exists()


def test_an_unknown_viewer_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(arguments(moves, tmp_path / "board.png", "--viewer", "zoe"))
    assert exit_info.value.code == 2
    assert "'zoe' is not one of alice, bob" in capsys.readouterr().err


def test_an_unwritable_output_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("", encoding="utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(arguments(moves, tmp_path / "missing" / "board.png"))
    assert exit_info.value.code == 2
    assert "cannot write" in capsys.readouterr().err


def test_runs_as_a_module(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    completed = subprocess.run(
        [sys.executable, "-m", "render", GAME, "--players", "alice,bob,carol", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert Image.open(io.BytesIO(out.read_bytes())).size == (WIDTH, HEIGHT)


def test_the_arguments_come_from_a_records_header(tmp_path: Path) -> None:
    action = first_placement()
    moves = tmp_path / "record.txt"
    moves.write_text(
        f"# game: {GAME}\n# players: alice, bob\n# seed: 1\nalice: {action}\n", encoding="utf-8"
    )
    out = tmp_path / "board.png"
    assert main(["--moves", str(moves), "--out", str(out)]) == 0
    game = engine.get(GAME)
    state, _ = game.apply(game.new_game(["alice", "bob"], 1), 0, action)
    assert out.read_bytes() == render_png(GAME, game.view(state, None))
