"""Bot figures: who beats whom, and how long a decision takes, from seeded arena games.

Each pairing plays AI_GAMES two-player games with seats rotated (engine/ai/arena.py): few, so
that the group stays affordable, which makes its win rates a check, not a measurement (±15
points); the tables with 200 games per pairing are in docs/bots.md. Decision times are wall
clock, so they grow when the machine is busy; their CPU-time companions do not.
"""

from __future__ import annotations

from typing import Any

from engine.ai.arena import run_arena
from engine.core.game import Game

AI_GAMES = 10
SEED = 2026
PAIRINGS = (("normal", "random"), ("strong", "normal"))


def measure_ai(game: Game[Any]) -> dict[str, float]:
    figures: dict[str, float] = {}
    for better, other in PAIRINGS:
        result = run_arena(game, [better, other], AI_GAMES, SEED)
        figures[f"ai_{better}_vs_{other}_winrate"] = result["levels"][better]["win_rate"]
        for level in (better, other):
            if level == "random":
                continue
            stats = result["levels"][level]
            figures[f"ai_{level}_decision_ms_mean"] = stats["mean_decision_ms"]
            figures[f"ai_{level}_decision_ms_p95"] = stats["p95_decision_ms"]
            figures[f"ai_{level}_decision_cpu_ms_p95"] = stats["p95_decision_cpu_ms"]
    return figures
