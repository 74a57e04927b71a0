"""The reference every speed ratio divides by: python-chess playing random legal moves.

A ply is what one of our actions is: list the legal moves of the position (python-chess
generates them), pick one at random, play it, and ask whether the game has ended
(`Board.is_game_over()`: mate, stalemate, insufficient material, the 75-move rule or a
fivefold repetition — no draw needs claiming). Every figure is measured in the same run as
ours, interleaved with it, so the machine's speed and its neighbours' load cancel out.
"""

from __future__ import annotations

import random

import chess


def _random_ply(board: chess.Board, rng: random.Random) -> None:
    moves = list(board.legal_moves)
    board.push(moves[rng.randrange(len(moves))])


def random_games(games: int, seed: int) -> int:
    """Play `games` whole games of random moves from the start position; the plies played."""
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            _random_ply(board, rng)
        plies += board.ply()
    return plies


def random_plies(plies: int, seed: int) -> int:
    """Play `plies` random plies, from the start position and again after each game ends;
    the games begun."""
    rng = random.Random(seed)
    board = chess.Board()
    games = 1
    for _ in range(plies):
        if board.is_game_over():
            board = chess.Board()
            games += 1
        _random_ply(board, rng)
    return games
