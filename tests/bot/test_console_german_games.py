"""A whole game of every game at the console with DEFAULT_LANGUAGE=de, from /newgame to the
final scores, /status and /history along the way and /export at the end: nothing printed (nor
the export's comment lines) holds an English sentence of a catalogue, and every message worded
(replies and the drawn boards) has its German translation. The moves come from a seeded random
playout, one action per /move line, by a seat the game waits for."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import run_console
from engine.core import Rng
from engine.core.playout import choose_action
from tests.discord.languages import recording
from tests.support.announcing import play_forced
from tests.support.english import english_in

SEED = 16
JOINED = ["alice", "bob", "carol"]


def _script(key: str) -> list[str]:
    game = engine.get(key)
    joined = JOINED[: max(2, game.info.min_players)]
    players = list(joined)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED)
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{joined[0]}> /newgame game:{key} seed:{SEED}"]
    lines += [f"{name}> /join" for name in joined[1:]] + [f"{joined[0]}> /start"]
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        action = choose_action(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        state, _ = play_forced(game, state)
        lines.append(f"{players[seat]}> /move action:{action}")
        moves += 1
        if moves == 6:
            lines += [f"{players[0]}> /status", f"{players[1]}> /history count:3"]
    return [*lines, f"{joined[0]}> /board", f"{joined[0]}> /export"]


@pytest.mark.parametrize("key", [game.info.key for game in engine.all_games()])
async def test_a_whole_game_at_a_german_console_meets_no_english(
    key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(_script(key)) + "\n")
    settings = Settings(
        _env_file=None,
        database_path=tmp_path / "console.db",
        board_dir=tmp_path / "boards",
        default_language="de",
    )
    with recording(monkeypatch, "de") as worded:
        assert await run_console(settings, script=script, strict=True) == 0
    out = capsys.readouterr().out
    replies = "\n".join(line for line in out.splitlines() if "> /" not in line)
    exported = (tmp_path / "boards" / "table-1.txt").read_text()
    comments = "\n".join(line for line in exported.splitlines() if line.startswith("# "))
    assert "Endstand: " in replies and "# Endstand: " in comments
    assert worded.messages and sorted(worded.lacking) == []
    assert english_in(replies) == []
    assert english_in(comments) == []
