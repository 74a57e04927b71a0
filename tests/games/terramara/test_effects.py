"""Artifact and bonus-tile effects of all four kinds, partial use, once-per-round use."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.games.terramara.scoring import final_scores

from .helpers import GAME, legal, new, occupy, play, play_events, seat_with, task, with_fields


def crafted(card: str, **fields):  # type: ignore[no-untyped-def]
    """ann has just crafted `card` (its immediate effect on the stack)."""
    state = with_fields(new(4), river=[card, "T1a", "W1a", "P1a", "C1a", "T1c", "W1b", "P1c"])
    state = seat_with(state, 0, processed=[5, 5, 5, 5], **fields)
    return play(state, 0, "place scout hut", "stop", "craft 1")


def test_immediate_gains_and_choices() -> None:
    state = crafted("W2a")
    assert state.seats[0].military == 4
    state = crafted("T3c")
    assert state.seats[0].raw == [2, 2, 2, 2] and legal(state, 0)[-1] == "stop"
    state = play(state, 0, "cvt st", "cvt or")
    assert state.seats[0].processed[0] == 6 - 1 and state.seats[0].processed[2] == 6 - 1


def test_choices_of_cards_and_bonus_tiles_may_be_declined_those_of_action_spaces_not() -> None:
    state = crafted("T1a")  # Stone Adze: 2 raw?
    assert legal(state, 0)[-1] == "stop"
    state = play(state, 0, "stop")
    bonus = ["BT1f", *new(4).road_bonus[1:]]  # BT1f on B1: PRC?
    state = with_fields(state, tasks=[task(0, "road", n=1)], road_bonus=bonus)
    state = play(state, 0, "road S B1")
    assert legal(state, 0)[-1] == "stop"
    state = seat_with(with_fields(new(4), round=2), 0, carts=["C1", "C1"])
    state = play(state, 0, "place scout X-1")  # 2 PRC?, 1 cul (H22)
    assert "stop" not in legal(state, 0) and legal(state, 0)[0] == "take ASH"


def test_partial_use_reach_may_stop_early() -> None:
    state = crafted("T3d")
    state = play(state, 0, "road S C1", "stop")
    assert state.seats[0].carts == ["C1", "S"] and state.tasks == []
    assert "done" in legal(state, 0)


def test_the_spear_counts_real_players_with_higher_military() -> None:
    state = crafted("W1d", military=2)  # bob 2, cat 3 and dan 4 (first game): two are higher
    assert state.seats[0].military == 2 + 2


def test_the_chariot_raids_one_level_higher_without_losing_military_then_adds_two() -> None:
    state = seat_with(new(4), 1, raw=[10, 0, 0, 0], military=5)
    state = with_fields(state, river=["W3e", *new(4).river[1:]])
    state = seat_with(state, 0, processed=[0, 0, 3, 2], military=4)
    state, events = play_events(play(state, 0, "place scout hut", "stop"), 0, "craft 1")
    raid = next(e.text for e in events if "raids" in e.text)
    assert "at power level 2" in raid and "bob owes 2" in raid  # levels 2 vs 2: 10 // 5
    assert "cat owes 1, dan owes 1" in raid  # level 1 against 2: 4 tiles // 4
    assert state.seats[0].military == 4 and GAME.to_act(state) == {2, 3}
    state = play(play(state, 2, "give st"), 3, "give ca")
    assert state.seats[0].military == 4 + 2  # "then 2 mil", after the hand-over
    assert state.seats[0].raw == [1 + 3, 1, 1, 2]


def test_the_war_horn_raises_the_raid_level() -> None:
    state = seat_with(new(4), 0, artifacts=["W2d"], military=3)
    state = seat_with(state, 1, raw=[8, 0, 0, 0], military=0)
    state, events = play_events(state, 0, "place scout home raid")
    assert "at power level 2" in events[1].text and "bob owes 2" in events[1].text


def test_terrain_triggers_count_territory_spaces_only() -> None:
    state = seat_with(new(4), 0, artifacts=["T1b", "C1b"])
    state = play(state, 0, "place scout RT1-1 a")  # forest: +1 wd
    assert state.seats[0].raw == [1, 4, 1, 1]
    state = play(seat_with(new(4), 0, artifacts=["C1b"]), 0, "place scout LT1-1 a")
    assert state.seats[0].raw == [1, 1, 1, 1 + 2 + 1]
    state = play(seat_with(new(4), 0, artifacts=["C1b"]), 0, "place scout home recruit")
    assert state.seats[0].raw == [1, 1, 1, 1]


def test_the_battle_standard_scores_scouts_joining_foreign_or_neutral_scouts() -> None:
    state = seat_with(occupy(new(4), {"LT1-1 a": ["s1"]}), 0, artifacts=["W3b"], military=5)
    assert play(state, 0, "place scout LT1-1 a").seats[0].vp == 2
    assert play(state, 0, "place chief LT1-1 a").seats[0].vp == 0


def test_once_per_round_effects_are_used_once_and_reset_at_round_end() -> None:
    state = seat_with(new(4), 0, artifacts=["T3e", "P1d"])
    assert "use T3e" in legal(state, 0) and "use P1d" in legal(state, 0)
    state = play(state, 0, "use T3e", "cvt st", "cvt wd", "stop")
    assert "use T3e" not in legal(state, 0)
    state = play(state, 0, "use P1d")
    # a processed tile may pay where a raw one is asked for
    assert legal(state, 0) == ["trade ASH", "trade TIM", "trade or", "trade ca", "stop"]
    state = play(state, 0, "trade or")
    assert state.seats[0].vp == 2 and state.seats[0].raw == [0, 0, 0, 1]
    with pytest.raises(IllegalAction, match="used this round"):
        GAME.apply(state, 0, "use P1d")


def test_bronze_armour_pays_two_military_for_culture_and_reach() -> None:
    state = seat_with(new(4), 0, artifacts=["W3c"], military=1)
    with pytest.raises(IllegalAction, match="costs 2 military"):
        GAME.apply(state, 0, "use W3c")
    state = play(seat_with(state, 0, military=3), 0, "use W3c")
    assert state.seats[0].military == 1 and state.seats[0].culture == 2


def test_runners_sandals_take_a_scout_back_from_a_home_space() -> None:
    state = seat_with(new(4), 0, artifacts=["C2d"])
    assert "use C2d" not in legal(state, 0)
    state = play(state, 0, "place scout home recruit")
    state = play(state, 0, "use C2d")
    assert state.seats[0].home_scouts == 4 and "recruit" not in state.spaces
    assert state.seats[0].left == ["recruit"]
    state = play(state, 0, "done")
    state = with_fields(state, current=0, step="before")
    with pytest.raises(IllegalAction, match="may not return there"):
        GAME.apply(state, 0, "place scout home recruit")
    state = play(seat_with(new(4), 0, artifacts=["C2d"]), 0, "place scout LT1-1 a")
    assert "use C2d" not in legal(state, 0)
    state = play(seat_with(new(4), 0, artifacts=["C2d"]), 0, "place chief home recruit")
    with pytest.raises(IllegalAction, match="takes back a scout"):
        GAME.apply(state, 0, "use C2d")


def test_bonus_tile_exchanges_with_and_without_a_choice_of_result() -> None:
    state = play(new(4), 0, "place scout hut", "stop")
    state = with_fields(state, tasks=[task(0, "trade", spec="raw? -> 2 cul / 2 rch / 3 mil", n=1)])
    assert "trade st for cul" in legal(state, 0) and "trade ca for mil" in legal(state, 0)
    assert len(legal(state, 0)) == 4 * 3 + 1
    state = play(state, 0, "trade ca for mil")
    assert state.seats[0].military == 4 and state.seats[0].raw == [1, 1, 1, 0]
    state = with_fields(state, tasks=[task(0, "trade", spec="2 raw? -> 5 VP", n=1)])
    assert legal(state, 0) == ["trade st wd", "trade st or", "trade wd or", "stop"]
    state = play(state, 0, "trade st wd")
    assert state.seats[0].vp == 5 and state.seats[0].raw == [0, 0, 1, 0]
    state = seat_with(state, 0, processed=[0, 0, 0, 1])
    state = with_fields(state, tasks=[task(0, "trade", spec="PRC? -> 5 VP", n=1)])
    assert legal(state, 0) == ["trade LEA", "stop"]  # a raw tile never pays for a processed one


def test_end_game_effects() -> None:
    state = seat_with(
        new(4),
        0,
        artifacts=["T3a", "T3b", "T1a", "W3a", "P2d", "P3e", "C3d"],
        workers=[1, 2, 3],
        military=11,
        culture=9,
        processed=[2, 2, 2, 2],
        carts=["E", "C3"],
        raw=[0, 0, 0, 0],
    )
    score = final_scores(state)[0]
    # T3a: 6 worker levels; T3b: 2 × 2 other tools (T3a, T1a); W3a: power level 3;
    # P2d: 9 // 2 = 4; P3e: 6 of 8 processed; C3d: 3 × 1 cart at the end
    assert score.effects == 6 + 4 + 3 + 4 + 6 + 3


def test_traders_pack_scores_the_best_outpost_again() -> None:
    state = seat_with(new(4), 0, artifacts=["C3c"], banners=["OP-H", "OP-A"], military=10)
    score = final_scores(state)[0]
    assert score.outposts == 5 + 0 and score.effects == 5


def test_a_freshly_crafted_once_per_round_card_works_at_once() -> None:
    state = crafted("T1c")
    assert "use T1c" in legal(state, 0)  # H16


def test_a_worker_turns_up_to_its_level_and_works_once_a_round() -> None:
    state = seat_with(new(4), 0, workers=[2])
    state = play(state, 0, "worker 2", "cvt st", "cvt wd")
    assert state.seats[0].processed == [1, 1, 0, 0] and state.tasks == []
    assert "worker 2" not in legal(state, 0)
    with pytest.raises(IllegalAction, match="no unused level-2 worker"):
        GAME.apply(state, 0, "worker 2")


def test_the_supply_limits_gains_to_sixteen_tiles_per_kind() -> None:
    state = seat_with(new(4), 1, raw=[0, 0, 0, 12])  # with ann, cat and dan: 15 of 16 held
    state, events = play_events(state, 0, "place scout LT1-1 a")  # 2 ca, 1 mil
    assert state.seats[0].raw[3] == 1 + 1 and "the supply had only 1" in events[1].text


def test_a_choice_offers_only_kinds_left_in_the_supply() -> None:
    state = seat_with(with_fields(new(4), round=2), 0, carts=["C1", "C1"])
    state = seat_with(state, 1, processed=[0, 0, 12, 0])  # the 16 metal tiles: 12 + 4 raw ore
    state = play(state, 0, "place scout X-1")  # 2 PRC?
    assert legal(state, 0) == ["take ASH", "take TIM", "take LEA"]


def test_an_empty_supply_gives_nothing_and_says_so() -> None:
    state = seat_with(new(4), 1, raw=[0, 0, 0, 13])  # all 16 cattle are held
    state, events = play_events(state, 0, "place scout LT1-1 a")
    assert state.seats[0].raw[3] == 1 and "no cattle (the supply is empty)" in events[1].text
