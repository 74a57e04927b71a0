"""`python -m bench`: measure, print each figure beside its goal, update bench/results.json.

Without arguments every figure group of every game, the store and the memory are measured.
Naming games measures only those games; `--only GROUP` (repeatable) only those groups. The
figures not measured are kept as they are in the results file. bench/README.md explains
every figure and how it is measured.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import chess

import engine
from engine.core.game import Game

from .ai_bench import measure_ai
from .backends_bench import measure_backends
from .discord_bench import measure_discord
from .engine_bench import measure_playouts, measure_steps
from .goals import goal_of, goal_table
from .late_bench import measure_late
from .memory_bench import measure_memory
from .refusal_bench import measure_refusals
from .replay_bench import measure_replay
from .scale_bench import measure_scale
from .service_bench import measure_acts
from .store_bench import measure_store

RESULTS = Path(__file__).with_name("results.json")

#: Each game's figure groups, in the order they are measured.
GAME_GROUPS: dict[str, Callable[[Game[Any]], dict[str, float]]] = {
    "playout": measure_playouts,
    "steps": measure_steps,
    "acts": measure_acts,
    "late": measure_late,
    "refusal": measure_refusals,
    "discord": measure_discord,
    "replay": measure_replay,
    "ai": measure_ai,
}
#: The groups that are no game's, each kept in results[<its name>].
OTHER_GROUPS: dict[str, Callable[[], dict[str, float]]] = {
    "store": measure_store,
    "backends": measure_backends,
    "memory": measure_memory,
    "scale": measure_scale,
}
#: What the last whole run measured, when, how long it took, the load; and the last partial run.
RUN = "run"
PARTIAL_RUN = "partial_run"


def chosen_groups(games_named: bool, only: list[str]) -> tuple[list[str], list[str]]:
    """The game groups and the other groups to measure. Named games alone mean their
    groups only; `--only` means just those groups (of the named games, or of all)."""
    wanted = set(only) if only else set(GAME_GROUPS) | set(OTHER_GROUPS)
    game_groups = [group for group in GAME_GROUPS if group in wanted]
    others = [group for group in OTHER_GROUPS if group in wanted and (only or not games_named)]
    return game_groups, others


def merge(old: dict[str, Any], new: dict[str, Any], whole: set[str]) -> dict[str, Any]:
    """`old` results with `new`'s figures written over them: a section in `whole` (measured
    in full) replaces its old one — figures no longer measured go —, any other section's
    figures are updated one by one."""
    merged = dict(old)
    for section, figures in new.items():
        if section in whole or not isinstance(merged.get(section), dict):
            merged[section] = figures
        else:
            merged[section] = {**merged[section], **figures}
    return merged


def print_table(results: dict[str, Any]) -> None:
    games = {game.info.key for game in engine.all_games()}
    for section, figures in results.items():
        if section in (RUN, PARTIAL_RUN) or not isinstance(figures, dict):
            continue
        print(f"\n{section}")
        for name, value in figures.items():
            goal = goal_of(section, name, games)
            verdict = "" if goal is None else f"  (goal {goal.text()})  {goal.verdict(value)}"
            print(f"  {name:<29} {value:>12.3f}{verdict}")
    print("\nGoals (issue 12 and before):")
    print(goal_table(results, games))
    for key in (RUN, PARTIAL_RUN):
        if isinstance(results.get(key), dict):
            print(f"\n{key}: {json.dumps(results[key])}")


class LoadLog:
    """The machine's 1-minute load average, read whenever a group starts."""

    def __init__(self) -> None:
        self.samples: list[float] = []

    def sample(self) -> None:
        self.samples.append(os.getloadavg()[0])

    def summary(self) -> dict[str, float]:
        return {
            "load_1m_mean": sum(self.samples) / len(self.samples),
            "load_1m_max": max(self.samples),
        }


def measure(
    games: list[Game[Any]], game_groups: list[str], others: list[str], load: LoadLog
) -> dict[str, Any]:
    """The figures of `game_groups` for each of `games`, then of `others`, by section."""
    new: dict[str, Any] = {}
    for game in games:
        new[game.info.key] = {}
        for group in game_groups:
            print(f"measuring {game.info.key}: {group} ...", flush=True)
            load.sample()
            new[game.info.key].update(GAME_GROUPS[group](game))
    for group in others:
        print(f"measuring {group} ...", flush=True)
        load.sample()
        new[group] = OTHER_GROUPS[group]()
    load.sample()
    return new


def run_info(measured: list[str], seconds: float, load: LoadLog) -> dict[str, Any]:
    """What a run measured, when, in how long, at what load, with which versions."""
    return {
        "date": datetime.now(UTC).date().isoformat(),
        "measured": measured,
        "seconds": round(seconds),
        **load.summary(),
        "cpus": os.cpu_count() or 0,
        "python": platform.python_version(),
        "python_chess": chess.__version__,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("games", nargs="*", help="game keys to measure (default: every game)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        choices=[*GAME_GROUPS, *OTHER_GROUPS],
        help="measure only this figure group (repeatable); keep the other figures",
    )
    parser.add_argument(
        "--store-only", action="store_true", help="the same as --only store (kept for habit)"
    )
    parser.add_argument("--out", type=Path, default=RESULTS, help="where to write the JSON")
    args = parser.parse_args(argv)
    only = [*args.only, *(["store"] if args.store_only else [])]
    game_groups, others = chosen_groups(bool(args.games), only)
    games = [engine.get(key) for key in args.games] if args.games else engine.all_games()
    started = time.perf_counter()
    load = LoadLog()
    new = measure(games if game_groups else [], game_groups, others, load)
    measured = [f"{game.info.key}: {', '.join(game_groups)}" for game in games if game_groups]
    run = run_info(measured + others, time.perf_counter() - started, load)
    # A whole run starts afresh (a figure no longer measured goes); a partial one keeps the rest.
    partial = bool(args.games or only)
    new[PARTIAL_RUN if partial else RUN] = run
    whole = set(others) | {PARTIAL_RUN}
    if game_groups == list(GAME_GROUPS):
        whole |= {game.info.key for game in games}
    old = json.loads(args.out.read_text()) if partial and args.out.exists() else {}
    results = merge(old, new, whole)
    args.out.write_text(json.dumps(results, indent=2) + "\n")
    print_table(results)
    print(f"\nwritten to {args.out} in {run['seconds']} s")


if __name__ == "__main__":
    main()
