"""What `python -m bench` measures for its arguments, and how it keeps the other figures."""

from __future__ import annotations

from bench.__main__ import GAME_GROUPS, OTHER_GROUPS, chosen_groups, merge


def test_no_arguments_measure_everything() -> None:
    assert chosen_groups(False, []) == (list(GAME_GROUPS), list(OTHER_GROUPS))


def test_named_games_alone_measure_only_their_groups() -> None:
    assert chosen_groups(True, []) == (list(GAME_GROUPS), [])


def test_only_measures_just_those_groups() -> None:
    assert chosen_groups(True, ["late"]) == (["late"], [])
    assert chosen_groups(False, ["store"]) == ([], ["store"])
    assert chosen_groups(False, ["memory", "playout"]) == (["playout"], ["memory"])


def test_a_partial_run_updates_its_figures_and_keeps_the_others() -> None:
    old = {
        "terramara": {"playout_over_chess": 0.1, "act_ms_p50": 30.0},
        "tiny-towns": {"playout_over_chess": 0.5},
        "store": {"reminder_scan_ms_10k": 2.0},
    }
    new = {"terramara": {"playout_over_chess": 0.2}, "memory": {"rss_mb": 100.0}}
    assert merge(old, new, whole={"memory"}) == {
        "terramara": {"playout_over_chess": 0.2, "act_ms_p50": 30.0},
        "tiny-towns": {"playout_over_chess": 0.5},
        "store": {"reminder_scan_ms_10k": 2.0},
        "memory": {"rss_mb": 100.0},
    }


def test_a_section_measured_whole_drops_its_figures_no_longer_measured() -> None:
    old = {"terramara": {"act_ms_late_over_early": 0.7, "act_ms_p50": 30.0}}
    new = {"terramara": {"act_ms_p50": 25.0}}
    assert merge(old, new, whole={"terramara"}) == {"terramara": {"act_ms_p50": 25.0}}
