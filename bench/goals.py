"""The goals the figures are held to, and the table that shows each figure beside its goal."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Goal:
    """A figure's goal: at most `limit` or, with `at_least`, at least `limit`."""

    limit: float
    at_least: bool = False

    def met(self, value: float) -> bool:
        return value >= self.limit if self.at_least else value <= self.limit

    def text(self) -> str:
        return f"{'≥' if self.at_least else '≤'} {self.limit:g}"

    def verdict(self, value: float) -> str:
        """`ok`, or how the figure misses: `OVER` a limit, `UNDER` a floor."""
        if self.met(value):
            return "ok"
        return "UNDER" if self.at_least else "OVER"


#: Goals of every game's figures (issue 12 and the issues before it).
GAME_GOALS = {
    "act_over_chess_1k": Goal(0.15),
    "late_over_early_warm": Goal(1.15),
    "db_bytes_per_action": Goal(300),
    "render_ms_median": Goal(50),
    "act_ms_p95": Goal(120),
    "discord_ms_p95": Goal(500),
    "refuse_long_over_short": Goal(1.2),
    # The replay of the longest random game fits Discord's upload limit (issue 14)...
    "replay_over_limit": Goal(1.0),
    # ... with every action shown.
    "replay_step": Goal(1),
    # Bots (issue 13): two-player arena games, seeds fixed (bench/ai_bench.py).
    "ai_normal_vs_random_winrate": Goal(0.9, at_least=True),
    "ai_strong_vs_normal_winrate": Goal(0.6, at_least=True),
    "ai_normal_decision_ms_p95": Goal(1000),
    "ai_strong_decision_ms_p95": Goal(3000),
}
#: Random playouts at least as fast as python-chess's random plies; half as fast for the
#: games with a far larger branching factor and heavier turns.
PLAYOUT_GOAL = Goal(1.0, at_least=True)
PLAYOUT_GOALS = {"terra-nova": Goal(0.5, at_least=True), "terramara": Goal(0.5, at_least=True)}
#: Goals of the figures that are not a game's: results["store"] and results["memory"].
GROUP_GOALS = {
    "store": {
        "reminder_scan_ms_10k": Goal(20),
        # Moves while the reminder scheduler runs as the bot runs it, under a day's
        # reminders sixty times over (issue 8; the decision is in bench/README.md).
        "act_p95_during_scheduler_over_idle": Goal(1.2),
    },
    "memory": {"rss_mb": Goal(150)},
}


def goal_of(section: str, figure: str, games: set[str]) -> Goal | None:
    """The goal of `figure` in results[section] (a game's key, `store` or `memory`)."""
    if section in games:
        if figure == "playout_over_chess":
            return PLAYOUT_GOALS.get(section, PLAYOUT_GOAL)
        return GAME_GOALS.get(figure)
    return GROUP_GOALS.get(section, {}).get(figure)


def goal_rows(results: dict[str, Any], games: set[str]) -> list[tuple[str, str, float, Goal]]:
    """(section, figure, value, goal) of every figure in `results` that has a goal."""
    rows = []
    for section, figures in results.items():
        if not isinstance(figures, dict):
            continue
        for figure, value in figures.items():
            goal = goal_of(section, figure, games)
            if goal is not None and isinstance(value, int | float):
                rows.append((section, figure, float(value), goal))
    return rows


#: Figures without a goal shown under a goal's row, because they tell what the goal's
#: figure is made of: the act is timed up to its reply's text, and the board follows; an
#: act beside the reminder scheduler is timed with its board, its reply alone beside it, and
#: beside those the same acts under loops that run back to back.
BESIDE = {
    "act_over_chess_1k": {
        "image_after_text_ms_p50": "the board follows the text (ms, p50)",
    },
    "act_p95_during_scheduler_over_idle": {
        "act_p95_during_scheduler_over_idle_reply": "the act until its reply only",
        "act_p95_during_scan_over_idle": "scheduler passes back to back instead",
        "act_p95_during_select1_over_idle": "SELECT 1 back to back instead",
        "act_p95_during_scan_over_select1": "what the scan adds to such a loop",
        "load_1m_mean_during_acts": "the machine's load meanwhile",
    },
}


def goal_table(results: dict[str, Any], games: set[str]) -> str:
    """Every figure that has a goal, beside it, with ok / OVER / UNDER — and under it the
    figures that complete it (`BESIDE`), without a goal."""
    lines = [f"{'':<16} {'figure':<30} {'value':>10}  {'goal':<9} verdict"]
    for section, figure, value, goal in goal_rows(results, games):
        lines.append(
            f"{section:<16} {figure:<30} {value:>10.3f}  {goal.text():<9} {goal.verdict(value)}"
        )
        for companion, meaning in BESIDE.get(figure, {}).items():
            shown = results[section].get(companion)
            if isinstance(shown, int | float):
                lines.append(f"{'':<16} {companion:<30} {shown:>10.3f}  {'-':<9} {meaning}")
    return "\n".join(lines)
