"""The arena: seeded games between bot levels, with honest strength and speed figures.

`run_arena` plays N games, the levels rotated over the seats from game to game, and returns
one JSON-ready object: per level the wins (a shared first place is split), the win rate, the
mean score and the decision times. Everything but the times follows from the arguments: each
game's seed and each decision's seed are drawn from the arena's seed. The searches run to
their budgets with no time limit, so that a loaded machine cannot change a game (a table's
bot is cut short at `MAX_SECONDS`; `time_capped` counts the choices that took longer).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import BadOptions
from engine.core.game import Game, OptionValue
from engine.core.registry import get
from engine.core.rng import Rng

from . import MAX_SECONDS, decide
from .levels import level

#: A game still running after this many actions is stopped and counted as unfinished.
MAX_ACTIONS = 20_000


@dataclass
class LevelFigures:
    seats: int = 0
    wins: float = 0.0
    points: float = 0.0
    times_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    capped: int = 0

    def summary(self) -> dict[str, Any]:
        times = sorted(self.times_ms)
        cpu = sorted(self.cpu_ms)
        return {
            "games": self.seats,
            "wins": round(self.wins, 2),
            "win_rate": round(self.wins / self.seats, 4) if self.seats else 0.0,
            "mean_score": round(self.points / self.seats, 2) if self.seats else 0.0,
            "decisions": len(times),
            "mean_decision_ms": round(statistics.fmean(times), 2) if times else 0.0,
            "p95_decision_ms": round(percentile(times, 0.95), 2) if times else 0.0,
            "max_decision_ms": round(times[-1], 2) if times else 0.0,
            "p95_decision_cpu_ms": round(percentile(cpu, 0.95), 2) if cpu else 0.0,
            "time_capped": self.capped,
        }


def percentile(ordered: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of an ascending sequence."""
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


@dataclass
class GameRecord:
    levels: list[str]
    scores: list[int]
    winners: list[int]
    actions: int
    finished: bool
    #: Per level: how long each of its decisions took (on the clock and in this process's CPU
    #: time, which a busy machine does not inflate), and how many the time limit cut short.
    times_ms: dict[str, list[float]]
    cpu_ms: dict[str, list[float]]
    capped: dict[str, int]


@dataclass(frozen=True)
class Fixture:
    """One game of an arena: everything needed to play it, in any process."""

    game: str
    levels: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, OptionValue], ...]


def play_game(fixture: Fixture) -> GameRecord:
    """One game, seat i played by `fixture.levels[i]`, timing every decision."""
    game = get(fixture.game)
    levels = fixture.levels
    players = [f"p{seat + 1}" for seat in range(len(levels))]
    state = game.new_game(players, fixture.seed, dict(fixture.options))
    seeds = Rng(seed=fixture.seed ^ 0xA11CE)
    times: dict[str, list[float]] = {name: [] for name in levels}
    cpu: dict[str, list[float]] = {name: [] for name in levels}
    capped = dict.fromkeys(levels, 0)
    actions = 0
    while not game.is_over(state) and actions < MAX_ACTIONS:
        seat = min(game.to_act(state))
        name = levels[seat]
        started, cpu_started = time.perf_counter(), time.process_time()
        decision = decide(game, state, seat, name, seeds.next_u64(), max_seconds=None)
        seconds = time.perf_counter() - started
        times[name].append(seconds * 1000)
        cpu[name].append((time.process_time() - cpu_started) * 1000)
        capped[name] += seconds > MAX_SECONDS
        state = game.apply(state, seat, decision.action).state
        actions += 1
    finished = game.is_over(state)
    winners = game.ranking(state)[0] if finished else []
    return GameRecord(
        list(levels), game.scores(state), winners, actions, finished, times, cpu, capped
    )


def run_arena(
    game: Game[Any],
    levels: Sequence[str],
    games: int,
    seed: int,
    options: Mapping[str, OptionValue] | None = None,
    progress: Callable[[int, GameRecord], None] | None = None,
    map_games: Callable[[Callable[[Fixture], GameRecord], list[Fixture]], Iterable[GameRecord]]
    | None = None,
    first: int = 1,
) -> dict[str, Any]:
    """Play games `first`..`games` of a `games`-game schedule between `levels` (one seat
    each) and sum up every level's figures.

    `map_games` plays the fixtures (the built-in `map` by default); a caller may pass a process
    pool's `map` to play several games at once: every game is seeded on its own, so the
    figures are the same (but the times). For the same reason a long run can be split: the
    games `first`..`games` are exactly the ones a whole run plays at those numbers.
    `progress` gets each game's index in the whole schedule (0 for game 1).
    """
    names = [level(name).name for name in levels]
    count = len(names)
    if not game.info.min_players <= count <= game.info.max_players:
        raise BadOptions(
            f"{game.info.name} is for {game.info.min_players}–{game.info.max_players} "
            f"players, so give that many bots, not {count}."
        )
    if games < 1:
        raise BadOptions(f"--games must be at least 1, not {games}.")
    if not 1 <= first <= games:
        raise BadOptions(f"--first must be a game from 1 to {games}, not {first}.")
    game.info.resolve_options(options)  # a bad option is refused before any game is played
    seeds = Rng(seed=seed)
    fixtures = []
    for index in range(games):
        shift = index % count
        seated = tuple(names[shift:] + names[:shift])
        fixture_options = tuple((options or {}).items())
        fixtures.append(Fixture(game.info.key, seated, seeds.next_u64() >> 1, fixture_options))
    figures = {name: LevelFigures() for name in names}
    unfinished = 0
    total_actions = 0
    played = fixtures[first - 1 :]
    records = (map_games or map)(play_game, played)
    for index, record in enumerate(records, start=first - 1):
        total_actions += record.actions
        unfinished += not record.finished
        for seat, name in enumerate(record.levels):
            figures[name].seats += 1
            figures[name].points += record.scores[seat]
            if seat in record.winners:
                figures[name].wins += 1 / len(record.winners)
        for name, times in record.times_ms.items():
            figures[name].times_ms.extend(times)
            figures[name].cpu_ms.extend(record.cpu_ms[name])
            figures[name].capped += record.capped[name]
        if progress is not None:
            progress(index, record)
    return {
        "game": game.info.key,
        "bots": names,
        "games": games,
        "first": first,
        "seed": seed,
        "options": dict(options or {}),
        "unfinished": unfinished,
        "mean_actions": round(total_actions / len(played), 1),
        "levels": {name: figures[name].summary() for name in dict.fromkeys(names)},
    }
