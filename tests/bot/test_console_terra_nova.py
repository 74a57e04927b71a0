"""A whole 4-player game of Terra Nova with the book's first-game set-up at the console, from
/newgame to the final scores, with the real engine and renderer. The moves come from a seeded
random playout of legal actions, sent a whole turn (exchanges, the action, a town tile) per
/move line; the seed's game founds a town."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine
from bot.config import Settings
from bot.console import run_console
from bot.service.texts import ranking_line, scores_line
from engine.core import Rng
from engine.core.game import Game
from engine.core.playout import choose_action
from engine.games.terra_nova import TerraNovaState
from engine.games.terra_nova.factions import FACTIONS_BY_KEY
from engine.games.terra_nova.tiles import FIRST_GAMES

GAME = "terra-nova"
SEED = 2039  # a seed whose random game founds a town
JOINED = ["alice", "bob", "carol", "dave"]
OPTIONS = {"first_game": True}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _turn(
    game: Game[TerraNovaState], state: TerraNovaState, seat: int, chooser: Rng
) -> tuple[list[str], TerraNovaState]:
    """Random legal parts of one whole turn of `seat`: exchanges, then the action, then a town
    tile if the action founded a town (the same seat may have the next turn too)."""
    turn: list[str] = []
    while True:
        action = choose_action(chooser, game.legal_actions(state, seat))
        state, _ = game.apply(state, seat, action)
        turn.append(action)
        if game.is_over(state) or (not action.startswith("exchange ") and not state.acted):
            return turn, state


def _script() -> tuple[list[str], str, int, list[str]]:
    """The console lines of a whole game, the expected final-scores text, the number of /move
    lines and each seat's player with their faction as the events name them."""
    game = engine.get(GAME)
    players = list(JOINED)
    Rng(seed=SEED).shuffle(players)  # the service seats players in this order
    state = game.new_game(players, SEED, OPTIONS)
    factions = [seat.faction for seat in state.seats]
    assert factions == list(FIRST_GAMES[4].factions)
    named = [
        f"{name} ({FACTIONS_BY_KEY[key].name})" for name, key in zip(players, factions, strict=True)
    ]
    chooser = Rng(seed=SEED ^ 0x5EED)
    lines = [f"{JOINED[0]}> /newgame game:{GAME} seed:{SEED} first_game:true"]
    lines += [f"{name}> /join" for name in JOINED[1:]] + [f"{JOINED[0]}> /start"]
    moves = 0
    while not game.is_over(state):
        seat = min(game.to_act(state))
        turn, state = _turn(game, state, seat, chooser)
        lines.append(f"{players[seat]}> /move action:{'; '.join(turn)}")
        moves += 1
        if moves == 5:
            lines += [f"{players[0]}> /status", f"{players[1]}> /history count:3"]
    scores = game.scores(state)
    final = (
        f"Final scores: {scores_line(players, scores)}.\n"
        f"Ranking: {ranking_line(players, scores, game.ranking(state))}"
    )
    return [*lines, f"{JOINED[0]}> /board"], final, moves, named


async def test_a_whole_four_player_first_game_at_the_console(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, final, moves, named = _script()
    script = tmp_path / "game.txt"
    script.write_text("\n".join(lines) + "\n")
    settings = Settings(
        _env_file=None, database_path=tmp_path / "game.db", board_dir=tmp_path / "boards"
    )
    assert await run_console(settings, script=script, strict=True) == 0
    out = capsys.readouterr().out
    assert f"Game over at table #1 (Terra Nova). {final}" in out
    assert "first_game=True" in out
    assert all(f"• {player} " in out for player in named)  # the book's four factions
    assert " founds a town: " in out and " takes the town tile " in out
    assert "• Round 5 begins" in out and "• The fifth round ends: final scoring" in out
    boards = {path.name: path.read_bytes() for path in (tmp_path / "boards").iterdir()}
    assert {f"1-{n}.png" for n in range(moves + 1)} <= set(boards)
    assert all(png.startswith(PNG_SIGNATURE) for png in boards.values())
    assert f"board: {tmp_path / 'boards' / f'1-{moves}.png'}" in out
