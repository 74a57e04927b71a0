"""A whole advanced game of Terramara for three at the console, from /newgame to the final
scores, with the real engine and renderer: the neutral scouts, the draft of persons and start
cards, five rounds with raids, and the commands a player uses on the way (/legal with a
filter, /status, /history, /board, /rules). The moves come from a seeded random playout of
legal actions, sent a whole turn per /move line."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import run_console
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from tests.support.terramara_turns import whole_turn

GAME = "terramara"
SEED = 2019
JOINED = ["alice", "bob", "carol"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _script() -> tuple[list[str], str, int]:
    """The console lines of a whole game, the expected final-scores text, and the number of
    /move lines."""
    game = engine.get(GAME)
    players = list(JOINED)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED)
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{JOINED[0]}> /newgame game:{GAME} seed:{SEED}"]
    lines += [f"{name}> /join" for name in JOINED[1:]] + [f"{JOINED[0]}> /start"]
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        turn, state = whole_turn(game, state, seat, chooser)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        moves += 1
        if moves == 20:
            lines += [
                f"{players[seat]}> /status",
                f"{players[0]}> /history count:3",
                f"{players[1]}> /legal filter:place",
            ]
    scores = game.scores(state)
    final = (
        f"Final scores: {scores_line(players, scores)}.\n"
        f"Ranking: {ranking_line(players, scores, game.ranking(state))}"
    )
    return [*lines, f"{JOINED[0]}> /board", f"{JOINED[1]}> /rules game:{GAME}"], final, moves


async def test_a_whole_advanced_terramara_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final, moves = _script()
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "game.db", board_dir=tmp_path / "boards"
    )
    assert await run_console(settings, script=script, strict=True) == 0
    out = capsys.readouterr().out
    assert f"Game over at table #1 (Terramara). {final}" in out
    assert " picks person P" in out and " picks start resource card S" in out
    assert " raids" in out
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    assert {f"1-{n}.png" for n in range(moves + 1)} <= set(boards)
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
    assert f"board: {tmp_path / 'boards' / f'1-{moves}.png'}" in out
