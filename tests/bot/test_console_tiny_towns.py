"""Whole games of Tiny Towns (with monuments) at the console, with the real engine and renderer:
a solo game, from /newgame to the final score and the solo rank, each round one /move line;
and a 3-player game, each player's part of a round one /move line, which posts the board once
a round and shows each part's own board privately. The moves are seeded random playouts of
legal actions, sent as whole turns."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import engine
from engine.core import Rng
from engine.core.playout import choose_action
from engine.games.tiny_towns.view import solo_rank
from tests.bot.helpers import move_boards, run_script
from tests.support.announcing import Image, image_for

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
    await run_script(tmp_path, lines)

    out = capsys.readouterr().out
    assert f"• {PLAYER} scores {score} points: {solo_rank(score)}" in out
    assert (
        f"Game over at table #1 (Tiny Towns): {PLAYER} finishes with {score} points.\n"
        f"Final scores: {PLAYER} {score}.\nRanking: 1. {PLAYER} ({score})"
    ) in out
    assert f"(only {PLAYER} sees this) Table #1 (Tiny Towns): active" in out
    assert f"{PLAYER}: keep a monument card" in out  # the public line; /history shows the card
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    assert {f"1-{n}.png" for n in range(moves + 1)} <= set(boards)
    assert "1-3-seat1.png" in boards  # /status: alice's own view, with her monument
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())


TABLE = ["alice", "bob", "carol"]


def _round_script() -> tuple[list[str], Any, dict[int, Image]]:
    """A whole 3-player game with monuments, each /move line one player's whole part of a
    round: the console lines, the final state and, by the number of the action each /move
    line stored, the image it brings."""
    game = engine.get(GAME)
    players = list(TABLE)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED, {"monuments": True})
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{TABLE[0]}> /newgame game:{GAME} seed:{SEED} options:monuments:true"]
    lines += [f"{name}> /join" for name in TABLE[1:]] + [f"{TABLE[0]}> /start"]
    images: dict[int, Image] = {}
    while not game.is_over(state):
        seat = min(game.to_act(state))
        before, start, turn = state, state.round, []
        while not game.is_over(state) and state.round == start and seat in game.to_act(state):
            action = choose_action(chooser, game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, action)
            turn.append(action)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        images[len(images) + 1] = image_for(game, before, state, seat)
        if len(images) == 7:
            lines.append(f"{players[seat]}> /status")
    return [*lines, f"{TABLE[0]}> /board"], state, images


async def test_a_three_player_game_posts_the_board_once_a_round_and_each_part_privately(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final, images = _round_script()
    await run_script(tmp_path, lines)

    out = capsys.readouterr().out
    boards = {path.name for path in (tmp_path / "boards").iterdir()}
    public = move_boards(boards, len(images))
    expected = {0} | {n for n, image in images.items() if image == "public"}
    assert public == {f"1-{n}.png" for n in expected}
    # One public board per round (the keeping of the monuments is one more) and the start.
    assert len(public) == final.round + 2
    # Every other /move line shows its player their own board, privately.
    parts = [n for n, image in images.items() if image == "personal"]
    assert len(parts) + len(public) - 1 == len(images) > 2 * len(public)
    assert all(any(name.startswith(f"1-{n}-seat") for name in boards) for n in parts)
    assert out.count("(only ") >= len(parts)
    # Words: the round's resource where it came from, and your own town in /status.
    assert "Round 2: the resource is " in out and ", from the resource card." in out
    assert "Round 3: everyone chooses their own resource." in out
    assert "Your town: " in out and "Your monument: " in out
