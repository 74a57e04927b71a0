"""A whole game of Terra Nova (2006) at the console, from /newgame to the final scores, with
the real engine and renderer. The moves come from a seeded random playout of legal actions,
sent a whole turn per /move line."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from engine.core.playout import choose_action
from tests.bot.helpers import move_boards, run_script
from tests.support.announcing import Image, image_for, play_forced
from tests.support.words import english

GAME = "terra-nova-2006"
SEED = 2006
JOINED = ["alice", "bob", "carol"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _script() -> tuple[list[str], str, dict[int, Image]]:
    """The console lines of a whole game, the expected final text, and the image each /move
    line brings, by the number of the last action it stored."""
    game = engine.get(GAME)
    players = list(JOINED)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED)
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{JOINED[0]}> /newgame game:{GAME} seed:{SEED}"]
    lines += [f"{name}> /join" for name in JOINED[1:]] + [f"{JOINED[0]}> /start"]
    images: dict[int, Image] = {}  # by the number of the last action a /move line stored
    number = 0
    while not game.is_over(state):
        (seat,) = game.to_act(state)
        before, turn = state, []
        while not game.is_over(state) and game.to_act(state) == {seat} and len(turn) < 3:
            action = choose_action(chooser, game.legal_actions(state, seat))
            state, _ = game.apply(state, seat, action)
            turn.append(action)
        state, forced = play_forced(game, state)  # a boxed-in player passes without a line
        number += 1 + forced
        images[number] = image_for(game, before, state, seat)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        if len(images) == 5:
            lines += [f"{players[0]}> /status", f"{players[1]}> /history count:3"]
    scores = game.scores(state)
    final = "\n".join(
        [
            *english(game.outcome(state)),
            f"Final scores: {scores_line(players, scores)}.",
            f"Ranking: {ranking_line(players, scores, game.ranking(state))}",
        ]
    )
    return [*lines, f"{JOINED[0]}> /board"], final, images


async def test_a_whole_terra_nova_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final, images = _script()
    moves = max(images)
    await run_script(tmp_path, lines)
    out = capsys.readouterr().out
    assert f"Game over at table #1 (Terra Nova (2006)): {final}" in out
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    # A board after every turn that changes the island (a pass does not), and at the start.
    public = {0} | {n for n, image in images.items() if image == "public"}
    assert move_boards(boards, moves) == {f"1-{n}.png" for n in public}
    assert "Placement, turn 2: " in out and " has 3 actions, the first a move; " in out
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
    assert f"board: {tmp_path / 'boards' / f'1-{moves}.png'}" in out
