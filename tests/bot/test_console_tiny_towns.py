"""A whole solo game of Tiny Towns (with a monument) at the console, from /newgame to the final
score and the solo rank, with the real engine and renderer. Each round is one /move line: a
seeded random playout of legal actions, sent as a whole turn."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import run_console
from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.tiny_towns.view import solo_rank

GAME = "tiny-towns"
SEED = 2019
PLAYER = "alice"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _script() -> tuple[list[str], int, int]:
    """The console lines of a whole solo game, its final score and the number of /move lines."""
    game = engine.get(GAME)
    state = game.new_game([PLAYER], SEED, {"monuments": True})
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [
        f"{PLAYER}> /newgame game:{GAME} seed:{SEED} options:monuments:true",
        f"{PLAYER}> /start",
    ]
    moves = 0
    while not game.is_over(state):
        start, turn = state.round, []
        while not game.is_over(state) and state.round == start:
            action = choose_action(chooser, game.legal_actions(state, 0))
            state, _ = game.apply(state, 0, action)
            turn.append(action)
        lines.append(f"{PLAYER}> /move action:{'; '.join(turn)}")
        moves += 1
        if moves == 3:
            lines += [f"{PLAYER}> /status", f"{PLAYER}> /history count:3"]
    return [*lines, f"{PLAYER}> /board"], game.scores(state)[0], moves


async def test_a_whole_solo_tiny_towns_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, score, moves = _script()
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "game.db", board_dir=tmp_path / "boards"
    )

    assert await run_console(settings, script=script, strict=True) == 0

    out = capsys.readouterr().out
    assert f"• {PLAYER} scores {score} points: {solo_rank(score)}" in out
    assert (
        f"Game over at table #1 (Tiny Towns). Final scores: {PLAYER} {score}.\n"
        f"Ranking: 1. {PLAYER} ({score})"
    ) in out
    assert f"(only {PLAYER} sees this) Table #1 (Tiny Towns): active" in out
    assert f"{PLAYER}: keep a monument card" in out  # the public line; /history shows the card
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    assert {f"1-{n}.png" for n in range(moves + 1)} <= set(boards)
    assert "1-3-seat1.png" in boards  # /status: alice's own view, with her monument
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
