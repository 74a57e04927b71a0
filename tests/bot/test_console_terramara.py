"""A whole advanced game of Terramara for three at the console, from /newgame to the final
scores, with the real engine and renderer: the neutral scouts, the draft of persons and start
cards, five rounds with raids, and the commands a player uses on the way (/legal with a
filter, /status, /history, /board, /rules). The moves come from a seeded random playout of
legal actions, sent a whole turn per /move line."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from tests.bot.helpers import move_boards, run_script
from tests.support.announcing import Image, image_for
from tests.support.terramara_turns import whole_turn
from tests.support.words import english

GAME = "terramara"
SEED = 2019
JOINED = ["alice", "bob", "carol"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _script() -> tuple[list[str], str, list[Image]]:
    """The console lines of a whole game, the expected final text, and the image each /move
    line brings (the n-th stores action n)."""
    game = engine.get(GAME)
    players = list(JOINED)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED)
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{JOINED[0]}> /newgame game:{GAME} seed:{SEED}"]
    lines += [f"{name}> /join" for name in JOINED[1:]] + [f"{JOINED[0]}> /start"]
    images: list[Image] = []
    while not game.is_over(state):
        seat = min(game.to_act(state))
        before = state
        turn, state = whole_turn(game, state, seat, chooser)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        images.append(image_for(game, before, state, seat))
        if len(images) == 20:
            lines += [
                f"{players[seat]}> /status",
                f"{players[0]}> /history count:3",
                f"{players[1]}> /legal filter:place",
            ]
    scores = game.scores(state)
    final = "\n".join(
        [
            *english(game.outcome(state)),
            f"Final scores: {scores_line(players, scores)}.",
            f"Ranking: {ranking_line(players, scores, game.ranking(state))}",
        ]
    )
    return [*lines, f"{JOINED[0]}> /board", f"{JOINED[1]}> /rules game:{GAME}"], final, images


async def test_a_whole_advanced_terramara_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final, images = _script()
    moves = len(images)
    await run_script(tmp_path, lines)
    out = capsys.readouterr().out
    assert f"Game over at table #1 (Terramara): {final}" in out
    assert " picks person P" in out and " picks start resource card S" in out
    assert " raids" in out
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    # The public board at the start and after every move that shows something new (a `done`
    # alone does not); a raided player's hand-over while others still owe theirs brings
    # their own board (and so does /status after move 20).
    public = {0} | {n for n, image in enumerate(images, 1) if image == "public"}
    personal = {n for n, image in enumerate(images, 1) if image == "personal"}
    assert move_boards(boards, moves) == {f"1-{n}.png" for n in public}
    assert {name.split("-seat")[0] for name in boards if "seat" in name} == {
        f"1-{n}" for n in personal | {20}
    }
    assert len(public) < moves and personal
    assert "Round 3 of 5: " in out and "Your stock: " in out
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
    assert f"board: {tmp_path / 'boards' / f'1-{moves}.png'}" in out
