"""Renderer figures: time to draw a board and the PNG's size."""

from __future__ import annotations

import statistics
import time
from typing import Any

from engine.core.game import Game
from render import render_png

from .stats import percentile

SAMPLES = 60


def measure_render(game: Game[Any], states: list[Any]) -> dict[str, float]:
    """Median and 95th percentile render time over states spread across a game; largest PNG."""
    step = max(1, len(states) // SAMPLES)
    times: list[float] = []
    sizes: list[int] = []
    for state in states[::step]:
        view = game.view(state, None)
        started = time.perf_counter_ns()
        png = render_png(game.info.key, view)
        times.append((time.perf_counter_ns() - started) / 1e6)
        sizes.append(len(png))
    return {
        "render_ms_median": statistics.median(times),
        "render_ms_p95": percentile(times, 0.95),
        "png_bytes": max(sizes),
    }
