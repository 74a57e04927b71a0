"""Replay figures (issue 14): the animated replay of the longest random game, against
Discord's upload limit.

Random playouts of every player count (default options, `SEEDS` seeds each) are played; the
one with the most actions is drawn as `/replay` draws a whole game — the public board after
every action, rendered and animated by `render.animation.animate` — and its size, width,
thinning step and drawing time are recorded.
"""

from __future__ import annotations

import time
from typing import Any

from engine.core.game import Game
from engine.core.playout import random_playout
from render import render_png
from render.animation import UPLOAD_LIMIT, animate

SEEDS = 8
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]


def longest_playout(game: Game[Any]) -> tuple[list[str], int, list[tuple[int, str]]]:
    """(players, seed, log) of the longest finished random game over the seeds and counts."""
    best: tuple[list[str], int, list[tuple[int, str]]] = ([], 0, [])
    low = max(2, game.info.min_players)
    for count in range(low, game.info.max_players + 1):
        players = NAMES[:count]
        for seed in range(1, SEEDS + 1):
            playout = random_playout(game, players, seed)
            if playout.finished and len(playout.log) > len(best[2]):
                best = (players, seed, playout.log)
    return best


def measure_replay(game: Game[Any]) -> dict[str, float]:
    players, seed, log = longest_playout(game)
    started = time.perf_counter()
    state = game.new_game(players, seed)
    key = game.info.key
    pngs = [render_png(key, game.view(state, None))]
    captions = ["the start"]
    for number, (seat, text) in enumerate(log, start=1):
        state, _ = game.apply(state, seat, text)
        pngs.append(render_png(key, game.view(state, None)))
        captions.append(f"#{number} {players[seat]}: {text}")
    animation = animate(pngs, captions)
    return {
        "replay_actions_longest": len(log),
        "replay_players": len(players),
        "replay_bytes": len(animation.gif),
        "replay_over_limit": len(animation.gif) / UPLOAD_LIMIT,
        "replay_width": animation.width,
        "replay_step": animation.step,
        "replay_draw_s": time.perf_counter() - started,
    }
