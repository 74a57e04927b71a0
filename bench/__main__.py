"""`python -m bench`: measure every game, print a table, write bench/results.json."""

from __future__ import annotations

import argparse
import json
import resource
from pathlib import Path
from typing import Any

import engine

from .ai_bench import measure_ai
from .discord_bench import measure_discord
from .engine_bench import measure_playouts, measure_steps
from .refusal_bench import measure_refusals
from .render_bench import measure_render
from .service_bench import measure_acts

RESULTS = Path(__file__).with_name("results.json")
TARGETS = {
    "render_ms_median": 50.0,
    "act_ms_p95": 120.0,
    "act_ms_late_over_early": 1.3,
    "discord_ms_p95": 500.0,
    "refuse_long_over_short": 1.2,
    "ai_normal_decision_ms_p95": 1000.0,
    "ai_strong_decision_ms_p95": 3000.0,
}
#: Figures that must reach at least their target (win rates of issue 13).
MINIMA = {
    "ai_normal_vs_random_winrate": 0.9,
    "ai_strong_vs_normal_winrate": 0.6,
}


def measure(game: Any) -> dict[str, float]:
    figures = measure_playouts(game)
    steps, states = measure_steps(game)
    figures.update(steps)
    figures.update(measure_render(game, states))
    figures.update(measure_acts(game))
    figures.update(measure_refusals(game))
    figures.update(measure_discord(game))
    figures.update(measure_ai(game))
    return figures


def print_table(results: dict[str, Any]) -> None:
    for key, figures in results.items():
        if not isinstance(figures, dict):
            continue
        print(f"\n{key}")
        for name, value in figures.items():
            print(f"  {name:<28} {value:>12.3f}{verdict(name, value)}")
    if "rss_mb" in results:
        print(f"\nrss_mb {results['rss_mb']:.1f}")


def verdict(name: str, value: float) -> str:
    if name in TARGETS:
        target = TARGETS[name]
        return f"  (target ≤ {target:g})  " + ("ok" if value <= target else "OVER TARGET")
    if name in MINIMA:
        least = MINIMA[name]
        return f"  (target ≥ {least:g})  " + ("ok" if value >= least else "UNDER TARGET")
    return ""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("games", nargs="*", help="game keys to measure (default: every game)")
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    parser.add_argument(
        "--ai-only",
        action="store_true",
        help="measure only the bots and update their figures in the existing JSON",
    )
    args = parser.parse_args(argv)
    chosen = [engine.get(key) for key in args.games] if args.games else engine.all_games()
    results: dict[str, Any] = {}
    if args.ai_only and args.out.exists():
        results = json.loads(args.out.read_text())
    for game in chosen:
        print(f"measuring {game.info.key} ...", flush=True)
        if args.ai_only:
            results.setdefault(game.info.key, {}).update(measure_ai(game))
        else:
            results[game.info.key] = measure(game)
    if not args.ai_only:
        results["rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print_table(results)
    print(f"\nwritten to {args.out}")


if __name__ == "__main__":
    main()
