"""The goals the bench holds figures to, and its table (bench/goals.py)."""

from __future__ import annotations

from bench.goals import Goal, goal_of, goal_rows, goal_table

GAMES = {"terra-nova", "tiny-towns"}


def test_a_limit_is_met_up_to_it_and_a_floor_from_it() -> None:
    limit, floor = Goal(0.15), Goal(1.0, at_least=True)
    assert [limit.verdict(v) for v in (0.1, 0.15, 0.2)] == ["ok", "ok", "OVER"]
    assert [floor.verdict(v) for v in (0.9, 1.0, 1.1)] == ["UNDER", "ok", "ok"]
    assert (limit.text(), floor.text()) == ("≤ 0.15", "≥ 1")


def test_the_playout_goal_is_half_for_terra_nova_and_whole_for_the_others() -> None:
    assert goal_of("terra-nova", "playout_over_chess", GAMES) == Goal(0.5, at_least=True)
    assert goal_of("tiny-towns", "playout_over_chess", GAMES) == Goal(1.0, at_least=True)
    assert goal_of("tiny-towns", "act_over_chess_1k", GAMES) == Goal(0.15)
    assert goal_of("memory", "rss_mb", GAMES) == Goal(150)
    assert goal_of("tiny-towns", "act_ms_p50", GAMES) is None
    assert goal_of("memory", "act_over_chess_1k", GAMES) is None


def test_the_table_shows_each_figure_with_a_goal_beside_it() -> None:
    results = {
        "tiny-towns": {"playout_over_chess": 0.52, "act_ms_p50": 40.0},
        "memory": {"rss_mb": 120.0},
        "run": {"date": "2025-01-01"},
    }
    assert [row[:2] for row in goal_rows(results, GAMES)] == [
        ("tiny-towns", "playout_over_chess"),
        ("memory", "rss_mb"),
    ]
    lines = goal_table(results, GAMES).splitlines()
    assert lines[1].split() == ["tiny-towns", "playout_over_chess", "0.520", "≥", "1", "UNDER"]
    assert lines[2].split() == ["memory", "rss_mb", "120.000", "≤", "150", "ok"]


def test_the_board_after_the_text_is_shown_under_the_act_without_a_goal() -> None:
    """`act_over_chess_1k` times the act up to its reply's text: the board's time after it
    stands under it, plainly without a goal."""
    results = {"tiny-towns": {"act_over_chess_1k": 0.12, "image_after_text_ms_p50": 9.5}}
    lines = goal_table(results, GAMES).splitlines()
    assert lines[1].split() == ["tiny-towns", "act_over_chess_1k", "0.120", "≤", "0.15", "ok"]
    assert lines[2].split()[:3] == ["image_after_text_ms_p50", "9.500", "-"]
    assert "the board follows the text" in lines[2]
    assert len(lines) == 3
