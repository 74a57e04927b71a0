"""The bench's arithmetic (bench/stats.py): nothing here is timed."""

from __future__ import annotations

import pytest

from bench.stats import (
    alternating,
    count_within,
    interleaved,
    late_window,
    percentile,
    ratio_of_medians,
)


def test_percentile_takes_the_nearest_rank_of_the_sorted_values() -> None:
    values = [float(n) for n in (9, 1, 5, 3, 7, 2, 8, 4, 6, 10)]
    assert percentile(values, 0.0) == 1
    assert percentile(values, 0.5) == 5  # index round(4.5) = 4 of 0–9
    assert percentile(values, 0.95) == 10
    assert percentile(values, 1.0) == 10
    assert percentile([3.0], 0.95) == 3


def test_ratio_of_medians_divides_the_medians_not_the_means() -> None:
    assert ratio_of_medians([1.0, 2.0, 100.0], [1.0, 1.0, 50.0]) == 2.0


def test_alternating_swaps_who_goes_first_every_round() -> None:
    assert list(alternating(4)) == [0, 1, 1, 0, 0, 1, 1, 0]


def test_interleaved_runs_both_in_turns_and_keeps_each_ones_results() -> None:
    calls: list[str] = []

    def first() -> str:
        calls.append("A")
        return f"a{calls.count('A')}"

    def second() -> int:
        calls.append("B")
        return calls.count("B")

    firsts, seconds = interleaved(3, first, second)
    assert "".join(calls) == "ABBAAB"
    assert firsts == ["a1", "a2", "a3"]
    assert seconds == [1, 2, 3]


def test_count_within_runs_at_least_once_and_counts_the_runs() -> None:
    runs: list[int] = []
    assert count_within(0.0, runs.append) == 1
    assert runs == [0]


def test_the_late_window_is_moves_290_to_300_or_a_short_games_last_eleven() -> None:
    assert late_window(300) == (290, 300)
    assert late_window(331) == (290, 300)
    assert late_window(96) == (86, 96)
    assert late_window(299) == (289, 299)


def test_a_game_too_short_for_both_windows_is_refused() -> None:
    with pytest.raises(ValueError, match="too short"):
        late_window(25)
